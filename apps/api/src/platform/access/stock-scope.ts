import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { scopeWhere } from './data-scope.js';

/**
 * Stock locations a caller may see and move stock at. A location without a team (the main
 * store, the workshop) is everyone's; a team-owned one (a service van) follows TEAM scope.
 * ASSIGNED callers see the shared locations only.
 */
export function stockLocationScope(ctx: OrgContext): Prisma.StockLocationWhereInput {
  return scopeWhere<Prisma.StockLocationWhereInput>(ctx, {
    team: (teamIds) => ({ OR: [{ teamId: null }, { teamId: { in: [...teamIds] } }] }),
    teamless: () => ({ teamId: null }),
    assigned: () => ({ teamId: null }),
  });
}
