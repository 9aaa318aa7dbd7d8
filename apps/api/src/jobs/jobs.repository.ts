import { Injectable } from '@nestjs/common';
import type { JobStatus, MachineRole, OperationType, Prisma, Role } from '@amms/db';
import { keysetArgs, type ScopedKeysetPage } from '../platform/http/list-page.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { assignmentInclude, calendarInclude, jobInclude } from './jobs.mappers.js';

export interface JobFilter extends ScopedKeysetPage<Prisma.JobWhereInput, Prisma.JobOrderByWithRelationInput> {
  statuses?: readonly JobStatus[];
  fieldId?: string;
  teamId?: string;
  operationType?: OperationType;
  from?: Date;
  to?: Date;
  operatorMembershipId?: string;
  /** a machine of the live assignment */
  assetId?: string;
  machineDown?: boolean;
}

export interface CalendarFilter {
  from: Date;
  to: Date;
  assetId?: string;
  operatorMembershipId?: string;
  after?: { startsAt: Date; id: string };
  limit: number;
  /** the caller's job scope: an assignment is visible when its job is */
  jobScope: Prisma.JobWhereInput;
}

export type JobUpdate = Omit<Prisma.JobUncheckedUpdateManyInput, 'id' | 'organizationId' | 'version'>;

export interface AssignmentData {
  jobId: string;
  operatorMembershipId: string;
  startsAt: Date;
  endsAt: Date;
  itemKey: string | null;
  createdByUserId: string | null;
  machines: { assetId: string; role: MachineRole }[];
  /** a split job's part (assign-parts.service.ts) */
  partIndex?: number | null;
  partOf?: number | null;
  areaM2?: number | null;
}

/**
 * Interactive transactions here may queue behind others (a burst of assignments of one
 * machine waits on the exclusion constraint and the audit chain lock), so they get more
 * room than Prisma's 2 s / 5 s defaults before giving up.
 */
const TX_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

