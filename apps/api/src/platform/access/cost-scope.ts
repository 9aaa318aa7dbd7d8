import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { MATCH_NOTHING, scopeWhere } from './data-scope.js';

/**
 * Cost documents a caller may see and touch. ORG: all; TEAM: documents about an asset of
 * my teams, plus the ones I created (a TEAM member without a team still sees their own);
 * ASSIGNED: the ones I created.
 */
export function costScope(ctx: OrgContext): Prisma.CostDocumentWhereInput {
  const mine: Prisma.CostDocumentWhereInput = ctx.membershipId
    ? { createdByMembershipId: ctx.membershipId }
    : MATCH_NOTHING;
  return scopeWhere<Prisma.CostDocumentWhereInput>(ctx, {
    team: (teamIds) => ({ OR: [{ asset: { is: { teamId: { in: [...teamIds] } } } }, mine] }),
    teamless: () => mine,
    assigned: (membershipId) => ({ createdByMembershipId: membershipId }),
  });
}
