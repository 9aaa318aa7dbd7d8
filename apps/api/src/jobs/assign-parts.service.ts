import { Injectable } from '@nestjs/common';
import type { TRole } from '@amms/contracts/permissions';
import { haToM2, type TJob } from '@amms/contracts/jobs';
import { assetScope } from '../platform/access/asset-scope.js';
import { jobScope } from '../platform/access/job-scope.js';
import { roleMay } from '../platform/access/permission.js';
import { AuditService } from '../audit/audit.service.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { AppError } from '../platform/errors/app-error.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import type { OrgContext } from '../platform/access/context.js';
import { assertOperatorEligible, machineSetOf, type SetMachine } from './assign-checks.js';
import { JobErrors } from './jobs.errors.js';
import { assignmentSummary, toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository } from './jobs.repository.js';
import { assertCanMove, lostRace, sourcesOf } from './jobs.state.js';

/** One part of a split job as a draft item gives it. */
export interface PartInput {
  itemKey: string;
  part: { index: number; of: number; areaHa: number };
  primaryAssetId: string;
  implementAssetIds: readonly string[];
  operatorMembershipId: string;
  startsAt: string;
  endsAt: string;
}

/**
 * Assigning a split job: ALL its parts in one transaction, one assignment per part (its machines,
 * operator, slot and hectares) with its own bookings, and one version step of the job (PLANNED →
 * SCHEDULED, or a re-plan of a SCHEDULED one: its earlier assignments are released). The same
 * checks as AssignmentsService.assign, per part; parts that overlap on one machine or one person
 * are refused by the bookings (409 BOOKING_CONFLICT), so nothing of the job is written.
 *
 * Idempotent per item keys: an execution meets the parts one by one; the first writes them all,
 * the others (and any re-run, or a concurrent run of the same execution) find their assignments
 * by item key and answer with the job as it is. Two writers racing: the loser's version check or
 * the item-key unique index fails, and it answers with the winner's result.
 */
