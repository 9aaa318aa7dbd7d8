import type { TErrorCode } from '@amms/contracts/errors';

/** The one error type services throw. The HTTP status comes from the code (see http-status.ts). */
export class AppError extends Error {
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function notFound(what = 'Resource'): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}

export function versionConflict(current: unknown): AppError {
  return new AppError('VERSION_CONFLICT', 'The resource changed since you read it', { current });
}
