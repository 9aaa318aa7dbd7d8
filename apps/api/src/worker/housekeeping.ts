import type { IdempotencyService } from '../platform/idempotency/idempotency.service.js';
import type { HousekeepingRepository } from './housekeeping.repository.js';

const WEEK_MS = 7 * 86_400_000;

/** Drops expired idempotency keys and refresh tokens long past expiry, and dispatched outbox rows older than a week. */
export async function purgeExpired(repo: HousekeepingRepository, idempotency: IdempotencyService, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const keys = await idempotency.purgeExpired(now);
  const refreshTokens = await repo.deleteRefreshTokensExpiredBefore(weekAgo);
  const outboxEvents = await repo.deleteOutboxDispatchedBefore(weekAgo);
  return { idempotencyKeys: keys, refreshTokens, outboxEvents };
}
