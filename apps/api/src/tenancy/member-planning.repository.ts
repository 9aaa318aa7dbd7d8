import { Injectable } from '@nestjs/common';
import type {
  TCreateLeaveRequest,
  TCreateLeaveResponse,
  TLeave,
  TListLeaveQuery,
  TMemberPlanning,
  TUpdateMemberPlanningRequest,
} from '@amms/contracts/members';
import type { Prisma } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { memberScope } from '../platform/access/member-scope.js';
import type { OrgContext } from '../platform/access/context.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { TenancyErrors } from './tenancy.errors.js';

const PLANNING_SELECT = {
  id: true,
  role: true,
  status: true,
  operatesMachines: true,
  maxDailyHours: true,
  version: true,
  qualifications: { select: { code: true, expiresAt: true }, orderBy: { code: 'asc' } },
} satisfies Prisma.MembershipSelect;
type PlanningRow = Prisma.MembershipGetPayload<{ select: typeof PLANNING_SELECT }>;

const day = (d: Date) => d.toISOString().slice(0, 10);

function toPlanning(m: PlanningRow): TMemberPlanning {
  return {
    membershipId: m.id,
    operatesMachines: m.operatesMachines ?? m.role === 'OPERATOR',
    operatesMachinesSetting: m.operatesMachines,
    maxDailyHours: m.maxDailyHours === null ? null : Number(m.maxDailyHours),
    qualifications: m.qualifications.map((q) => ({
      code: q.code as never,
      expiresOn: q.expiresAt ? day(q.expiresAt) : null,
    })),
    version: m.version,
  };
}

const toLeave = (l: {
  id: string;
  membershipId: string;
  startsAt: Date;
  endsAt: Date;
  reason: string | null;
  createdAt: Date;
}): TLeave => ({
  id: l.id,
  membershipId: l.membershipId,
  startsAt: l.startsAt.toISOString(),
  endsAt: l.endsAt.toISOString(),
  reason: l.reason,
  createdAt: l.createdAt.toISOString(),
});

/**
 * What planning knows of a person (issue #25), read and written here (a repository with its rules): whether they run machines, their own day limit,
 * their licences (with expiry), and their leave. Every member is looked up in the caller's
 * member scope: another org's member, or one the caller cannot see, is 404.
 */
