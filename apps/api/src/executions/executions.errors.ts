import { AppError } from '../platform/errors/app-error.js';

export const ExecutionErrors = {
  notFound: () => new AppError('NOT_FOUND', 'Execution not found'),
  /** nothing confirmed, or a version other than the confirmed one */
  notConfirmed: (asked: number, draft: { currentVersion: number; confirmedVersion: number | null }) =>
    new AppError(
      'DRAFT_NOT_CONFIRMED',
      draft.confirmedVersion === null
        ? 'The draft has no confirmed version: confirm it before executing'
        : `Only the confirmed version (${draft.confirmedVersion}) can be executed`,
      { version: asked, currentVersion: draft.currentVersion, confirmedVersion: draft.confirmedVersion },
    ),
};
