import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { scopeWhere } from './data-scope.js';

/** Members a caller may see: everyone (ORG), people sharing a team (TEAM), only themselves (ASSIGNED). */
export function memberScope(ctx: OrgContext): Prisma.MembershipWhereInput {
  return scopeWhere<Prisma.MembershipWhereInput>(ctx, {
    team: (teamIds) => ({ teams: { some: { teamId: { in: [...teamIds] } } } }),
    assigned: (membershipId) => ({ id: membershipId }),
  });
}
