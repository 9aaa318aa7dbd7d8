import type { OrgContext } from '../platform/access/context.js';
import type { Invalidation } from '../platform/cache/cache.service.js';

/**
 * What an asset write makes stale: its detail (every scope's variant), the org's asset lists
 * and the org's analytics (cached under 'analytics'). Without an id: lists and analytics only.
 */
export function assetInvalidation(assetId?: string): Invalidation {
  return { resources: ['asset', 'analytics', 'map'], details: assetId ? [{ resource: 'asset', id: assetId }] : [] };
}

/**
 * ASSIGNED callers read around the cache: what they see depends on their live job assignments,
 * which are not part of the key and change without an asset write, so a cached answer could
 * outlive an unassignment: that would be a cached authorization decision.
 */
export const cacheableScope = (ctx: OrgContext) => ctx.dataScope !== 'ASSIGNED';
