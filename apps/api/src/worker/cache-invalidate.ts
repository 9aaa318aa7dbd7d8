import type { CacheService, InvalidationPayload } from '../platform/cache/cache.service.js';

/**
 * Applies a cache invalidation the API could not (Redis was down at commit time) or one queued
 * inside a caller's transaction. Throws while Redis still refuses, so BullMQ retries it with
 * backoff; applying twice only bumps a generation once more (a few extra misses), never wrong.
 */
export async function applyCacheInvalidation(cache: CacheService, payload: InvalidationPayload) {
  await cache.applyNow(payload);
  return {
    resources: payload.resources.length,
    details: payload.details.length,
    platformResources: payload.platformResources.length,
  };
}