/** Prisma for jobs and their assignments. Every method is bound to one org. */
@Injectable()
export class JobsRepository {
  constructor(private readonly prisma: PrismaService) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn, TX_OPTIONS);
  }

  // --- jobs -----------------------------------------------------------------

  list(organizationId: string, f: JobFilter) {
    return this.prisma.client.job.findMany({
      ...keysetArgs(
        f,
        { organizationId },
        f.statuses ? { status: { in: [...f.statuses] } } : {},
        f.fieldId ? { fieldId: f.fieldId } : {},
        f.teamId ? { teamId: f.teamId } : {},
        f.operationType ? { operationType: f.operationType } : {},
        // half-open windows overlap [from, to)
        f.to ? { windowStart: { lt: f.to } } : {},
        f.from ? { windowEnd: { gt: f.from } } : {},
        f.operatorMembershipId
          ? { assignments: { some: { operatorMembershipId: f.operatorMembershipId, releasedAt: null } } }
          : {},
        f.assetId ? { assignments: { some: { releasedAt: null, machines: { some: { assetId: f.assetId } } } } } : {},
        f.machineDown
          ? {
              assignments: {
                some: { releasedAt: null, machines: { some: { asset: { status: { not: 'ACTIVE' } } } } },
              },
            }
          : {},
      ),
      include: jobInclude,
    });
  }

  findById(db: Tx | undefined, organizationId: string, id: string, scope: Prisma.JobWhereInput) {
    return (db ?? this.prisma.client).job.findFirst({
      where: { AND: [{ id, organizationId }, scope] },
      include: jobInclude,
    });
  }

  create(tx: Tx, organizationId: string, data: Omit<Prisma.JobUncheckedCreateInput, 'organizationId' | 'id'>) {
    return tx.job.create({ data: { ...data, organizationId }, include: jobInclude });
  }

  /**
   * The state-change write: applies only while the job is still in one of `statuses`, at the
   * `version` the caller checked against and inside the caller's scope, bumping the version.
   * false → someone changed it first.
   * The row stays locked until commit, so the rest of the transaction works on a settled job.
   */
  async updateIfState(
    tx: Tx,
    organizationId: string,
    id: string,
    expect: { statuses: readonly JobStatus[]; version: number; scope: Prisma.JobWhereInput },
    data: JobUpdate,
  ): Promise<boolean> {
    const res = await tx.job.updateMany({
      where: {
        AND: [{ id, organizationId, status: { in: [...expect.statuses] }, version: expect.version }, expect.scope],
      },
      data: { ...data, version: { increment: 1 } },
    });
    return res.count === 1;
  }

  // --- assignments ------------------------------------------------------------

  /** the job's live assignments: one, or one per part of a split job */
  findLiveAssignments(tx: Tx, organizationId: string, jobId: string) {
    return tx.assignment.findMany({
      where: { organizationId, jobId, releasedAt: null },
      include: assignmentInclude,
      orderBy: [{ partIndex: 'asc' }, { id: 'asc' }],
    });
  }

  findAssignmentByItemKey(db: Tx | undefined, organizationId: string, itemKey: string) {
    return (db ?? this.prisma.client).assignment.findUnique({
      where: { organizationId_itemKey: { organizationId, itemKey } },
    });
  }

  async createAssignment(tx: Tx, organizationId: string, data: AssignmentData): Promise<string> {
    const { machines, ...rest } = data;
    const a = await tx.assignment.create({ data: { ...rest, organizationId } });
    await tx.assignmentMachine.createMany({
      data: machines.map((m) => ({ organizationId, assignmentId: a.id, assetId: m.assetId, role: m.role })),
    });
    return a.id;
  }

  async releaseAssignment(tx: Tx, organizationId: string, id: string, at: Date): Promise<void> {
    await tx.assignment.updateMany({ where: { organizationId, id, releasedAt: null }, data: { releasedAt: at } });
  }

  /** Live assignments overlapping [from, to) whose job the caller may see, by (startsAt, id). */
  listAssignments(organizationId: string, f: CalendarFilter) {
    return this.prisma.client.assignment.findMany({
      where: {
        AND: [
          { organizationId, releasedAt: null, startsAt: { lt: f.to }, endsAt: { gt: f.from } },
          { job: f.jobScope },
          f.assetId ? { machines: { some: { assetId: f.assetId } } } : {},
          f.operatorMembershipId ? { operatorMembershipId: f.operatorMembershipId } : {},
          f.after
            ? { OR: [{ startsAt: { gt: f.after.startsAt } }, { startsAt: f.after.startsAt, id: { gt: f.after.id } }] }
            : {},
        ],
      },
      include: calendarInclude,
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      take: f.limit,
    });
  }

  // --- what an assignment refers to ----------------------------------------

  /** Live machines of the org among `ids` (within the caller's asset scope), with their model. */
  findAssets(db: Tx | undefined, organizationId: string, ids: readonly string[], scope: Prisma.AssetWhereInput) {
    return (db ?? this.prisma.client).asset.findMany({
      where: { AND: [{ organizationId, id: { in: [...ids] }, deletedAt: null }, scope] },
      include: { model: { select: { kind: true, operationTypes: true } } },
    });
  }

  /** The operation types the machines of an assignment support (union). */
  async assignmentOperationTypes(tx: Tx, organizationId: string, assignmentId: string): Promise<OperationType[]> {
    const rows = await tx.assignmentMachine.findMany({
      where: { organizationId, assignmentId },
      select: { asset: { select: { model: { select: { operationTypes: true } } } } },
    });
    return [...new Set(rows.flatMap((r) => r.asset.model.operationTypes))];
  }

  /** The assign dialog's machines: in the caller's asset scope, not deleted, by name, at most `limit`. */
  pickerAssets(organizationId: string, scope: Prisma.AssetWhereInput, limit: number) {
    return this.prisma.client.asset.findMany({
      where: { AND: [{ organizationId, deletedAt: null }, scope] },
      select: {
        id: true,
        name: true,
        status: true,
        teamId: true,
        model: { select: { name: true, kind: true, operationTypes: true } },
      },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /** The assign dialog's operators: active members with one of these roles, in the caller's member scope, with their teams. */
  pickerOperators(organizationId: string, roles: readonly Role[], scope: Prisma.MembershipWhereInput, limit: number) {
    return this.prisma.client.membership.findMany({
      where: { AND: [{ organizationId, status: 'ACTIVE', role: { in: [...roles] } }, scope] },
      select: {
        id: true,
        user: { select: { name: true } },
        teams: { select: { team: { select: { id: true, name: true } } } },
      },
      orderBy: [{ user: { name: 'asc' } }, { id: 'asc' }],
      take: limit,
    });
  }

  findMembership(db: Tx | undefined, organizationId: string, id: string) {
    return (db ?? this.prisma.client).membership.findFirst({
      where: { organizationId, id },
      select: { id: true, role: true, status: true },
    });
  }

  /**
   * Share-lock the machines of a set and return their current status (inside the booking
   * transaction): a work order that would take one out of service waits for us, and we see
   * any status change that committed before — no check-then-act gap.
   */
  async lockAssetsForShare(tx: Tx, organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await tx.$queryRaw<{ id: string; status: string }[]>`
      SELECT id::text AS id, status::text AS status FROM "Asset"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids]}::uuid[]) AND "deletedAt" IS NULL
      ORDER BY id FOR SHARE`;
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Share-lock the operator's membership: a concurrent suspension waits for (or precedes) us. */
  async lockMembershipForShare(
    tx: Tx,
    organizationId: string,
    id: string,
  ): Promise<{ role: string; status: string } | null> {
    const rows = await tx.$queryRaw<{ role: string; status: string }[]>`
      SELECT role::text AS role, status::text AS status FROM "Membership"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ${id}::uuid FOR SHARE`;
    return rows[0] ?? null;
  }
}
