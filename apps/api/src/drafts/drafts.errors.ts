import { AppError } from '../platform/errors/app-error.js';

export const DraftErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Draft not found'),
  notOpen: (status: string) =>
    new AppError('DRAFT_NOT_OPEN', `The draft is ${status}: it can no longer be edited, confirmed or rejected`, {
      status,
    }),
  /** a confirm or edit against a version (or hash) that is not the current one */
  stale: (current: { currentVersion: number; contentHash: string }) =>
    new AppError(
      'DRAFT_STALE',
      'The draft has a newer version (or the content hash does not match): review the current version',
      current,
    ),
  /** an edit must send the item list of the draft's kind (items for SCHEDULE, workOrderItems for MAINTENANCE) */
  wrongItemList: (kind: string, sent: 'items' | 'workOrderItems') =>
    new AppError(
      'VALIDATION_FAILED',
      `A ${kind} draft is edited with ${sent === 'items' ? 'workOrderItems' : 'items'}, not ${sent}`,
      [{ path: sent, message: `must be empty for a ${kind} draft`, code: 'wrong_item_list' }],
    ),
  editNotSupported: (what: string) =>
    new AppError('DRAFT_EDIT_NOT_SUPPORTED', `Editing ${what} is not supported: confirm or reject it`),
  invalid: (violations: unknown[]) =>
    new AppError('DRAFT_INVALID', 'This version breaks hard constraints and cannot be confirmed', { violations }),
};
