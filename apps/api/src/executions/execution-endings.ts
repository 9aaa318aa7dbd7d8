import type { TDraftItem } from '@amms/contracts/drafts';
import type { Execution, ExecutionStatus } from '@amms/db';
import { AuditService, type AuditInput } from '../audit/audit.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { CacheService } from '../platform/cache/cache.service.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { NotifyOutbound } from '../notifications/outbound/notify-events.js';
import { ChangeSignals } from '../platform/redis/change-signals.js';
import { parseItems, type AnyItem } from './execution-recheck.js';
import { countsOf, executionTopic, receiptEventData } from './executions.mappers.js';
import { ExecutionsRepository, type NewReceipt, type RecordType } from './executions.repository.js';

export const FINISHED: readonly ExecutionStatus[] = ['SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED'];

export interface ExecutionOutcome {
  executionId: string;
  status: ExecutionStatus;
  skipped?: string;
}

/**
 * How an execution ends: finished after its items (SUCCEEDED / PARTIAL / FAILED), abandoned by
 * the worker, or refused before anything (more) is written. Status moves are conditional
 * updates, so a concurrent run of the same execution ends it once.
 */
export class ExecutionEndings {
  constructor(
    private readonly repo: ExecutionsRepository,
    private readonly drafts: DraftsRepository,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    private readonly signals: ChangeSignals,
  ) {}

