import { AppError } from '../errors/app-error.js';

/** Clock skew tolerated before a client's occurredAt counts as in the future. */
export const OCCURRED_AT_FUTURE_SKEW_MS = 2 * 60_000;
/** How long a write may wait in a phone's offline queue and still be recorded as of when it was made. */
export const OCCURRED_AT_MAX_AGE_MS = 7 * 24 * 3_600_000;

/**
 * When the person acted, for a write that may have waited in an offline queue: `occurredAt`
 * when given (bounded: at most a small skew ahead of the server clock, at most 7 days back,
 * else 422 OCCURRED_AT_OUT_OF_RANGE), else the server's now. The audit row keeps the server
 * time as its own timestamp; callers put `occurredAt` into the entry's data.
 */
export function resolveOccurredAt(occurredAt: string | undefined, now: Date = new Date()): Date {
  if (occurredAt === undefined) return now;
  const at = new Date(occurredAt);
  const earliest = new Date(now.getTime() - OCCURRED_AT_MAX_AGE_MS);
  const latest = new Date(now.getTime() + OCCURRED_AT_FUTURE_SKEW_MS);
  if (Number.isNaN(at.getTime()) || at < earliest || at > latest)
    throw new AppError(
      'OCCURRED_AT_OUT_OF_RANGE',
      at > latest ? 'occurredAt is in the future' : 'occurredAt is older than an offline write may be (7 days)',
      { field: 'occurredAt', occurredAt, earliest: earliest.toISOString(), latest: latest.toISOString() },
    );
  return at;
}

/** The audit data of an action made at `at`: present only when the client said when (offline replay). */
export function occurredAtAudit(occurredAt: string | undefined, at: Date): { occurredAt?: string } {
  return occurredAt === undefined ? {} : { occurredAt: at.toISOString() };
}
