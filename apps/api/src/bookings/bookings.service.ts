import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { AppError } from '../platform/errors/app-error.js';
import { isExclusionViolation, isTransientTxError } from '../platform/prisma/db-errors.js';

/** a unit of booking work lost to a deadlock runs again, at most this many times in all */
const TX_ATTEMPTS = 3;
import type { Tx } from '../platform/prisma/prisma.service.js';
import {
  BookingsRepository,
  type MachineBookingRow,
  type OperatorBookingRow,
  type Range,
} from './bookings.repository.js';

/** One booking that stands in the way, as returned in a 409 BOOKING_CONFLICT's details. */
export interface BookingConflict {
  resource: 'machine' | 'operator';
  resourceId: string;
  bookingId: string;
  kind: 'JOB' | 'WORK_ORDER';
  startsAt: string;
  endsAt: string;
  jobId: string | null;
  workOrderId: string | null;
}

export interface BookingRequest {
  assetIds: readonly string[];
  operatorMembershipId?: string | null;
  range: Range;
}

function fromMachine(b: MachineBookingRow): BookingConflict {
  return {
    resource: 'machine',
    resourceId: b.assetId,
    bookingId: b.id,
    kind: b.kind,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    jobId: b.jobId,
    workOrderId: b.workOrderId,
  };
}

function fromOperator(b: OperatorBookingRow): BookingConflict {
  return {
    resource: 'operator',
    resourceId: b.membershipId,
    bookingId: b.id,
    kind: 'JOB',
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    jobId: b.jobId,
    workOrderId: null,
  };
}

export function bookingConflict(conflicts: BookingConflict[]): AppError {
  return new AppError('BOOKING_CONFLICT', 'The machine or operator is already booked in that time range', {
    conflicts,
  });
}

/**
 * Machine and operator bookings: the one place that writes the booking tables. Jobs book
 * a machine set + an operator for an assignment; maintenance books a machine for a work
 * order's window. The database's exclusion constraints are the guard (no overlap between
 * active bookings of one resource); the pre-check inside the transaction only makes the
 * common case's answer precise, and `refusalsAsConflict` turns a lost race (the
 * constraint fired) into the same 409 with the winner's booking.
 */
@Injectable()
export class BookingsService {
  constructor(private readonly repo: BookingsRepository) {}

  async bookAssignment(
    tx: Tx,
    organizationId: string,
    assignmentId: string,
    req: BookingRequest & { operatorMembershipId: string },
  ): Promise<void> {
    await this.precheck(tx, organizationId, req);
    await this.repo.insertMachineBookings(tx, organizationId, req.assetIds, req.range, { kind: 'JOB', assignmentId });
    await this.repo.insertOperatorBooking(tx, organizationId, req.operatorMembershipId, req.range, assignmentId);
  }

  /**
   * Books several assignments at once (a batch of an execution), without the pre-check: the
   * exclusion constraints refuse any overlap, which aborts the caller's transaction — the caller
   * then books the items one by one (bookAssignment) to learn which item met which booking.
   */
  async bookAssignmentsUnchecked(
    tx: Tx,
    organizationId: string,
    rows: readonly { assignmentId: string; assetIds: readonly string[]; operatorMembershipId: string; range: Range }[],
  ): Promise<void> {
    await this.repo.insertAssignmentBookings(
      tx,
      organizationId,
      rows.map((r) => ({
        assignmentId: r.assignmentId,
        assetIds: r.assetIds,
        membershipId: r.operatorMembershipId,
        range: r.range,
      })),
    );
  }

  async bookWorkOrder(
    tx: Tx,
    organizationId: string,
    workOrderId: string,
    assetId: string,
    range: Range,
  ): Promise<void> {
    await this.precheck(tx, organizationId, { assetIds: [assetId], range });
    await this.repo.insertMachineBookings(tx, organizationId, [assetId], range, { kind: 'WORK_ORDER', workOrderId });
  }

  releaseAssignment(tx: Tx, organizationId: string, assignmentId: string, at = new Date()): Promise<void> {
    return this.repo.releaseForAssignment(tx, organizationId, assignmentId, at);
  }

  releaseWorkOrder(tx: Tx, organizationId: string, workOrderId: string, at = new Date()): Promise<void> {
    return this.repo.releaseForWorkOrder(tx, organizationId, workOrderId, at);
  }

  trimAssignment(tx: Tx, organizationId: string, assignmentId: string, endsAt: Date): Promise<void> {
    return this.repo.trimAssignment(tx, organizationId, assignmentId, endsAt);
  }

  /** What stands in the way of this request right now (empty = free). Reads Postgres, never a cache. */
  async conflicts(db: Tx | undefined, organizationId: string, req: BookingRequest): Promise<BookingConflict[]> {
    const machines = await this.repo.machineOverlaps(db, organizationId, req.assetIds, req.range);
    const operators = req.operatorMembershipId
      ? await this.repo.operatorOverlaps(db, organizationId, [req.operatorMembershipId], req.range)
      : [];
    return [...machines.map(fromMachine), ...operators.map(fromOperator)];
  }

  /** Active bookings in a period (calendar, scheduler input, agent tools). */
  /** `scope`: a reader's asset scope, applied inside the query (absent: every booking, for the booking checks). */
  async machineBookings(
    organizationId: string,
    range: Range,
    assetIds?: readonly string[],
    scope?: Prisma.AssetWhereInput,
  ): Promise<MachineBookingRow[]> {
    return this.repo.machineOverlaps(undefined, organizationId, assetIds, range, scope);
  }

  /** `scope`: a reader's member scope (absent: every booking). */
  async operatorBookings(
    organizationId: string,
    range: Range,
    membershipIds?: readonly string[],
    scope?: Prisma.MembershipWhereInput,
  ): Promise<OperatorBookingRow[]> {
    return this.repo.operatorOverlaps(undefined, organizationId, membershipIds, range, scope);
  }

  /**
   * Run a unit of work that books (the whole transaction, not a step inside it: after an
   * exclusion violation the transaction is aborted). If the database refused a booking,
   * look up the winner after the rollback and answer 409 BOOKING_CONFLICT. A deadlock victim
   * (see isTransientTxError) runs again, up to TX_ATTEMPTS in all.
   */
  async refusalsAsConflict<T>(organizationId: string, req: BookingRequest, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (err) {
        // two racing inserts into the booking constraint can deadlock: the victim's transaction
        // was rolled back whole, so it runs again and now meets the winner as a plain conflict
        if (isTransientTxError(err) && attempt < TX_ATTEMPTS) continue;
        if (!isExclusionViolation(err)) throw err;
        throw bookingConflict(await this.conflicts(undefined, organizationId, req));
      }
    }
  }

  private async precheck(tx: Tx, organizationId: string, req: BookingRequest): Promise<void> {
    const found = await this.conflicts(tx, organizationId, req);
    if (found.length > 0) throw bookingConflict(found);
  }
}
