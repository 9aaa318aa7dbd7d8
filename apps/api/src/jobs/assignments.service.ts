import { Injectable, Logger } from '@nestjs/common';
import type { TRole } from '@amms/contracts/permissions';
import type {
  TAssignBulkItem,
  TAssignBulkResponse,
  TAssignBulkResult,
  TAssignJobRequest,
  TJob,
  TListAssignmentsQuery,
  TListAssignmentsResponse,
  TUnassignJobRequest,
} from '@amms/contracts/jobs';
import { assetScope } from '../platform/access/asset-scope.js';
import { AuditService } from '../audit/audit.service.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { AppError } from '../platform/errors/app-error.js';
import { decodeCursor, encodeCursor } from '../platform/http/cursor.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { OrgContext } from '../platform/access/context.js';
import { assertOperatorEligible, machineSetOf } from './assign-checks.js';
import { JobErrors } from './jobs.errors.js';
import { assignmentSummary, toCalendarAssignment, toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository } from './jobs.repository.js';
import { jobScope } from '../platform/access/job-scope.js';
import { assertCanMove, lostRace, sourcesOf } from './jobs.state.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { roleMay } from '../platform/access/permission.js';

export type AssignInput = Omit<TAssignJobRequest, 'implementAssetIds'> & { implementAssetIds?: string[] | undefined };

/**
 * Assigning jobs: a machine set (one lead machine + 0..n implements) and an operator for a
 * slot inside the job's window. BookingsService writes the bookings; the database's
 * exclusion constraints decide races, surfaced as 409 BOOKING_CONFLICT.
 */
@Injectable()
export class AssignmentsService {
  private readonly log = new Logger(AssignmentsService.name);

