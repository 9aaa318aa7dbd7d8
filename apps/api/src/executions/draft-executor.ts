import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import {
  ZCorrectiveItem,
  ZDraftItem,
  ZMaintenanceItem,
  type TCorrectiveItem,
  type TDraftItem,
  type TMaintenanceItem,
} from '@amms/contracts/drafts';
import { roleHas } from '@amms/contracts/permissions';
import { correctiveRequest } from '../agent/skills/corrective.js';
import type { Draft, Execution, ExecutionStatus } from '@amms/db';
import { itemKeyOf } from '../planning/scheduler/scheduler.js';
import { AuditService } from '../audit/audit.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { draftScope } from '../drafts/drafts.service.js';
import { AssignmentsService } from '../jobs/assignments.service.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { AppError } from '../platform/errors/app-error.js';
import { PrismaService } from '../platform/prisma/prisma.service.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { OrgContext } from '../tenancy/context.js';
import { loadMember, memberContext } from '../tenancy/member-context.js';
import { ChangeSignals } from '../platform/redis/change-signals.js';
import { countsOf, executionTopic } from './executions.mappers.js';
import { ExecutionsRepository, type NewReceipt } from './executions.repository.js';
import { WebhookEvents } from '../integrations/webhooks/webhook-events.js';

/**
 * Refusals that mean "the world changed since the draft" (a CONFLICT receipt that says what);
 * any other error is a FAILED receipt (recorded once, never retried forever).
 */
const CONFLICT_CODES = new Set<string>([
  'BOOKING_CONFLICT',
  'ASSET_UNAVAILABLE',
  'INVALID_TRANSITION',
  'VERSION_CONFLICT',
  'OPERATOR_NOT_ELIGIBLE',
  'CAPABILITY_MISMATCH',
  'OUTSIDE_JOB_WINDOW',
  'INVALID_MACHINE_SET',
  'NOT_FOUND',
  'CONFLICT',
]);

/** The plan was deactivated or changed since the draft (work-orders.service refuses it as a planId field error). */
const planNoLongerApplies = (err: AppError) =>
  err.code === 'VALIDATION_FAILED' &&
  Array.isArray(err.details) &&
  err.details.some((d: { path?: string }) => d?.path === 'planId');

const FINISHED: readonly ExecutionStatus[] = ['SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED'];
const ZItems = z.array(ZDraftItem);
const ZWorkOrderItems = z.array(z.union([ZMaintenanceItem, ZCorrectiveItem]));
type AnyItem = TDraftItem | TMaintenanceItem | TCorrectiveItem;

export interface ExecutionOutcome {
  executionId: string;
  status: ExecutionStatus;
  skipped?: string;
}

/**
 * The worker side of an execution. Nothing captured at enqueue time is trusted: the execution,
 * the draft and its confirmation, the initiator's membership (rebuilt into an OrgContext) and the
 * confirmer's are re-read; every item goes through AssignmentsService with its item key.
 *
 * Crash safety: each item is (1) assign — idempotent per item key, so a re-run returns the first
 * result — then (2) its receipt, unique per (execution, item key). A kill between (1) and (2) is
 * repaired by the re-run: (1) answers with the existing assignment and (2) is written then. Two
 * runs of one execution at once (a stalled job re-delivered while a restart sweep re-enqueued it)
 * are safe for the same reasons; status moves use conditional updates so events are written once.
 */
@Injectable()
export class DraftExecutor {
  private readonly log = new Logger(DraftExecutor.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly repo: ExecutionsRepository,
    private readonly drafts: DraftsRepository,
    private readonly assignments: AssignmentsService,
    private readonly workOrders: WorkOrdersService,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    private readonly signals: ChangeSignals,
  ) {}

  /** after each commit that changed the execution: its open event streams re-read it now */
  private changed(executionId: string): Promise<void> {
    return this.signals.publish(executionTopic(executionId));
  }

