import { Injectable } from '@nestjs/common';
import {
  haToM2,
  type TCancelJobRequest,
  type TCompleteJobRequest,
  type TCreateJobRequest,
  type TJob,
  type TJobStatus,
  type TListJobsQuery,
  type TListJobsResponse,
  type TStartJobRequest,
  type TUpdateJobRequest,
} from '@amms/contracts/jobs';
import type { TWebhookEventType } from '@amms/contracts/webhooks';
import type { Prisma } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { occurredAtAudit, resolveOccurredAt } from '../platform/http/occurred-at.js';
import { diff } from '../audit/changes.js';
import { MeterReadingsService } from '../assets/meter-readings.service.js';
import { workedHours } from './worked-hours.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { FieldsRepository } from './fields.repository.js';
import { JobErrors } from './jobs.errors.js';
import { assignmentSummary, toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository, type JobUpdate } from './jobs.repository.js';
import { fieldScope, jobScope } from '../platform/access/job-scope.js';
import { canWriteTeam } from '../platform/access/data-scope.js';
import { assertCanMove, lostRace, primaryOf, sourcesOf } from './jobs.state.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { PrestartGate } from '../prestart/prestart-gate.js';

const JOB_SORT_FIELDS = sortSpec<Prisma.JobWhereInput, Prisma.JobOrderByWithRelationInput>({
  windowStart: { type: 'date' },
  createdAt: { type: 'date' },
});

/** Clock skew tolerated before a client's "startedAt/completedAt" counts as in the future. */
const FUTURE_SKEW_MS = 60_000;