  constructor(
    private readonly repo: JobsRepository,
    private readonly bookings: BookingsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Assign (or re-assign) a job. With `itemKey` (a stable key of the caller's work item, e.g.
   * an agent draft item), a retry after a first success returns the job as it is instead of
   * assigning again.
   */
  async assign(ctx: OrgContext, jobId: string, input: AssignInput, opts: { itemKey?: string } = {}): Promise<TJob> {
    const itemKey = opts.itemKey ?? null;
    if (itemKey) {
      const done = await this.alreadyDone(ctx, jobId, itemKey);
      if (done) return done;
    }
    const job = await this.load(ctx, jobId);
    assertCanMove(job, 'SCHEDULED', input.version);

    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(input.endsAt);
    if (!(startsAt < endsAt)) throw JobErrors.invalid('endsAt', 'startsAt must be before endsAt');
    const machines = await this.checkMachineSet(ctx, job, input.primaryAssetId, input.implementAssetIds ?? []);
    await this.checkOperator(ctx, input.operatorMembershipId);
    if (startsAt < job.windowStart || endsAt > job.windowEnd) throw JobErrors.outsideWindow({ startsAt, endsAt }, job);

    const assetIds = machines.map((m) => m.assetId);
    const range = { startsAt, endsAt };
    try {
      // the whole transaction inside: a booking the database refused aborts it, and the
      // winner is looked up after the rollback
      return await this.bookings.refusalsAsConflict(
        ctx.organizationId,
        { assetIds, operatorMembershipId: input.operatorMembershipId, range },
        () =>
          this.repo.transaction(async (tx) => {
            // the version we validated against: if the job changed since (window, type, status), we stop
            const ok = await this.repo.updateIfState(
              tx,
              ctx.organizationId,
              jobId,
              { statuses: sourcesOf('SCHEDULED'), version: job.version, scope: jobScope(ctx) },
              { status: 'SCHEDULED' },
            );
            if (!ok) return lostRace(this.repo, tx, ctx.organizationId, jobId, 'SCHEDULED');
            // re-check what the pre-checks saw, under share locks, inside the transaction
            const statuses = await this.repo.lockAssetsForShare(tx, ctx.organizationId, assetIds);
            for (const id of assetIds) {
              const status = statuses.get(id);
              if (status === undefined)
                throw JobErrors.assetNotFound(id === input.primaryAssetId ? 'primaryAssetId' : 'implementAssetIds', id);
              if (status !== 'ACTIVE') throw JobErrors.assetUnavailable(id, status);
            }
            const operator = await this.repo.lockMembershipForShare(tx, ctx.organizationId, input.operatorMembershipId);
            if (!operator || operator.status !== 'ACTIVE' || !roleMay(operator.role as TRole, 'job.execute'))
              throw JobErrors.operatorNotEligible(input.operatorMembershipId);
            const now = new Date();
            // the job's live assignment, or all its parts: the new one replaces them
            for (const previous of await this.repo.findLiveAssignments(tx, ctx.organizationId, jobId)) {
              await this.bookings.releaseAssignment(tx, ctx.organizationId, previous.id, now);
              await this.repo.releaseAssignment(tx, ctx.organizationId, previous.id, now);
            }
            const assignmentId = await this.repo.createAssignment(tx, ctx.organizationId, {
              jobId,
              operatorMembershipId: input.operatorMembershipId,
              startsAt,
              endsAt,
              itemKey,
              createdByUserId: ctx.actorUserId,
              machines,
            });
            await this.bookings.bookAssignment(tx, ctx.organizationId, assignmentId, {
              assetIds,
              operatorMembershipId: input.operatorMembershipId,
              range,
            });
            await WebhookEvents.emit(tx, ctx, 'job.scheduled', jobId);
            const after = toJob((await this.repo.findById(tx, ctx.organizationId, jobId, {}))!);
            const before = toJob(job);
            await this.audit.append(
              tx,
              this.audit.forCtx(ctx, 'job.assigned', 'job', jobId, {
                before: { status: before.status, assignment: assignmentSummary(before.assignment) },
                after: { status: after.status, assignment: assignmentSummary(after.assignment) },
              }),
            );
            return after;
          }),
      );
    } catch (err) {
      // two tries of one item raced: the loser (stale version, or the item key's unique
      // index) finds the winner's assignment and answers with it
      if (
        itemKey &&
        (isUniqueViolation(err) ||
          (err instanceof AppError && (err.code === 'VERSION_CONFLICT' || err.code === 'INVALID_TRANSITION')))
      ) {
        const done = await this.alreadyDone(ctx, jobId, itemKey);
        if (done) return done;
      }
      throw err;
    }
  }

  /** Each item in its own transaction, in order; a refused item is reported and the next one goes on. */
  async assignBulk(ctx: OrgContext, items: readonly TAssignBulkItem[]): Promise<TAssignBulkResponse> {
    const results: TAssignBulkResult[] = [];
    for (const [index, item] of items.entries()) {
      const { jobId, ...body } = item;
      try {
        results.push({ index, jobId, ok: true, job: await this.assign(ctx, jobId, body) });
      } catch (err) {
        if (err instanceof AppError) {
          results.push({
            index,
            jobId,
            ok: false,
            error: {
              code: err.code,
              message: err.message,
              ...(err.details === undefined ? {} : { details: err.details }),
            },
          });
        } else {
          // rolled back like any failed item; the others keep their outcome
          this.log.error({ err, jobId, index }, 'bulk assign item failed');
          results.push({ index, jobId, ok: false, error: { code: 'INTERNAL', message: 'Internal error' } });
        }
      }
    }
    return { results };
  }

  /** SCHEDULED → PLANNED: the assignment and its bookings are released. */
  async unassign(ctx: OrgContext, jobId: string, input: TUnassignJobRequest): Promise<TJob> {
    return this.repo.transaction(async (tx) => {
      const job = await this.repo.findById(tx, ctx.organizationId, jobId, jobScope(ctx));
      if (!job) throw JobErrors.jobNotFound();
      assertCanMove(job, 'PLANNED', input.version);
      const ok = await this.repo.updateIfState(
        tx,
        ctx.organizationId,
        jobId,
        { statuses: sourcesOf('PLANNED'), version: job.version, scope: jobScope(ctx) },
        { status: 'PLANNED' },
      );
      if (!ok) return lostRace(this.repo, tx, ctx.organizationId, jobId, 'PLANNED');
      const now = new Date();
      for (const live of job.assignments) {
        await this.bookings.releaseAssignment(tx, ctx.organizationId, live.id, now);
        await this.repo.releaseAssignment(tx, ctx.organizationId, live.id, now);
      }
      const before = toJob(job);
      const after = toJob((await this.repo.findById(tx, ctx.organizationId, jobId, {}))!);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'job.unassigned', 'job', jobId, {
          before: { status: before.status, assignment: assignmentSummary(before.assignment) },
          after: { status: after.status, assignment: null },
        }),
      );
      return after;
    });
  }

  /** The calendar: live assignments overlapping [from, to) of jobs I may see, by start time. */
  async calendar(ctx: OrgContext, q: TListAssignmentsQuery): Promise<TListAssignmentsResponse> {
    const rows = await this.repo.listAssignments(ctx.organizationId, {
      from: new Date(q.from),
      to: new Date(q.to),
      assetId: q.assetId,
      operatorMembershipId: q.operatorMembershipId,
      after: q.cursor ? parseCalendarCursor(q.cursor) : undefined,
      limit: q.limit + 1,
      jobScope: jobScope(ctx),
    });
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toCalendarAssignment),
      nextCursor: rows.length > q.limit && last ? encodeCursor(`${last.startsAt.toISOString()}|${last.id}`) : null,
    };
  }

  // --- checks, in the documented order ----------------------------------------

  /** The machines of the set, read in my asset scope, checked (see machineSetOf). */
  private async checkMachineSet(ctx: OrgContext, job: JobRow, primaryId: string, implementIds: readonly string[]) {
    const wanted = [...new Set([primaryId, ...implementIds])];
    const found = await this.repo.findAssets(undefined, ctx.organizationId, wanted, assetScope(ctx));
    return machineSetOf(job, primaryId, implementIds, found);
  }

  private async checkOperator(ctx: OrgContext, membershipId: string): Promise<void> {
    assertOperatorEligible(membershipId, await this.repo.findMembership(undefined, ctx.organizationId, membershipId));
  }

  private async load(ctx: OrgContext, jobId: string): Promise<JobRow> {
    const job = await this.repo.findById(undefined, ctx.organizationId, jobId, jobScope(ctx));
    if (!job) throw JobErrors.jobNotFound();
    return job;
  }

  /** An assignment already written under this item key: the job as it is now (idempotent retry). */
  private async alreadyDone(ctx: OrgContext, jobId: string, itemKey: string): Promise<TJob | null> {
    const a = await this.repo.findAssignmentByItemKey(undefined, ctx.organizationId, itemKey);
    if (!a) return null;
    if (a.jobId !== jobId)
      throw new AppError('CONFLICT', 'This item key was already used for another job', { itemKey, jobId: a.jobId });
    return toJob(await this.load(ctx, jobId));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseCalendarCursor(cursor: string): { startsAt: Date; id: string } {
  const [at, id] = decodeCursor(cursor).split('|');
  const startsAt = new Date(at ?? '');
  if (!id || !UUID.test(id) || Number.isNaN(startsAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
      { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
    ]);
  }
  return { startsAt, id };
}
