import { Injectable } from '@nestjs/common';
import type { TLeaveItem } from '@amms/contracts/drafts';
import { AuditService } from '../audit/audit.service.js';
import { leaveWritableMember, mayWriteLeave, LEAVE_WRITE_PERMISSION } from '../platform/access/leave-access.js';
import type { OrgContext } from '../platform/access/context.js';
import { AppError } from '../platform/errors/app-error.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { TenancyErrors } from './tenancy.errors.js';

/**
 * Writes a LEAVE draft item onto the member's leave calendar (issue #25: "赵刚下周请假" → a LEAVE
 * draft a person confirms). Once per item key: a re-run (or a second execution) finds the row it
 * wrote. The caller must be allowed to write that member's leave (access/leave-access.ts); leave
 * that overlaps leave already on the calendar is refused (LEAVE_OVERLAPS, saying which), the
 * member's leave being written one at a time (the membership row is locked).
 */
@Injectable()
export class MemberLeaveRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async recordItem(ctx: OrgContext, item: TLeaveItem): Promise<{ leaveId: string; created: boolean }> {
    if (!mayWriteLeave(ctx))
      throw new AppError('FORBIDDEN', `Recording leave needs ${LEAVE_WRITE_PERMISSION}`, {
        permission: LEAVE_WRITE_PERMISSION,
      });
    const org = ctx.organizationId;
    const written = () =>
      this.prisma.client.memberLeave.findFirst({ where: { organizationId: org, itemKey: item.itemKey } });
    const before = await written();
    if (before) return { leaveId: before.id, created: false };
    const startsAt = new Date(item.startsAt);
    const endsAt = new Date(item.endsAt);
    try {
      return await this.prisma.client.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Membership" WHERE "organizationId" = ${org}::uuid AND id = ${item.membershipId}::uuid FOR UPDATE`;
        const member = await tx.membership.findFirst({
          where: leaveWritableMember(ctx, item.membershipId),
          select: { id: true },
        });
        if (!member) throw TenancyErrors.memberNotFound();
        const overlap = await tx.memberLeave.findFirst({
          where: {
            organizationId: org,
            membershipId: item.membershipId,
            startsAt: { lt: endsAt },
            endsAt: { gt: startsAt },
          },
          orderBy: { startsAt: 'asc' },
        });
        if (overlap)
          throw new AppError(
            'LEAVE_OVERLAPS',
            `${item.memberName ?? 'The member'} already has leave ${overlap.startsAt.toISOString()} – ${overlap.endsAt.toISOString()} overlapping ${item.from}..${item.to}`,
            { leaveId: overlap.id, startsAt: overlap.startsAt.toISOString(), endsAt: overlap.endsAt.toISOString() },
          );
        const row = await tx.memberLeave.create({
          data: {
            organizationId: org,
            membershipId: item.membershipId,
            startsAt,
            endsAt,
            reason: item.reason?.slice(0, 500) ?? null,
            itemKey: item.itemKey,
            createdByUserId: ctx.principal.kind === 'USER' ? ctx.principal.userId : null,
          },
        });
        await this.audit.record(tx, ctx, 'member.leave_added', 'membership', item.membershipId, {
          leaveId: row.id,
          startsAt: item.startsAt,
          endsAt: item.endsAt,
          itemKey: item.itemKey,
        });
        return { leaveId: row.id, created: true };
      });
    } catch (err) {
      // two runs of one item raced: the loser answers with the winner's row
      if (isUniqueViolation(err)) {
        const after = await written();
        if (after) return { leaveId: after.id, created: false };
      }
      throw err;
    }
  }
}
