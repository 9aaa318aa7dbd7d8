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
  return (typeof err === 'object' && err !== null && (err as { code?: string }).code === 'P2002') || sqlState(err) === '23505';
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
