import type { OrgContext } from './context.js';
import { resolveScope } from './data-scope.js';

/**
 * The data scope analytics applies, resolved once per request: ORG → everything; TEAM → machines
 * of these teams and what they did (their jobs, work orders, costs); NONE → nothing. Analytics
 * queries are raw SQL over several tables, so the scope is a value the repository turns into each
 * query's WHERE clause rather than one Prisma filter.
 */
export type AnalyticsScope = { kind: 'ORG' } | { kind: 'TEAM'; teamIds: readonly string[] } | { kind: 'NONE' };

/**
 * ASSIGNED: analytics are fleet figures, an operator's own work is not a fleet, so nothing
 * (empty figures, not 403).
 */
export function analyticsScope(ctx: OrgContext): AnalyticsScope {
  return resolveScope<AnalyticsScope>(ctx, {
    all: { kind: 'ORG' },
    none: { kind: 'NONE' },
    team: (teamIds) => ({ kind: 'TEAM', teamIds }),
    assigned: () => ({ kind: 'NONE' }),
  });
}
