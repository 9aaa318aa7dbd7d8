import { HttpException } from '@nestjs/common';
import type { TErrorCode, TErrorEnvelope } from '@amms/contracts/errors';
import { AppError } from './app-error.js';
import { httpStatusOf } from './http-status.js';
import { isDatabaseUnavailable, isTransientTxError } from '../prisma/db-errors.js';

export interface Normalized {
  status: number;
  code: TErrorCode;
  message: string;
  details?: unknown;
  /** true when the failure is ours (5xx): logged with its stack, never shown */
  internal: boolean;
}

/** Seconds a client should wait after a 503 for an unreachable database (the `Retry-After` header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Turns anything thrown during a request into a stable code + status. Never leaks a stack. */
export function normalizeError(err: unknown): Normalized {
  if (err instanceof AppError) {
    const status = httpStatusOf(err.code);
    return { status, code: err.code, message: err.message, details: err.details, internal: status >= 500 };
  }
  if (err instanceof HttpException) {
    // Nest wraps Fastify's own errors (body parsing, size) with the original as cause
    const cause = (err as { cause?: FastifyLikeError }).cause;
    if (cause && typeof cause.code === 'string' && cause.code.startsWith('FST_')) return normalizeError(cause);
    const status = err.getStatus();
    const code = codeForStatus(status);
    const message =
      status === 404 ? 'No such route' : status >= 500 ? 'Internal error' : err.message || 'Request failed';
    return { status, code: status === 404 ? 'ROUTE_NOT_FOUND' : code, message, internal: status >= 500 };
  }
  // a deadlock / serialization loss that was not retried away: nothing was written, try again
  if (isTransientTxError(err)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'A conflicting change was being written at the same moment: nothing was saved, please retry',
      details: { retryAfterSeconds: 1 },
      internal: false,
    };
  }
  // Postgres down / restarting / out of connections: nothing was committed (a transaction that
  // lost its connection is rolled back by the server); the pool reconnects by itself once it is back
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable right now: nothing was saved, please retry shortly',
      details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      internal: false,
    };
  }
  const fe = (err ?? {}) as FastifyLikeError;
  if (typeof fe.code === 'string' && fe.code.startsWith('FST_')) {
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large', internal: false };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send application/json', internal: false };
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return { status: 400, code: 'MALFORMED_JSON', message: 'Body is not valid JSON', internal: false };
      default:
        if (fe.statusCode && fe.statusCode < 500) {
          return {
            status: fe.statusCode,
            code: codeForStatus(fe.statusCode),
            message: fe.message ?? 'Bad request',
            internal: false,
          };
        }
    }
  }
  if (err instanceof SyntaxError && (err as FastifyLikeError).statusCode === 400) {
    return { status: 400, code: 'MALFORMED_JSON', message: 'Body is not valid JSON', internal: false };
  }
  return { status: 500, code: 'INTERNAL', message: 'Internal error', internal: true };
}

function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED';
  }
}

export function envelope(n: Normalized, requestId: string): TErrorEnvelope {
  return {
    error: {
      code: n.code,
      message: n.message,
      ...(n.details !== undefined ? { details: n.details } : {}),
      requestId,
    },
  };
}