@Injectable()
export class MemberPlanningRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  private async find(tx: Tx | undefined, ctx: OrgContext, id: string): Promise<PlanningRow> {
    const db = tx ?? this.prisma.client;
    const m = await db.membership.findFirst({
      where: { AND: [{ organizationId: ctx.organizationId, id, status: { not: 'REMOVED' } }, memberScope(ctx)] },
      select: PLANNING_SELECT,
    });
    if (!m) throw TenancyErrors.memberNotFound();
    return m;
  }

  async get(ctx: OrgContext, id: string): Promise<TMemberPlanning> {
    return toPlanning(await this.find(undefined, ctx, id));
  }

  async update(ctx: OrgContext, id: string, input: TUpdateMemberPlanningRequest): Promise<TMemberPlanning> {
    return this.prisma.client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Membership" WHERE "organizationId" = ${ctx.organizationId}::uuid AND id = ${id}::uuid FOR UPDATE`;
      const current = await this.find(tx, ctx, id);
      if (input.version !== undefined && input.version !== current.version) throw versionConflict(toPlanning(current));
      await tx.membership.update({
        where: { id },
        data: {
          ...(input.operatesMachines !== undefined ? { operatesMachines: input.operatesMachines } : {}),
          ...(input.maxDailyHours !== undefined ? { maxDailyHours: input.maxDailyHours } : {}),
          version: { increment: 1 },
        },
      });
      if (input.qualifications) {
        await tx.memberQualification.deleteMany({ where: { organizationId: ctx.organizationId, membershipId: id } });
        await tx.memberQualification.createMany({
          data: input.qualifications.map((q) => ({
            organizationId: ctx.organizationId,
            membershipId: id,
            code: q.code,
            expiresAt: q.expiresOn ? new Date(`${q.expiresOn}T00:00:00Z`) : null,
          })),
        });
      }
      const after = toPlanning(await this.find(tx, ctx, id));
      const before = toPlanning(current);
      await this.audit.record(tx, ctx, 'member.planning_updated', 'membership', id, { before, after });
      return after;
    });
  }

  async listLeave(ctx: OrgContext, id: string, q: TListLeaveQuery): Promise<{ items: TLeave[] }> {
    await this.find(undefined, ctx, id);
    const rows = await this.prisma.client.memberLeave.findMany({
      where: {
        organizationId: ctx.organizationId,
        membershipId: id,
        ...(q.to ? { startsAt: { lt: new Date(q.to) } } : {}),
        ...(q.from ? { endsAt: { gt: new Date(q.from) } } : {}),
      },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      take: 500,
    });
    return { items: rows.map(toLeave) };
  }

  /**
   * Records a leave and says what it touches: the member's live bookings inside it (to re-plan)
   * and the open schedule drafts whose current version gives them work then (their next
   * validation reports ON_LEAVE).
   */
  async addLeave(ctx: OrgContext, id: string, input: TCreateLeaveRequest): Promise<TCreateLeaveResponse> {
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    const leave = await this.prisma.client.$transaction(async (tx) => {
      await this.find(tx, ctx, id);
      const row = await tx.memberLeave.create({
        data: {
          organizationId: ctx.organizationId,
          membershipId: id,
          startsAt,
          endsAt,
          reason: input.reason ?? null,
          createdByUserId: ctx.principal.kind === 'USER' ? ctx.principal.userId : null,
        },
      });
      await this.audit.record(tx, ctx, 'member.leave_added', 'membership', id, {
        leaveId: row.id,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
      });
      return row;
    });
    return { leave: toLeave(leave), affected: await this.affected(ctx, id, startsAt, endsAt) };
  }

  async removeLeave(ctx: OrgContext, id: string, leaveId: string): Promise<void> {
    await this.prisma.client.$transaction(async (tx) => {
      await this.find(tx, ctx, id);
      const n = await tx.memberLeave.deleteMany({
        where: { organizationId: ctx.organizationId, membershipId: id, id: leaveId },
      });
      if (n.count === 0) throw TenancyErrors.leaveNotFound();
      await this.audit.record(tx, ctx, 'member.leave_removed', 'membership', id, { leaveId });
    });
  }

  private async affected(ctx: OrgContext, id: string, startsAt: Date, endsAt: Date) {
    const org = ctx.organizationId;
    const bookings = await this.prisma.client.operatorBooking.findMany({
      where: {
        organizationId: org,
        membershipId: id,
        releasedAt: null,
        startsAt: { lt: endsAt },
        endsAt: { gt: startsAt },
      },
      select: { assignmentId: true, startsAt: true, endsAt: true, assignment: { select: { jobId: true } } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    const drafts = await this.prisma.client.draft.findMany({
      where: { organizationId: org, kind: 'SCHEDULE', status: 'OPEN' },
      select: { id: true, currentVersion: true, versions: { select: { version: true, items: true } } },
      orderBy: { createdAt: 'desc' },
      take: 200,
    });
    const s = startsAt.getTime();
    const e = endsAt.getTime();
    const hit = drafts.flatMap((d) => {
      const v = d.versions.find((x) => x.version === d.currentVersion);
      const items = Array.isArray(v?.items)
        ? (v.items as { jobId?: string; operatorMembershipId?: string; startsAt?: string; endsAt?: string }[])
        : [];
      const jobIds = items
        .filter(
          (it) =>
            it.operatorMembershipId === id && Date.parse(it.startsAt ?? '') < e && Date.parse(it.endsAt ?? '') > s,
        )
        .map((it) => it.jobId!)
        .sort();
      return jobIds.length ? [{ draftId: d.id, version: d.currentVersion, jobIds }] : [];
    });
    return {
      bookings: bookings.map((b) => ({
        assignmentId: b.assignmentId,
        jobId: b.assignment.jobId,
        startsAt: b.startsAt.toISOString(),
        endsAt: b.endsAt.toISOString(),
      })),
      drafts: hit,
    };
  }
}