/** Jobs: create, edit, list, and the execution steps (start, complete, cancel). Assigning lives in AssignmentsService. */
@Injectable()
export class JobsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly fields: FieldsRepository,
    private readonly bookings: BookingsService,
    private readonly meters: MeterReadingsService,
    private readonly audit: AuditService,
    private readonly prestart: PrestartGate,
  ) {
    audit.registerReader('job', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListJobsQuery): Promise<TListJobsResponse> {
    return keysetList(
      q,
      JOB_SORT_FIELDS,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          statuses: q.status,
          fieldId: q.fieldId,
          teamId: q.teamId,
          operationType: q.operationType,
          from: q.from ? new Date(q.from) : undefined,
          to: q.to ? new Date(q.to) : undefined,
          operatorMembershipId: q.operatorMembershipId,
          assetId: q.assetId,
          machineDown: q.machineDown,
          scope: jobScope(ctx),
        }),
      toJob,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TJob> {
    return toJob(await this.load(undefined, ctx, id));
  }

  async create(ctx: OrgContext, input: TCreateJobRequest): Promise<TJob> {
    return this.repo.transaction((tx) => this.createIn(tx, ctx, input));
  }

  /** The create path inside the caller's transaction (POST /jobs and the file import). */
  async createIn(tx: Tx, ctx: OrgContext, input: TCreateJobRequest): Promise<TJob> {
    const field = await this.fields.findById(tx, ctx.organizationId, input.fieldId, fieldScope(ctx));
    // share-lock: the field cannot be deleted while this job is being added to it
    if (!field || !(await this.fields.lockLiveShared(tx, ctx.organizationId, field.id)))
      throw JobErrors.fieldNotFound('fieldId');
    const teamId = input.teamId !== undefined ? input.teamId : field.teamId;
    if (!canWriteTeam(ctx, teamId)) throw JobErrors.outOfScope('job');
    if (teamId && !(await this.fields.teamExists(tx, ctx.organizationId, teamId))) throw JobErrors.teamNotFound();
    const job = await this.repo.create(tx, ctx.organizationId, {
      teamId,
      fieldId: field.id,
      operationType: input.operationType,
      title: input.title ?? null,
      areaM2: input.areaHa !== undefined ? haToM2(input.areaHa) : field.areaM2,
      windowStart: new Date(input.windowStart),
      windowEnd: new Date(input.windowEnd),
      priority: input.priority,
      estimatedHours: input.estimatedHours.toFixed(2),
      notes: input.notes ?? null,
      status: 'PLANNED',
      createdByUserId: ctx.actorUserId,
    });
    const after = toJob(job);
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, assignment: _a, ...fields } = after;
    await this.audit.append(tx, this.audit.forCtx(ctx, 'job.created', 'job', job.id, { after: fields }));
    await WebhookEvents.emit(tx, ctx, 'job.created', job.id);
    return after;
  }

  /**
   * Edits a PLANNED or SCHEDULED job at the version the client read. A SCHEDULED job keeps
   * its assignment, so its new window must still contain the assigned slot and a new
   * operation type must still be one its machine set can do.
   */
  async update(ctx: OrgContext, id: string, input: TUpdateJobRequest): Promise<TJob> {
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      if (current.status !== 'PLANNED' && current.status !== 'SCHEDULED') throw JobErrors.notEditable(current.status);
      if (current.version !== input.version) throw versionConflict(toJob(current));

      const data: JobUpdate = {};
      if (input.fieldId !== undefined && input.fieldId !== current.fieldId) {
        const field = await this.fields.findById(tx, ctx.organizationId, input.fieldId, fieldScope(ctx));
        if (!field || !(await this.fields.lockLiveShared(tx, ctx.organizationId, field.id)))
          throw JobErrors.fieldNotFound('fieldId');
        data.fieldId = field.id;
      }
      if (input.teamId !== undefined) {
        if (!canWriteTeam(ctx, input.teamId)) throw JobErrors.outOfScope('job');
        if (input.teamId && !(await this.fields.teamExists(tx, ctx.organizationId, input.teamId)))
          throw JobErrors.teamNotFound();
        data.teamId = input.teamId;
      }
      const windowStart = input.windowStart !== undefined ? new Date(input.windowStart) : current.windowStart;
      const windowEnd = input.windowEnd !== undefined ? new Date(input.windowEnd) : current.windowEnd;
      if (windowStart >= windowEnd) throw JobErrors.invalid('windowEnd', 'windowStart must be before windowEnd');
      const live = current.assignments[0];
      if (live) {
        if (live.startsAt < windowStart || live.endsAt > windowEnd)
          throw JobErrors.outsideWindow(live, { windowStart, windowEnd });
        if (input.operationType !== undefined && input.operationType !== current.operationType) {
          const supported = await this.repo.assignmentOperationTypes(tx, ctx.organizationId, live.id);
          if (!supported.includes(input.operationType))
            throw JobErrors.capabilityMismatch(input.operationType, supported);
        }
      }
      if (input.windowStart !== undefined) data.windowStart = windowStart;
      if (input.windowEnd !== undefined) data.windowEnd = windowEnd;
      if (input.operationType !== undefined) data.operationType = input.operationType;
      if (input.title !== undefined) data.title = input.title;
      if (input.areaHa !== undefined) data.areaM2 = haToM2(input.areaHa);
      if (input.priority !== undefined) data.priority = input.priority;
      if (input.estimatedHours !== undefined) data.estimatedHours = input.estimatedHours.toFixed(2);
      if (input.notes !== undefined) data.notes = input.notes;

      const ok = await this.repo.updateIfState(
        tx,
        ctx.organizationId,
        id,
        { statuses: [current.status], version: current.version, scope: jobScope(ctx) },
        data,
      );
      if (!ok) return lostRace(this.repo, tx, ctx.organizationId, id, current.status);
      const after = toJob(await this.load(tx, ctx, id, {}));
      await this.audit.append(tx, this.audit.forCtx(ctx, 'job.updated', 'job', id, diff(toJob(current), after)));
      return after;
    });
  }

  /**
   * SCHEDULED → IN_PROGRESS. The start meter is recorded on the primary machine in the same
   * transaction: a reading below the machine's latest (422 METER_BACKWARDS) leaves the job
   * SCHEDULED and nothing written.
   */
  async start(ctx: OrgContext, id: string, input: TStartJobRequest): Promise<TJob> {
    const startedAt = input.startedAt
      ? this.notInFuture(input.startedAt, 'startedAt')
      : resolveOccurredAt(input.occurredAt);
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      assertCanMove(current, 'IN_PROGRESS', input.version);
      await this.prestart.assertCleared(tx, ctx.organizationId, id, primaryOf(current));
      const data: JobUpdate = {
        status: 'IN_PROGRESS',
        startedAt,
        startMeterHours: input.meterHours === undefined ? null : input.meterHours.toFixed(1),
      };
      await this.step(tx, ctx, current, 'IN_PROGRESS', data, 'job.started');
      await this.recordMeter(tx, ctx, current, input, startedAt);
      const after = toJob(await this.load(tx, ctx, id, {}));
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'job.started', 'job', id, {
          before: { status: current.status },
          after: { status: after.status, startedAt: after.startedAt, startMeterHours: after.startMeterHours },
          ...occurredAtAudit(input.startedAt ? undefined : input.occurredAt, startedAt),
        }),
      );
      return after;
    });
  }

  /**
   * IN_PROGRESS → COMPLETED. actualHours defaults to the meter delta; the end meter is
   * recorded on the primary machine; bookings past the completion time are given back.
   */
  async complete(ctx: OrgContext, id: string, input: TCompleteJobRequest): Promise<TJob> {
    const completedAt = input.completedAt
      ? this.notInFuture(input.completedAt, 'completedAt')
      : resolveOccurredAt(input.occurredAt);
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      assertCanMove(current, 'COMPLETED', input.version);
      if (current.startedAt && completedAt < current.startedAt)
        throw JobErrors.invalid('completedAt', 'must not be before the job started');
      const startMeter = current.startMeterHours === null ? null : Number(current.startMeterHours.toFixed(1));
      const actualHours = workedHours(input, startMeter, current.startedAt, completedAt);
      const data: JobUpdate = {
        status: 'COMPLETED',
        completedAt,
        endMeterHours: input.meterHours === undefined ? null : input.meterHours.toFixed(1),
        actualHours: actualHours.toFixed(2),
        areaDoneM2: Math.round(input.areaDoneHa * 10_000),
        fuelLiters: input.fuelLiters === undefined ? null : input.fuelLiters.toFixed(2),
        completionNotes: input.notes ?? null,
      };
      await this.step(tx, ctx, current, 'COMPLETED', data, 'job.completed');
      await this.recordMeter(tx, ctx, current, input, completedAt);
      const live = current.assignments[0];
      if (live && completedAt < live.endsAt) {
        // finished early: the rest of the slot is free again (all of it if it never began)
        if (completedAt <= live.startsAt)
          await this.bookings.releaseAssignment(tx, ctx.organizationId, live.id, completedAt);
        else await this.bookings.trimAssignment(tx, ctx.organizationId, live.id, completedAt);
      }
      const after = toJob(await this.load(tx, ctx, id, {}));
      const { status, completedAt: c, endMeterHours, actualHours: h, areaDoneHa, fuelLiters, completionNotes } = after;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'job.completed', 'job', id, {
          before: { status: current.status },
          after: { status, completedAt: c, endMeterHours, actualHours: h, areaDoneHa, fuelLiters, completionNotes },
          ...occurredAtAudit(input.completedAt ? undefined : input.occurredAt, completedAt),
        }),
      );
      return after;
    });
  }

  /** PLANNED / SCHEDULED → CANCELLED; the assignment and its bookings are released (the machines are free again). */
  async cancel(ctx: OrgContext, id: string, input: TCancelJobRequest): Promise<TJob> {
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      assertCanMove(current, 'CANCELLED', input.version);
      const now = new Date();
      await this.step(
        tx,
        ctx,
        current,
        'CANCELLED',
        { status: 'CANCELLED', cancelledAt: now, cancelReason: input.reason },
        'job.cancelled',
      );
      const live = current.assignments[0];
      if (live) {
        await this.bookings.releaseAssignment(tx, ctx.organizationId, live.id, now);
        await this.repo.releaseAssignment(tx, ctx.organizationId, live.id, now);
      }
      const before = toJob(current);
      const after = toJob(await this.load(tx, ctx, id, {}));
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'job.cancelled', 'job', id, {
          before: { status: before.status, assignment: assignmentSummary(before.assignment) },
          after: { status: after.status, cancelReason: after.cancelReason, assignment: null },
        }),
      );
      return after;
    });
  }

  /** A job inside the caller's scope (another org's or out of scope → 404). */
  private async load(
    tx: Tx | undefined,
    ctx: OrgContext,
    id: string,
    scope: Prisma.JobWhereInput = jobScope(ctx),
  ): Promise<JobRow> {
    const j = await this.repo.findById(tx, ctx.organizationId, id, scope);
    if (!j) throw JobErrors.jobNotFound();
    return j;
  }

  /**
   * An execution step's write: the job moves to `to` only from a status that may move there and
   * at the version the step checked (a lost race → the refusal the winner's state calls for);
   * integrations hear `event`.
   */
  private async step(
    tx: Tx,
    ctx: OrgContext,
    current: JobRow,
    to: TJobStatus,
    data: JobUpdate,
    event: TWebhookEventType,
  ): Promise<void> {
    const ok = await this.repo.updateIfState(
      tx,
      ctx.organizationId,
      current.id,
      { statuses: sourcesOf(to), version: current.version, scope: jobScope(ctx) },
      data,
    );
    if (!ok) return lostRace(this.repo, tx, ctx.organizationId, current.id, to);
    await WebhookEvents.emit(tx, ctx, event, current.id);
  }

  /** The meter a step read, recorded on the job's primary machine (the job, assigned to me, authorizes it). */
  private async recordMeter(
    tx: Tx,
    ctx: OrgContext,
    job: JobRow,
    input: Pick<TStartJobRequest, 'meterHours' | 'confirmMeterJump'>,
    readAt: Date,
  ): Promise<void> {
    const primary = primaryOf(job);
    if (input.meterHours === undefined || !primary) return;
    await this.meters.recordIn(
      tx,
      ctx,
      primary,
      { readingHours: input.meterHours, readAt, source: 'JOB', confirmJump: input.confirmMeterJump },
      { scopeChecked: true },
    );
  }

  private notInFuture(at: string | undefined, path: string): Date {
    const now = Date.now();
    const d = at ? new Date(at) : new Date(now);
    if (d.getTime() > now + FUTURE_SKEW_MS) throw JobErrors.invalid(path, 'must not be in the future');
    return d;
  }
}
