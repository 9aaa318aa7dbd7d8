import { AppError } from '../platform/errors/app-error.js';

export const DraftErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Draft not found'),
  notOpen: (status: string) => new AppError('DRAFT_NOT_OPEN', `The draft is ${status}: it can no longer be edited, confirmed or rejected`, { status }),
  /** a confirm or edit against a version (or hash) that is not the current one */
  stale: (current: { currentVersion: number; contentHash: string }) =>
    new AppError('DRAFT_STALE', 'The draft has a newer version (or the content hash does not match): review the current version', current),
  /** MAINTENANCE drafts cannot be edited yet: reject the draft and run the goal again */
  editNotSupported: (kind: string) => new AppError('DRAFT_EDIT_NOT_SUPPORTED', 'Editing maintenance drafts is not supported yet: reject the draft and run the goal again', { kind }),
  invalid: (violations: unknown[]) => new AppError('DRAFT_INVALID', 'This version breaks hard constraints and cannot be confirmed', { violations }),
};
