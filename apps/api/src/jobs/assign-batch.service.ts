import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TJob } from '@amms/contracts/jobs';
import { assetScope } from '../platform/access/asset-scope.js';
import { AuditService, type AuditInput } from '../audit/audit.service.js';
import type { Range } from '../bookings/bookings.repository.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { AssignBatchRepository } from './assign-batch.repository.js';
import { assertOperatorEligible, machineSetOf, type SetMachine } from './assign-checks.js';
import { assignmentSummary, toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository } from './jobs.repository.js';
import { jobScope } from '../platform/access/job-scope.js';
import { assertCanMove, sourcesOf } from './jobs.state.js';

/** One job to assign, as an execution's item names it. */
export interface BatchItem {
  jobId: string;
  primaryAssetId: string;
  implementAssetIds: readonly string[];
  operatorMembershipId: string;
  startsAt: string;
  endsAt: string;
  itemKey: string;
  part?: { index: number; of: number; areaHa: number };
}

/** An item that passed every assign check on what `plan` read. */
export interface PlannedAssignment {
  item: BatchItem;
  job: JobRow;
  machines: SetMachine[];
  range: Range;
}

/** Inside a batch's transaction something differs from the plan: the caller rolls back and goes item by item. */
export class BatchDiverged extends Error {}

const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/**
 * Assigning many jobs in one transaction (an execution's run of items), with set-based reads
 * and writes: a handful of statements for the whole batch instead of ~20 per job. It decides
 * nothing AssignmentsService.assign would decide differently: `plan` runs the same checks on
 * what it read (an item that fails any is left to the one-job path, which says why), `write`
 * re-checks under the same locks and throws at the first difference, and the exclusion
 * constraints refuse any overlapping booking — in every such case the whole batch rolls back
 * and the caller assigns its items one by one.
 */
@Injectable()
export class AssignmentsBatch {
  constructor(
    private readonly repo: AssignBatchRepository,
    private readonly jobs: JobsRepository,
    private readonly bookings: BookingsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Four reads for all items. Per item: its plan, or null (already assigned under its item key,
   * a job met twice, or any check fails: the one-job path handles it). `versionOf` is the job
   * version the caller's item was built on, given the current one.
   */
  async plan(
    ctx: OrgContext,
    items: readonly BatchItem[],
    versionOf: (item: BatchItem, current: number) => number,
  ): Promise<(PlannedAssignment | null)[]> {
    if (items.length === 0) return [];
    const org = ctx.organizationId;
    const used = await this.repo.usedItemKeys(
      org,
      items.map((i) => i.itemKey),
    );
    const jobs = new Map(
      (await this.repo.findJobs(undefined, org, unique(items.map((i) => i.jobId)), jobScope(ctx))).map((j) => [
        j.id,
        j,
      ]),
    );
    const assetIds = unique(items.flatMap((i) => [i.primaryAssetId, ...i.implementAssetIds]));
    const assets = await this.jobs.findAssets(undefined, org, assetIds, assetScope(ctx));
    const members = new Map(
      (await this.repo.findMemberships(org, unique(items.map((i) => i.operatorMembershipId)))).map((m) => [m.id, m]),
    );
    const seen = new Set<string>();
    return items.map((item) => {
      const job = jobs.get(item.jobId);
      // a split job's parts go together through AssignPartsService (the one-item path)
      if (!job || item.part || used.has(item.itemKey) || seen.has(item.jobId)) return null;
      seen.add(item.jobId);
      const range = { startsAt: new Date(item.startsAt), endsAt: new Date(item.endsAt) };
      if (!(range.startsAt < range.endsAt)) return null;
      try {
        assertCanMove(job, 'SCHEDULED', versionOf(item, job.version));
        const machines = machineSetOf(job, item.primaryAssetId, item.implementAssetIds, assets);
        assertOperatorEligible(item.operatorMembershipId, members.get(item.operatorMembershipId));
        if (range.startsAt < job.windowStart || range.endsAt > job.windowEnd) return null;
        return { item, job, machines, range };
      } catch {
        return null;
      }
    });
  }

  /**
   * Writes planned items inside the caller's transaction: the jobs SCHEDULED (locked, at the
   * planned versions, in the caller's scope), machines and operators share-locked and still
   * eligible, earlier live assignments released, the assignments and their bookings inserted,
   * the webhook events. Returns each job as it is now and its `job.assigned` audit event (the
   * caller appends them with its own). Throws BatchDiverged, or the database's refusal.
   */
  async write(tx: Tx, ctx: OrgContext, planned: readonly PlannedAssignment[]) {
    const org = ctx.organizationId;
    const ids = planned.map((p) => p.job.id);
    const sources = sourcesOf('SCHEDULED');
    const locked = await this.repo.lockJobs(tx, org, ids);
    for (const p of planned) {
      const now = locked.get(p.job.id);
      if (!now || now.version !== p.job.version || !sources.includes(now.status))
        throw new BatchDiverged(`job ${p.job.id} changed`);
    }
    if ((await this.repo.schedule(tx, org, ids, sources, jobScope(ctx))) !== ids.length)
      throw new BatchDiverged('a job left the scope');
    const assetIds = unique(planned.flatMap((p) => p.machines.map((m) => m.assetId)));
    const statuses = await this.repo.lockAssets(tx, org, assetIds);
    const down = assetIds.find((id) => statuses.get(id) !== 'ACTIVE');
    if (down) throw new BatchDiverged(`machine ${down} is not available`);
    const operatorIds = unique(planned.map((p) => p.item.operatorMembershipId));
    const operators = await this.repo.lockMemberships(tx, org, operatorIds);
    for (const id of operatorIds) {
      try {
        assertOperatorEligible(id, operators.get(id));
      } catch {
        throw new BatchDiverged(`operator ${id} is not eligible`);
      }
    }
    const now = new Date();
    for (const previous of await this.repo.liveAssignments(tx, org, ids)) {
      await this.bookings.releaseAssignment(tx, org, previous.id, now);
      await this.jobs.releaseAssignment(tx, org, previous.id, now);
    }
    const rows = planned.map((p) => ({
      id: randomUUID(),
      jobId: p.job.id,
      operatorMembershipId: p.item.operatorMembershipId,
      startsAt: p.range.startsAt,
      endsAt: p.range.endsAt,
      itemKey: p.item.itemKey,
      createdByUserId: ctx.actorUserId,
      machines: p.machines,
    }));
    await this.repo.createAssignments(tx, org, rows);
    await this.bookings.bookAssignmentsUnchecked(
      tx,
      org,
      rows.map((r) => ({
        assignmentId: r.id,
        assetIds: r.machines.map((m) => m.assetId),
        operatorMembershipId: r.operatorMembershipId,
        range: { startsAt: r.startsAt, endsAt: r.endsAt },
      })),
    );
    await WebhookEvents.emitEach(tx, ctx, 'job.scheduled', ids);
    const after = new Map((await this.repo.findJobs(tx, org, ids, {})).map((j) => [j.id, toJob(j)]));
    return planned.map((p): { job: TJob; audit: AuditInput } => {
      const before = toJob(p.job);
      const job = after.get(p.job.id)!;
      return {
        job,
        audit: this.audit.forCtx(ctx, 'job.assigned', 'job', p.job.id, {
          before: { status: before.status, assignment: assignmentSummary(before.assignment) },
          after: { status: job.status, assignment: assignmentSummary(job.assignment) },
        }),
      };
    });
  }
}
