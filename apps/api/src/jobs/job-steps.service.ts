import { Injectable } from '@nestjs/common';
import type { TCancelJobRequest, TCompleteJobRequest, TJob, TJobStatus } from '@amms/contracts/jobs';
import type { TStartJobRequest } from '@amms/contracts/jobs';
import type { TWebhookEventType } from '@amms/contracts/webhooks';
import { AuditService } from '../audit/audit.service.js';
import { MeterReadingsService } from '../assets/meter-readings.service.js';
import { BookingsService } from '../bookings/bookings.service.js';
import { occurredAtAudit, resolveOccurredAt } from '../platform/http/occurred-at.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { jobScope } from '../platform/access/job-scope.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { PrestartGate } from '../prestart/prestart-gate.js';
import { JobFuelService } from '../telematics/fuel/job-fuel.service.js';
import { JobErrors } from './jobs.errors.js';
import { assignmentSummary, toJob, type JobRow } from './jobs.mappers.js';
import { JobsRepository, type JobUpdate } from './jobs.repository.js';
import { assertCanMove, loadJob, lostRace, primaryOf, sourcesOf } from './jobs.state.js';
import { workedHours } from './worked-hours.js';

/** Clock skew tolerated before a client's "startedAt/completedAt" counts as in the future. */
const FUTURE_SKEW_MS = 60_000;

/** A job's execution steps: start, complete, cancel (each a conditional move in one transaction). */
@Injectable()
export class JobStepsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly bookings: BookingsService,
    private readonly meters: MeterReadingsService,
    private readonly audit: AuditService,
    private readonly prestart: PrestartGate,
    private readonly fuel: JobFuelService,
  ) {}

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
   * `partial`: the same record of the work so far, but the job stays IN_PROGRESS and keeps its
   * slot (nothing released, no `job.completed` event; audited as `job.progress`).
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
      const partial = input.partial === true;
      const data: JobUpdate = {
        ...(partial ? {} : { status: 'COMPLETED' as const, completedAt }),
        endMeterHours: input.meterHours === undefined ? null : input.meterHours.toFixed(1),
        actualHours: actualHours.toFixed(2),
        areaDoneM2: Math.round(input.areaDoneHa * 10_000),
        fuelLiters: input.fuelLiters === undefined ? null : input.fuelLiters.toFixed(2),
        fuelSource: input.fuelLiters === undefined ? null : 'OPERATOR',
        completionNotes: input.notes ?? null,
      };
      await this.step(tx, ctx, current, 'COMPLETED', data, partial ? null : 'job.completed');
      await this.recordMeter(tx, ctx, current, input, completedAt);
      // the machine's fuel counter when the operator typed no litres; a fuel cost line where the org wants one
      await this.fuel.settle(tx, ctx, { jobIds: [id] });
      // every live assignment (a split job: each part)
      for (const live of partial ? [] : current.assignments) {
        if (completedAt >= live.endsAt) continue;
        // finished early: the rest of the slot is free again (all of it if it never began)
        if (completedAt <= live.startsAt)
          await this.bookings.releaseAssignment(tx, ctx.organizationId, live.id, completedAt);
        else await this.bookings.trimAssignment(tx, ctx.organizationId, live.id, completedAt);
      }
      const after = toJob(await this.load(tx, ctx, id, {}));
      const { status, completedAt: c, endMeterHours, actualHours: h, areaDoneHa, fuelLiters, completionNotes } = after;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, partial ? 'job.progress' : 'job.completed', 'job', id, {
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
      for (const live of current.assignments) {
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

  private load(tx: Tx, ctx: OrgContext, id: string, scope?: Parameters<typeof loadJob>[4]): Promise<JobRow> {
    return loadJob(this.repo, tx, ctx, id, scope);
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
    event: TWebhookEventType | null,
  ): Promise<void> {
    const ok = await this.repo.updateIfState(
      tx,
      ctx.organizationId,
      current.id,
      { statuses: sourcesOf(to), version: current.version, scope: jobScope(ctx) },
      data,
    );
    if (!ok) return lostRace(this.repo, tx, ctx.organizationId, current.id, to);
    if (event) await WebhookEvents.emit(tx, ctx, event, current.id);
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
