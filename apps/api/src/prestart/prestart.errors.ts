import { AppError } from '../platform/errors/app-error.js';

const issue = (path: string, message: string) => [{ path, message, code: 'custom' }];

export const PrestartErrors = {
  jobNotFound: () => new AppError('NOT_FOUND', 'Job not found'),
  assetNotFound: () => new AppError('NOT_FOUND', 'Machine not found'),
  modelNotFound: () => new AppError('NOT_FOUND', 'Machine model not found', { field: 'modelId' }),
  /** a list reaches every machine of a model or kind in the org: only ORG-scoped members write one */
  listOutOfScope: () =>
    new AppError('FORBIDDEN', 'A pre-start list applies to the whole organization: it needs the ORG data scope'),
  scopeInvalid: () =>
    new AppError('VALIDATION_FAILED', 'Give exactly one of modelId and kind', issue('modelId', 'one of modelId, kind')),
  notCheckable: (status: string) =>
    new AppError('INVALID_TRANSITION', `A ${status} job is not checked before a start; only SCHEDULED jobs are`, {
      from: status,
      to: 'IN_PROGRESS',
    }),
  noMachine: () => new AppError('CONFLICT', 'The job has no machine assigned: there is nothing to check'),
  noList: () => new AppError('CONFLICT', "The job's machine has no pre-start list"),
  answersMismatch: (unknown: string[], missing: string[]) =>
    new AppError('VALIDATION_FAILED', 'Answer each item of the current list once', [
      ...unknown.map((id) => ({
        path: 'answers',
        message: `item ${id} is not on the list (it may have changed)`,
        code: 'custom',
      })),
      ...missing.map((id) => ({ path: 'answers', message: `item ${id} is not answered`, code: 'custom' })),
    ]),
  required: () => new AppError('PRESTART_REQUIRED', "Do the machine's pre-start check before starting the job"),
  blocked: (labels: string[], workOrderId: string | null) =>
    new AppError(
      'PRESTART_BLOCKED',
      `The pre-start check failed on an item that blocks the start: ${labels.join('; ')}`,
      {
        items: labels,
        workOrderId,
      },
    ),
};