  async finish(ctx: OrgContext, exec: Execution): Promise<ExecutionOutcome> {
    const org = exec.organizationId;
    const status = await this.repo.transaction(async (tx) => {
      const receipts = await this.repo.receipts(tx, org, exec.id);
      const counts = countsOf(exec.itemsTotal, receipts);
      const status: ExecutionStatus =
        counts.succeeded === exec.itemsTotal ? 'SUCCEEDED' : counts.succeeded === 0 ? 'FAILED' : 'PARTIAL';
      if (!(await this.repo.updateIf(tx, org, exec.id, ['RUNNING'], { status, finishedAt: new Date() }))) return null;
      await this.repo.draftExecuted(tx, org, exec.draftId);
      await WebhookEvents.emit(tx, ctx, 'execution.finished', exec.id);
      if (status !== 'SUCCEEDED') await NotifyOutbound.emit(tx, org, 'EXECUTION_FAILED', exec.id);
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
    return this.ended(exec, status);
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
    const parsed = parseItems(draft?.kind, version?.items);
    const items: AnyItem[] = parsed.success ? parsed.data : [];

    const status = await this.repo.transaction(async (tx) => {
      const done = new Set((await this.repo.receipts(tx, org, exec.id)).map((r) => r.itemKey));
      for (const [index, item] of items.entries()) {
        if (done.has(item.itemKey)) continue;
        const isWo = 'kind' in item;
        const recordType = recordTypeOf(item);
        const written = await this.repo.writtenRecord(tx, org, item.itemKey, recordType);
        const r: NewReceipt = written
          ? {
              itemKey: item.itemKey,
              itemIndex: index,
              status: 'SUCCEEDED',
              recordType,
              recordId: written,
              detail: { recoveredAfter: 'WORKER_GAVE_UP' },
            }
          : {
              itemKey: item.itemKey,
              itemIndex: index,
              status: 'FAILED',
              recordType,
              recordId: isWo ? null : (item as TDraftItem).jobId,
              detail: { code: 'WORKER_GAVE_UP', message: reason },
            };
        await this.repo.insertReceipt(tx, org, exec.id, r);
        await this.audit.append(tx, systemEvent(exec, 'execution.receipt', receiptEventData(r)));
      }
      const counts = countsOf(exec.itemsTotal, await this.repo.receipts(tx, org, exec.id));
      const status: ExecutionStatus =
        counts.succeeded > 0 && counts.succeeded === exec.itemsTotal
          ? 'SUCCEEDED'
          : counts.succeeded === 0
            ? 'FAILED'
            : 'PARTIAL';
      if (!(await this.endUnfinished(tx, exec, status, reason))) return null;
      await this.repo.draftExecuted(tx, org, exec.draftId);
      if (status !== 'SUCCEEDED') await NotifyOutbound.emit(tx, org, 'EXECUTION_FAILED', exec.id);
      await this.audit.append(
        tx,
        systemEvent(exec, 'execution.abandoned', {
          draftId: exec.draftId,
          version: exec.version,
          reason,
          counts,
          before: { status: exec.status, draftStatus: 'EXECUTING' },
          after: { status, draftStatus: 'EXECUTED' },
        }),
      );
      return status;
    });
    return this.ended(exec, status);
  }

  /**
   * Refused: nothing (more) is written. The draft goes back to OPEN with its confirmation voided
   * (someone with the rights must confirm again; a new version is needed to execute again, since
   * an execution is unique per version) — unless items were already written by an earlier run,
   * then it is EXECUTED (the receipts say what was done). A SYSTEM event: the initiator may be gone.
   */
  async refuse(exec: Execution, reason: string): Promise<ExecutionOutcome> {
    const org = exec.organizationId;
    const refused = await this.repo.transaction(async (tx) => {
      if (!(await this.endUnfinished(tx, exec, 'REFUSED', reason))) return false;
      const written = (await this.repo.receipts(tx, org, exec.id)).length;
      const draftStatus = written > 0 ? 'EXECUTED' : 'OPEN';
      if (draftStatus === 'OPEN') await this.repo.draftReopened(tx, org, exec.draftId);
      else await this.repo.draftExecuted(tx, org, exec.draftId);
      await this.audit.append(
        tx,
        systemEvent(exec, 'execution.refused', {
          draftId: exec.draftId,
          version: exec.version,
          reason,
          receiptsWritten: written,
          before: { status: exec.status, draftStatus: 'EXECUTING' },
          after: { status: 'REFUSED', draftStatus },
        }),
      );
      return true;
    });
    if (refused) await this.signals.publish(executionTopic(exec.id));
    return { executionId: exec.id, status: 'REFUSED', ...(refused ? {} : { skipped: 'finished by another run' }) };
  }

  /** Ends a PENDING / RUNNING execution with `status` and the reason; false → another run ended it first. */
  private endUnfinished(tx: Tx, exec: Execution, status: ExecutionStatus, reason: string): Promise<boolean> {
    return this.repo.updateIf(tx, exec.organizationId, exec.id, ['PENDING', 'RUNNING'], {
      status,
      error: reason,
      finishedAt: new Date(),
    });
  }

  /** After a finish / abandon: null → another run ended it (its status stands); else the readers hear of it. */
  private async ended(exec: Execution, status: ExecutionStatus | null): Promise<ExecutionOutcome> {
    const org = exec.organizationId;
    if (!status) {
      const now = await this.repo.findById(undefined, org, exec.id);
      return { executionId: exec.id, status: now?.status ?? 'FAILED', skipped: 'finished by another run' };
    }
    // jobs or work orders were written: analytics read models of the org are stale (never throws)
    await this.cache.invalidate(org, { resources: ['analytics', 'map'] });
    await this.signals.publish(executionTopic(exec.id));
    return { executionId: exec.id, status };
  }
}

/** An audit event of the execution written by the system (the worker), not by a person. */
function systemEvent(exec: Execution, action: string, data: Record<string, unknown>): AuditInput {
  return {
    organizationId: exec.organizationId,
    action,
    entityType: 'execution',
    entityId: exec.id,
    actorType: 'SYSTEM',
    requestId: `execution:${exec.id}`,
    data,
  };
}

/** What an item writes: a job's assignment, a work order, a purchase's cost document or a member's leave. */
export function recordTypeOf(item: AnyItem): RecordType {
  if (!('kind' in item)) return 'job';
  if (item.kind === 'PURCHASE_LINE') return 'cost_document';
  if (item.kind === 'LEAVE') return 'member_leave';
  return 'work_order';
}
