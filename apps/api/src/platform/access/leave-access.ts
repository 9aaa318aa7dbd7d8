import type { Prisma } from '@amms/db';
import type { TPermission } from '@amms/contracts/permissions';
import type { OrgContext } from './context.js';
import { memberScope } from './member-scope.js';
import { may } from './permission.js';

/**
 * Who may write a member's leave (the calendar `POST /members/:id/leave`, and executing a LEAVE
 * draft): whoever schedules jobs, for a member inside their member scope.
 */
export const LEAVE_WRITE_PERMISSION: TPermission = 'job.schedule';

export const mayWriteLeave = (ctx: OrgContext): boolean => may(ctx, LEAVE_WRITE_PERMISSION);

/** The members whose leave the caller may write: an active or invited member of the org they can see. */
export function leaveWritableMember(ctx: OrgContext, membershipId: string): Prisma.MembershipWhereInput {
  return {
    AND: [{ organizationId: ctx.organizationId, id: membershipId, status: { not: 'REMOVED' } }, memberScope(ctx)],
  };
}