  async run(payload: { organizationId: string; executionId: string }): Promise<ExecutionOutcome> {
    const { organizationId, executionId } = payload;
    const exec = await this.repo.findById(undefined, organizationId, executionId);
    if (!exec) return { executionId, status: 'FAILED', skipped: 'execution not found' };
    if (FINISHED.includes(exec.status)) return { executionId, status: exec.status, skipped: 'already finished' };

    const draft = await this.drafts.findById(undefined, organizationId, exec.draftId, {});
    const checked = draft ? await this.recheck(exec, draft) : { refusal: 'The draft no longer exists' };
    if ('refusal' in checked) return this.refuse(exec, checked.refusal);
    const { ctx, items } = checked;

    await this.repo.transaction(async (tx) => {
      // only the first run moves PENDING → RUNNING and says so; a resumed run goes on silently
      const first = await this.repo.updateIf(tx, organizationId, exec.id, ['PENDING'], {
        status: 'RUNNING',
        startedAt: new Date(),
      });
      if (first)
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'execution.started', 'execution', exec.id, {
            draftId: exec.draftId,
            version: exec.version,
            itemsTotal: items.length,
            before: { status: 'PENDING' },
            after: { status: 'RUNNING' },
          }),
        );
    });
    await this.changed(exec.id);

    const done = new Set((await this.repo.receipts(undefined, organizationId, exec.id)).map((r) => r.itemKey));
    for (const [index, item] of items.entries()) {
      if (done.has(item.itemKey)) continue; // written by an earlier (killed) run
      const receipt =
        'kind' in item ? await this.executeWorkOrder(ctx, index, item) : await this.executeItem(ctx, index, item);
      await this.writeReceipt(ctx, exec, receipt);
      await this.changed(exec.id);
    }
    return this.finish(ctx, exec);
  }

  /**
   * The rights and the confirmation as they are NOW: the initiator is still an ACTIVE member
   * with draft.execute and job.schedule (workorder.write for a MAINTENANCE draft) who can see
   * the draft; the confirmer is still an ACTIVE
   * member with draft.confirm; the draft still holds the confirmation of this version and hash.
   */
  private async recheck(
    exec: Execution,
    draft: Draft,
  ): Promise<{ refusal: string } | { ctx: OrgContext; items: AnyItem[] }> {
    const org = exec.organizationId;
    if (draft.status !== 'EXECUTING' || draft.confirmedVersion !== exec.version || !draft.confirmedHash) {
      return { refusal: `The draft no longer holds a confirmation of version ${exec.version}` };
    }
    const version = await this.drafts.findVersion(undefined, org, draft.id, exec.version);
    if (!version || version.contentHash !== draft.confirmedHash)
      return { refusal: 'The confirmed content hash does not match the version' };
    const items =
      draft.kind === 'MAINTENANCE' ? ZWorkOrderItems.safeParse(version.items) : ZItems.safeParse(version.items);
    if (!items.success) return { refusal: 'The draft version items are unreadable' };

    const initiator = exec.initiatorMembershipId
      ? await loadMember(this.prisma.client, org, exec.initiatorMembershipId)
      : null;
    if (!initiator || initiator.status !== 'ACTIVE' || initiator.userId !== exec.initiatorUserId)
      return { refusal: 'The member who requested the execution is no longer an active member' };
    const ctx = memberContext(
      org,
      {
        kind: 'USER',
        userId: initiator.userId,
        sessionId: `execution:${exec.id}`,
        isPlatformAdmin: initiator.isPlatformAdmin,
      },
      initiator,
      `execution:${exec.id}`,
    );
    for (const p of ['draft.execute', draft.kind === 'MAINTENANCE' ? 'workorder.write' : 'job.schedule'] as const) {
      if (!ctx.permissions.has(p)) return { refusal: `The member who requested the execution no longer has ${p}` };
    }
    if (!(await this.drafts.findById(undefined, org, draft.id, draftScope(ctx))))
      return { refusal: 'The draft is outside the requesting member’s data scope' };

    const confirmer = draft.confirmedByMembershipId
      ? await loadMember(this.prisma.client, org, draft.confirmedByMembershipId)
      : null;
    if (!confirmer || confirmer.status !== 'ACTIVE')
      return { refusal: 'The member who confirmed the draft is no longer an active member' };
    if (!roleHas(confirmer.role, 'draft.confirm'))
      return { refusal: 'The member who confirmed the draft no longer has draft.confirm' };
    return { ctx, items: items.data };
  }

  /** Assign one item (idempotent per item key) and say how it went, never throwing. */
  private async executeItem(ctx: OrgContext, index: number, item: TDraftItem): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    try {
      const job = await this.assignments.assign(
        ctx,
        item.jobId,
        {
          primaryAssetId: item.primaryAssetId,
          implementAssetIds: item.implementAssetIds,
          operatorMembershipId: item.operatorMembershipId,
          startsAt: item.startsAt,
          endsAt: item.endsAt,
          // the job as the draft saw it: a job edited or re-scheduled since → VERSION_CONFLICT
          version: await this.draftJobVersion(ctx.organizationId, item),
        },
        { itemKey: item.itemKey },
      );
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'job',
        recordId: job.id,
        detail: { assignmentId: job.assignment?.id ?? null, jobStatus: job.status, jobVersion: job.version },
      };
    } catch (err) {
      if (err instanceof AppError && CONFLICT_CODES.has(err.code)) {
        return {
          ...base,
          status: 'CONFLICT',
          recordType: 'job',
          recordId: item.jobId,
          detail: {
            code: err.code,
            message: err.message,
            ...(err.details === undefined ? {} : { details: err.details }),
          },
        };
      }
      this.log.error(`execution item ${item.itemKey} failed: ${(err as Error).message}`);
      return {
        ...base,
        status: 'FAILED',
        recordType: 'job',
        recordId: item.jobId,
        detail: {
          code: err instanceof AppError ? err.code : 'INTERNAL',
          message: err instanceof AppError ? err.message : 'Internal error',
        },
      };
    }
  }

  /**
   * Create one PREVENTIVE (a due plan) or CORRECTIVE (a diagnosis) work order (idempotent per item key: a re-run returns the first order)
   * with its window booked, and say how it went, never throwing.
   */
  private async executeWorkOrder(
    ctx: OrgContext,
    index: number,
    item: TMaintenanceItem | TCorrectiveItem,
  ): Promise<NewReceipt> {
    const base = { itemKey: item.itemKey, itemIndex: index };
    try {
      const wo = await this.workOrders.create(
        ctx,
        item.kind === 'WORK_ORDER'
          ? {
              type: 'PREVENTIVE',
              assetId: item.assetId,
              planId: item.planId,
              title: item.title,
              plannedStart: item.plannedStart,
              plannedEnd: item.plannedEnd,
              priority: 3,
            }
          : correctiveRequest(item),
        { itemKey: item.itemKey },
      );
      return {
        ...base,
        status: 'SUCCEEDED',
        recordType: 'work_order',
        recordId: wo.id,
        detail: { number: wo.number, workOrderStatus: wo.status },
      };
    } catch (err) {
      if (err instanceof AppError && (CONFLICT_CODES.has(err.code) || planNoLongerApplies(err))) {
        return {
          ...base,
          status: 'CONFLICT',
          recordType: 'work_order',
          recordId: null,
          detail: {
            code: err.code,
            message: err.message,
            ...(err.details === undefined ? {} : { details: err.details }),
          },
        };
      }
      this.log.error(`execution item ${item.itemKey} failed: ${(err as Error).message}`);
      return {
        ...base,
        status: 'FAILED',
        recordType: 'work_order',
        recordId: null,
        detail: {
          code: err instanceof AppError ? err.code : 'INTERNAL',
          message: err instanceof AppError ? err.message : 'Internal error',
        },
      };
    }
  }

  /**
   * The job version the draft was built on, recovered from the item key (the scheduler's key
   * hashes the job version in). Not found among 1..current → the draft never saw this job state:
   * 0, which assign refuses as VERSION_CONFLICT unless the item was already written.
   */
  private async draftJobVersion(organizationId: string, item: TDraftItem): Promise<number | undefined> {
    const job = await this.prisma.client.job.findFirst({
      where: { id: item.jobId, organizationId },
      select: { version: true },
    });
    if (!job) return undefined; // assign answers NOT_FOUND
    const plain = {
      jobId: item.jobId,
      primaryAssetId: item.primaryAssetId,
      implementAssetIds: item.implementAssetIds,
      operatorMembershipId: item.operatorMembershipId,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
    };
    for (let v = job.version; v >= 1; v--) if (itemKeyOf(plain, v) === item.itemKey) return v;
    return job.version + 1;
  }

  private async writeReceipt(ctx: OrgContext, exec: Execution, r: NewReceipt): Promise<void> {
    try {
      await this.repo.transaction(async (tx) => {
        await this.repo.insertReceipt(tx, exec.organizationId, exec.id, r);
        await this.audit.append(
          tx,
          this.audit.forCtx(ctx, 'execution.receipt', 'execution', exec.id, {
            itemKey: r.itemKey,
            itemIndex: r.itemIndex,
            status: r.status,
            recordType: r.recordType,
            recordId: r.recordId,
            detail: r.detail,
          }),
        );
      });
    } catch (err) {
      // a concurrent run of the same execution wrote this item's receipt first
      if (!isUniqueViolation(err)) throw err;
    }
  }

  private async finish(ctx: OrgContext, exec: Execution): Promise<ExecutionOutcome> {
    const org = exec.organizationId;
    const status = await this.repo.transaction(async (tx) => {
      const receipts = await this.repo.receipts(tx, org, exec.id);
      const counts = countsOf(exec.itemsTotal, receipts);
      const status: ExecutionStatus =
        counts.succeeded === exec.itemsTotal ? 'SUCCEEDED' : counts.succeeded === 0 ? 'FAILED' : 'PARTIAL';
      if (!(await this.repo.updateIf(tx, org, exec.id, ['RUNNING'], { status, finishedAt: new Date() }))) return null;
      await tx.draft.updateMany({
        where: { id: exec.draftId, organizationId: org, status: 'EXECUTING' },
        data: { status: 'EXECUTED', rowVersion: { increment: 1 } },
      });
      await WebhookEvents.emit(tx, ctx, 'execution.finished', exec.id);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'execution.finished', 'execution', exec.id, {
          draftId: exec.draftId,
          version: exec.version,
          counts,
          before: { status: 'RUNNING', draftStatus: 'EXECUTING' },
          after: { status, draftStatus: 'EXECUTED' },
        }),
      );
      return status;
    });
    if (!status) {
      const now = await this.repo.findById(undefined, org, exec.id);
      return { executionId: exec.id, status: now?.status ?? 'FAILED', skipped: 'finished by another run' };
    }
    // jobs were scheduled: analytics read models of the org are stale (never throws)
    await this.cache.invalidate(org, { resources: ['analytics'] });
    await this.changed(exec.id);
    return { executionId: exec.id, status };
  }

  /**
   * The worker gave up on an execution (its job failed past every BullMQ attempt: an error that
   * is not an item's refusal, e.g. the database away for minutes). Instead of leaving it RUNNING
   * forever, every item without a receipt gets one, as it really stands: an item whose write
   * landed before the failure (found by its item key) is SUCCEEDED with its record, the rest
   * FAILED (WORKER_GAVE_UP). Then the execution finishes PARTIAL / FAILED like any other, the
   * draft is EXECUTED (a new version is needed to try again) and a SYSTEM event says why.
   * Idempotent: a finished execution is left alone.
   */
  async abandon(payload: { organizationId: string; executionId: string }, reason: string): Promise<ExecutionOutcome> {
    const { organizationId: org, executionId } = payload;
    const exec = await this.repo.findById(undefined, org, executionId);
    if (!exec) return { executionId, status: 'FAILED', skipped: 'execution not found' };
    if (FINISHED.includes(exec.status)) return { executionId, status: exec.status, skipped: 'already finished' };
    const draft = await this.drafts.findById(undefined, org, exec.draftId, {});
    const version = draft ? await this.drafts.findVersion(undefined, org, draft.id, exec.version) : null;
    const parsed =
      draft?.kind === 'MAINTENANCE' ? ZWorkOrderItems.safeParse(version?.items) : ZItems.safeParse(version?.items);
    const items: AnyItem[] = parsed.success ? parsed.data : [];

    const status = await this.repo.transaction(async (tx) => {
      const done = new Set((await this.repo.receipts(tx, org, exec.id)).map((r) => r.itemKey));
      for (const [index, item] of items.entries()) {
        if (done.has(item.itemKey)) continue;
        const isWo = 'kind' in item;
        const written = isWo
          ? await tx.workOrder.findFirst({
              where: { organizationId: org, itemKey: item.itemKey },
              select: { id: true },
            })
          : await tx.assignment.findFirst({
              where: { organizationId: org, itemKey: item.itemKey },
              select: { jobId: true },
            });
        const r: NewReceipt = written
          ? {
              itemKey: item.itemKey,
              itemIndex: index,
              status: 'SUCCEEDED',
              recordType: isWo ? 'work_order' : 'job',
              recordId: 'jobId' in written ? written.jobId : written.id,
              detail: { recoveredAfter: 'WORKER_GAVE_UP' },
            }
          : {
              itemKey: item.itemKey,
              itemIndex: index,
              status: 'FAILED',
              recordType: isWo ? 'work_order' : 'job',
              recordId: isWo ? null : (item as TDraftItem).jobId,
              detail: { code: 'WORKER_GAVE_UP', message: reason },
            };
        await this.repo.insertReceipt(tx, org, exec.id, r);
        await this.audit.append(tx, {
          organizationId: org,
          action: 'execution.receipt',
          entityType: 'execution',
          entityId: exec.id,
          actorType: 'SYSTEM',
          requestId: `execution:${exec.id}`,
          data: {
            itemKey: r.itemKey,
            itemIndex: r.itemIndex,
            status: r.status,
            recordType: r.recordType,
            recordId: r.recordId,
            detail: r.detail,
          },
        });
      }
      const counts = countsOf(exec.itemsTotal, await this.repo.receipts(tx, org, exec.id));
      const status: ExecutionStatus =
        counts.succeeded > 0 && counts.succeeded === exec.itemsTotal
          ? 'SUCCEEDED'
          : counts.succeeded === 0
            ? 'FAILED'
            : 'PARTIAL';
      if (
        !(await this.repo.updateIf(tx, org, exec.id, ['PENDING', 'RUNNING'], {
          status,
          error: reason,
          finishedAt: new Date(),
        }))
      )
        return null;
      await tx.draft.updateMany({
        where: { id: exec.draftId, organizationId: org, status: 'EXECUTING' },
        data: { status: 'EXECUTED', rowVersion: { increment: 1 } },
      });
      await this.audit.append(tx, {
        organizationId: org,
        action: 'execution.abandoned',
        entityType: 'execution',
        entityId: exec.id,
        actorType: 'SYSTEM',
        requestId: `execution:${exec.id}`,
        data: {
          draftId: exec.draftId,
          version: exec.version,
          reason,
          counts,
          before: { status: exec.status, draftStatus: 'EXECUTING' },
          after: { status, draftStatus: 'EXECUTED' },
        },
      });
      return status;
    });
    if (!status) {
      const now = await this.repo.findById(undefined, org, exec.id);
      return { executionId: exec.id, status: now?.status ?? 'FAILED', skipped: 'finished by another run' };
    }
    await this.cache.invalidate(org, { resources: ['analytics'] });
    await this.changed(exec.id);
    return { executionId: exec.id, status };
  }

  /**
   * Refused: nothing (more) is written. The draft goes back to OPEN with its confirmation voided
   * (someone with the rights must confirm again; a new version is needed to execute again, since
   * an execution is unique per version) — unless items were already written by an earlier run,
   * then it is EXECUTED (the receipts say what was done). A SYSTEM event: the initiator may be gone.
   */
  private async refuse(exec: Execution, reason: string): Promise<ExecutionOutcome> {
    const org = exec.organizationId;
    const refused = await this.repo.transaction(async (tx) => {
      if (
        !(await this.repo.updateIf(tx, org, exec.id, ['PENDING', 'RUNNING'], {
          status: 'REFUSED',
          error: reason,
          finishedAt: new Date(),
        }))
      )
        return false;
      const written = (await this.repo.receipts(tx, org, exec.id)).length;
      const draftStatus = written > 0 ? 'EXECUTED' : 'OPEN';
      await tx.draft.updateMany({
        where: { id: exec.draftId, organizationId: org, status: 'EXECUTING' },
        data:
          draftStatus === 'OPEN'
            ? {
                status: 'OPEN',
                confirmedVersion: null,
                confirmedHash: null,
                confirmedByUserId: null,
                confirmedByMembershipId: null,
                confirmedAt: null,
                rowVersion: { increment: 1 },
              }
            : { status: 'EXECUTED', rowVersion: { increment: 1 } },
      });
      await this.audit.append(tx, {
        organizationId: org,
        action: 'execution.refused',
        entityType: 'execution',
        entityId: exec.id,
        actorType: 'SYSTEM',
        requestId: `execution:${exec.id}`,
        data: {
          draftId: exec.draftId,
          version: exec.version,
          reason,
          receiptsWritten: written,
          before: { status: exec.status, draftStatus: 'EXECUTING' },
          after: { status: 'REFUSED', draftStatus },
        },
      });
      return true;
    });
    if (refused) await this.changed(exec.id);
    return { executionId: exec.id, status: 'REFUSED', ...(refused ? {} : { skipped: 'finished by another run' }) };
  }
}
