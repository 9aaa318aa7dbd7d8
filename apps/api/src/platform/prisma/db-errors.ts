/**
 * Recognizing database refusals in Prisma errors. Prisma maps unique violations to P2002;
 * other Postgres errors (exclusion 23P01, check 23514, FK 23503) arrive as a driver-adapter
 * error whose cause carries the SQLSTATE and the message naming the constraint.
 */
interface DriverCause {
  code?: string;
  originalCode?: string;
  message?: string;
  originalMessage?: string;
}

function driverCause(err: unknown): DriverCause | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const meta = (err as { meta?: { driverAdapterError?: { cause?: DriverCause } } }).meta;
  return meta?.driverAdapterError?.cause;
}

/** The Postgres SQLSTATE behind a Prisma error, when there is one. */
export function sqlState(err: unknown): string | undefined {
  const cause = driverCause(err);
  return cause?.originalCode ?? cause?.code;
}

export function isUniqueViolation(err: unknown): boolean {
  return (
    (typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2002') ||
    sqlState(err) === '23505'
  );
}

/** An exclusion constraint refused the row; `constraint` narrows it to one constraint. */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  if (sqlState(err) !== '23P01') return false;
  if (!constraint) return true;
  const cause = driverCause(err);
  return `${cause?.originalMessage ?? ''} ${cause?.message ?? ''}`.includes(constraint);
}

/**
 * The transaction lost a deadlock or a serialization race (40P01 / 40001; Prisma reports them as
 * P2034): nothing of it was written, and running it again is the documented remedy. Concurrent
 * inserts into one exclusion constraint can deadlock (each waits for the other's uncommitted row).
 */
export function isTransientTxError(err: unknown): boolean {
  if (typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2034') return true;
  const state = sqlState(err);
  return state === '40P01' || state === '40001';
}

// Prisma's own codes for "could not talk to the database": can't reach (P1001), connect timeout
// (P1002), operation timeout (P1008), server closed the connection (P1017), pool timeout (P2024),
// and an interactive transaction that could not start in time or expired before its commit (P2028):
// in each case nothing was committed and the same request can succeed once the load has passed.
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
// the pg driver adapter's kinds for the same
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
]);
// pg's own errors without a code: a connection dropped mid-query, the pool's connect timeout
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Client has encountered a connection error/i;

/**
 * Postgres cannot be reached right now (down, restarting, refusing connections, out of
 * connections): the request did nothing durable and the client should retry later. Class 08
 * (connection exception), 57P01-57P03 (shutdown / starting up), 53300 (too many connections) and
 * 57014 / 55P03 (a statement or lock wait cancelled by its timeout: a busy database, not a bug) count; a constraint or syntax error never does. Walks `cause` chains (a few levels).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: string } } };
  };
  if (typeof e.code === 'string' && (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_SOCKET_CODES.has(e.code)))
    return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind;
  if (kind && UNAVAILABLE_KINDS.has(kind)) return true;
  const state = sqlState(err) ?? (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined);
  if (
    state &&
    (state.startsWith('08') ||
      state === '57P01' ||
      state === '57P02' ||
      state === '57P03' ||
      state === '53300' ||
      // statement_timeout / lock_timeout cancelled the statement: its transaction rolled back
      state === '57014' ||
      state === '55P03')
  )
    return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
