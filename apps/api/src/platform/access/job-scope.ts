import type { Prisma } from '@amms/db';
import type { OrgContext } from './context.js';
import { scopeWhere } from './data-scope.js';

/** "Assigned to me": the job's live assignment (not released) names me as operator. */
const assignedTo = (membershipId: string): Prisma.JobWhereInput => ({
  assignments: { some: { operatorMembershipId: membershipId, releasedAt: null } },
});

/** Jobs a caller may see and touch. ORG: all; TEAM: jobs of my teams; ASSIGNED: jobs assigned to me. */
export function jobScope(ctx: OrgContext): Prisma.JobWhereInput {
  return scopeWhere<Prisma.JobWhereInput>(ctx, {
    team: (teamIds) => ({ teamId: { in: [...teamIds] } }),
    assigned: assignedTo,
  });
}

/** Fields a caller may see. ORG: all; TEAM: fields of my teams; ASSIGNED: fields with a job assigned to me. */
export function fieldScope(ctx: OrgContext): Prisma.FieldWhereInput {
  return scopeWhere<Prisma.FieldWhereInput>(ctx, {
    team: (teamIds) => ({ teamId: { in: [...teamIds] } }),
    assigned: (membershipId) => ({ jobs: { some: assignedTo(membershipId) } }),
  });
}