@Injectable()
export class AssignPartsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly bookings: BookingsService,
    private readonly audit: AuditService,
  ) {}

  async assignParts(ctx: OrgContext, jobId: string, parts: readonly PartInput[], version?: number): Promise<TJob> {
    const keys = parts.map((p) => p.itemKey);
    const done = await this.alreadyDone(ctx, jobId, keys);
    if (done) return done;
    const job = await this.load(ctx, jobId);
    assertCanMove(job, 'SCHEDULED', version);
    const planned: { p: PartInput; machines: SetMachine[]; range: { startsAt: Date; endsAt: Date } }[] = [];
    for (const p of parts) {
      const startsAt = new Date(p.startsAt);
      const endsAt = new Date(p.endsAt);
      if (!(startsAt < endsAt)) throw JobErrors.invalid('endsAt', 'startsAt must be before endsAt');
      const wanted = [...new Set([p.primaryAssetId, ...p.implementAssetIds])];
      const found = await this.repo.findAssets(undefined, ctx.organizationId, wanted, assetScope(ctx));
      const machines = machineSetOf(job, p.primaryAssetId, p.implementAssetIds, found);
      assertOperatorEligible(
        p.operatorMembershipId,
        await this.repo.findMembership(undefined, ctx.organizationId, p.operatorMembershipId),
      );
      if (startsAt < job.windowStart || endsAt > job.windowEnd)
        throw JobErrors.outsideWindow({ startsAt, endsAt }, job);
      planned.push({ p, machines, range: { startsAt, endsAt } });
    }
    const assetIds = [...new Set(planned.flatMap((x) => x.machines.map((m) => m.assetId)))];
    const first = planned[0]!;
    try {
      return await this.bookings.refusalsAsConflict(
        ctx.organizationId,
        { assetIds, operatorMembershipId: first.p.operatorMembershipId, range: first.range },
        () =>
          this.repo.transaction(async (tx) => {
            const ok = await this.repo.updateIfState(
              tx,
              ctx.organizationId,
              jobId,
              { statuses: sourcesOf('SCHEDULED'), version: job.version, scope: jobScope(ctx) },
              { status: 'SCHEDULED' },
            );
            if (!ok) return lostRace(this.repo, tx, ctx.organizationId, jobId, 'SCHEDULED');
            const statuses = await this.repo.lockAssetsForShare(tx, ctx.organizationId, assetIds);
            for (const id of assetIds) {
              const status = statuses.get(id);
              if (status === undefined) throw JobErrors.assetNotFound('primaryAssetId', id);
              if (status !== 'ACTIVE') throw JobErrors.assetUnavailable(id, status);
            }
            for (const opId of [...new Set(parts.map((p) => p.operatorMembershipId))].sort()) {
              const operator = await this.repo.lockMembershipForShare(tx, ctx.organizationId, opId);
              if (!operator || operator.status !== 'ACTIVE' || !roleMay(operator.role as TRole, 'job.execute'))
                throw JobErrors.operatorNotEligible(opId);
            }
            const now = new Date();
            for (const previous of await this.repo.findLiveAssignments(tx, ctx.organizationId, jobId)) {
              await this.bookings.releaseAssignment(tx, ctx.organizationId, previous.id, now);
              await this.repo.releaseAssignment(tx, ctx.organizationId, previous.id, now);
            }
            for (const { p, machines, range } of planned) {
              const assignmentId = await this.repo.createAssignment(tx, ctx.organizationId, {
                jobId,
                operatorMembershipId: p.operatorMembershipId,
                ...range,
                itemKey: p.itemKey,
                createdByUserId: ctx.actorUserId,
                machines,
                partIndex: p.part.index,
                partOf: p.part.of,
                areaM2: haToM2(p.part.areaHa),
              });
              await this.bookings.bookAssignment(tx, ctx.organizationId, assignmentId, {
                assetIds: machines.map((m) => m.assetId),
                operatorMembershipId: p.operatorMembershipId,
                range,
              });
            }
            await WebhookEvents.emit(tx, ctx, 'job.scheduled', jobId);
            const after = toJob((await this.repo.findById(tx, ctx.organizationId, jobId, {}))!);
            const before = toJob(job);
            await this.audit.append(
              tx,
              this.audit.forCtx(ctx, 'job.assigned', 'job', jobId, {
                before: { status: before.status, assignment: assignmentSummary(before.assignment) },
                after: {
                  status: after.status,
                  assignment: assignmentSummary(after.assignment),
                  parts: after.parts.map((a) => ({ ...assignmentSummary(a), part: a.part })),
                },
              }),
            );
            return after;
          }),
      );
    } catch (err) {
      if (
        isUniqueViolation(err) ||
        (err instanceof AppError && (err.code === 'VERSION_CONFLICT' || err.code === 'INVALID_TRANSITION'))
      ) {
        const won = await this.alreadyDone(ctx, jobId, keys);
        if (won) return won;
      }
      throw err;
    }
  }

  private async load(ctx: OrgContext, jobId: string): Promise<JobRow> {
    const job = await this.repo.findById(undefined, ctx.organizationId, jobId, jobScope(ctx));
    if (!job) throw JobErrors.jobNotFound();
    return job;
  }

  /** The parts already written under these item keys (all of them: one transaction wrote them): the job now. */
  private async alreadyDone(ctx: OrgContext, jobId: string, itemKeys: readonly string[]): Promise<TJob | null> {
    const found = await Promise.all(
      itemKeys.map((k) => this.repo.findAssignmentByItemKey(undefined, ctx.organizationId, k)),
    );
    const hit = found.filter((a) => a !== null);
    if (hit.length === 0) return null;
    if (hit.some((a) => a.jobId !== jobId))
      throw new AppError('CONFLICT', 'This item key was already used for another job', { jobId });
    return toJob(await this.load(ctx, jobId));
  }
}
