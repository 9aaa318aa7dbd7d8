import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { scopeWhere } from './data-scope.js';

/**
 * Assets a caller may see and touch. ORG: all; TEAM: assets of my teams.
 * ASSIGNED: the machines of my live assignments (not released: scheduled, running or done).
 */
export function assetScope(ctx: OrgContext): Prisma.AssetWhereInput {
  return scopeWhere<Prisma.AssetWhereInput>(ctx, {
    team: (teamIds) => ({ teamId: { in: [...teamIds] } }),
    assigned: (membershipId) => ({
      assignmentMachines: { some: { assignment: { operatorMembershipId: membershipId, releasedAt: null } } },
    }),
  });
}
