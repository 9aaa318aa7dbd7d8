import { Injectable } from '@nestjs/common';
import type { BookingKind, Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';

export interface Range {
  startsAt: Date;
  endsAt: Date;
}

export interface MachineBookingRow extends Range {
  id: string;
  assetId: string;
  kind: BookingKind;
  assignmentId: string | null;
  workOrderId: string | null;
  jobId: string | null;
}

export interface OperatorBookingRow extends Range {
  id: string;
  membershipId: string;
  assignmentId: string;
  jobId: string;
}

/** a calendar query never returns more than this many rows */
const MAX_ROWS = 5000;

/** Active bookings overlapping the range (half-open), with their job, in calendar order: both overlap queries. */
function overlapping(organizationId: string, range: Range) {
  return {
    where: { organizationId, releasedAt: null, startsAt: { lt: range.endsAt }, endsAt: { gt: range.startsAt } },
    include: { assignment: { select: { jobId: true } } } as const,
    orderBy: [{ startsAt: 'asc' as const }, { id: 'asc' as const }],
    take: MAX_ROWS,
  };
}

/** Active bookings only (releasedAt IS NULL); every method is bound to one org. */
@Injectable()
export class BookingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async insertMachineBookings(
    tx: Tx,
    organizationId: string,
    assetIds: readonly string[],
    range: Range,
    owner: { kind: 'JOB'; assignmentId: string } | { kind: 'WORK_ORDER'; workOrderId: string },
  ): Promise<void> {
    await tx.machineBooking.createMany({
      data: assetIds.map((assetId) => ({
        organizationId,
        assetId,
        kind: owner.kind,
        startsAt: range.startsAt,
        endsAt: range.endsAt,
        assignmentId: owner.kind === 'JOB' ? owner.assignmentId : null,
        workOrderId: owner.kind === 'WORK_ORDER' ? owner.workOrderId : null,
      })),
    });
  }

  async insertOperatorBooking(
    tx: Tx,
    organizationId: string,
    membershipId: string,
    range: Range,
    assignmentId: string,
  ): Promise<void> {
    await tx.operatorBooking.create({
      data: { organizationId, membershipId, assignmentId, startsAt: range.startsAt, endsAt: range.endsAt },
    });
  }

  /** The machine and operator bookings of several assignments: two inserts in all. */
  async insertAssignmentBookings(
    tx: Tx,
    organizationId: string,
    rows: readonly { assignmentId: string; assetIds: readonly string[]; membershipId: string; range: Range }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await tx.machineBooking.createMany({
      data: rows.flatMap((r) =>
        r.assetIds.map((assetId) => ({
          organizationId,
          assetId,
          kind: 'JOB' as const,
          startsAt: r.range.startsAt,
          endsAt: r.range.endsAt,
          assignmentId: r.assignmentId,
        })),
      ),
    });
    await tx.operatorBooking.createMany({
      data: rows.map((r) => ({
        organizationId,
        membershipId: r.membershipId,
        assignmentId: r.assignmentId,
        startsAt: r.range.startsAt,
        endsAt: r.range.endsAt,
      })),
    });
  }

  async releaseForAssignment(tx: Tx, organizationId: string, assignmentId: string, at: Date): Promise<void> {
    await tx.machineBooking.updateMany({
      where: { organizationId, assignmentId, releasedAt: null },
      data: { releasedAt: at },
    });
    await tx.operatorBooking.updateMany({
      where: { organizationId, assignmentId, releasedAt: null },
      data: { releasedAt: at },
    });
  }

  async releaseForWorkOrder(tx: Tx, organizationId: string, workOrderId: string, at: Date): Promise<void> {
    await tx.machineBooking.updateMany({
      where: { organizationId, workOrderId, releasedAt: null },
      data: { releasedAt: at },
    });
  }

  /** Shorten (never lengthen) the active bookings of an assignment, e.g. when a job finishes early. */
  async trimAssignment(tx: Tx, organizationId: string, assignmentId: string, endsAt: Date): Promise<void> {
    await tx.machineBooking.updateMany({
      where: { organizationId, assignmentId, releasedAt: null, endsAt: { gt: endsAt }, startsAt: { lt: endsAt } },
      data: { endsAt },
    });
    await tx.operatorBooking.updateMany({
      where: { organizationId, assignmentId, releasedAt: null, endsAt: { gt: endsAt }, startsAt: { lt: endsAt } },
      data: { endsAt },
    });
  }

  /** Active machine bookings overlapping [startsAt, endsAt), of these assets (or all when assetIds is undefined). */
  async machineOverlaps(
    db: Tx | undefined,
    organizationId: string,
    assetIds: readonly string[] | undefined,
    range: Range,
    /** a reader's asset scope (none for the booking checks, which must see every booking) */
    assetScope?: Prisma.AssetWhereInput,
  ): Promise<MachineBookingRow[]> {
    if (assetIds && assetIds.length === 0) return [];
    const page = overlapping(organizationId, range);
    const rows = await (db ?? this.prisma.client).machineBooking.findMany({
      ...page,
      where: {
        ...page.where,
        ...(assetScope ? { asset: { is: assetScope } } : {}),
        ...(assetIds ? { assetId: { in: [...assetIds] } } : {}),
      },
    });
    return rows.map((b) => ({
      id: b.id,
      assetId: b.assetId,
      kind: b.kind,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      assignmentId: b.assignmentId,
      workOrderId: b.workOrderId,
      jobId: b.assignment?.jobId ?? null,
    }));
  }

  /** Active operator bookings overlapping [startsAt, endsAt), of these members (or all when undefined). */
  async operatorOverlaps(
    db: Tx | undefined,
    organizationId: string,
    membershipIds: readonly string[] | undefined,
    range: Range,
    /** a reader's member scope (none for the booking checks) */
    memberScope?: Prisma.MembershipWhereInput,
  ): Promise<OperatorBookingRow[]> {
    if (membershipIds && membershipIds.length === 0) return [];
    const page = overlapping(organizationId, range);
    const rows = await (db ?? this.prisma.client).operatorBooking.findMany({
      ...page,
      where: {
        ...page.where,
        ...(memberScope ? { membership: { is: memberScope } } : {}),
        ...(membershipIds ? { membershipId: { in: [...membershipIds] } } : {}),
      },
    });
    return rows.map((b) => ({
      id: b.id,
      membershipId: b.membershipId,
      assignmentId: b.assignmentId,
      jobId: b.assignment.jobId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
    }));
  }
}
