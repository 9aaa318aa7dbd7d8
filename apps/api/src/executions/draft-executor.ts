import { Inject, Injectable, Logger } from '@nestjs/common';
import type { TDraftItem } from '@amms/contracts/drafts';
import type { Execution } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { AssignmentsBatch, type PlannedAssignment } from '../jobs/assign-batch.service.js';
import { AssignmentsService } from '../jobs/assignments.service.js';
import { AssignPartsService } from '../jobs/assign-parts.service.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { PurchasesService } from '../inventory/purchases.service.js';
import { MemberLeaveRepository } from '../tenancy/member-leave.repository.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { OrgContext } from '../platform/access/context.js';
import { ChangeSignals } from '../platform/redis/change-signals.js';
import { ExecutionEndings, FINISHED, type ExecutionOutcome } from './execution-endings.js';
import { recheckExecution, type AnyItem } from './execution-recheck.js';
import { executionTopic, receiptEventData } from './executions.mappers.js';
import { ExecutionsRepository, type NewReceipt } from './executions.repository.js';
import { ItemSteps, draftVersionOf } from './item-steps.js';

export type { ExecutionOutcome } from './execution-endings.js';

/**
 * The worker side of an execution. Nothing captured at enqueue time is trusted: the execution,
 * the draft and its confirmation, the initiator's membership (rebuilt into an OrgContext) and the
 * confirmer's are re-read; every item goes through AssignmentsService with its item key.
 *
 * Items go in chunks (`WORKER_EXECUTION_CHUNK`, 50). In a chunk, each run of consecutive items
 * that pass every assign check on one set of reads is written in ONE transaction (AssignmentsBatch:
 * jobs, assignments, bookings, then the receipts and the audit events, appended to the chain
 * together) — it all commits or none of it does. Any other item, and a run the database refuses
 * as a whole (a booking taken since, a job changed, a receipt a concurrent run wrote), goes item
 * by item as below, which says exactly why an item was refused.
 *
 * Crash safety, item by item: (1) assign — idempotent per item key, so a re-run returns the first
 * result — then (2) its receipt, unique per (execution, item key). A kill between (1) and (2) is
 * repaired by the re-run: (1) answers with the existing assignment and (2) is written then. A
 * batch has no such gap (one transaction); a kill mid-batch leaves nothing of it, and the re-run
 * writes it again. Two runs of one execution at once (a stalled job re-delivered while a restart
 * sweep re-enqueued it) are safe for the same reasons; status moves use conditional updates so
 * events are written once.
 */
@Injectable()
export class DraftExecutor {
  private readonly log = new Logger(DraftExecutor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: ExecutionsRepository,
    private readonly drafts: DraftsRepository,
    private readonly assignments: AssignmentsService,
    private readonly batch: AssignmentsBatch,
    private readonly workOrders: WorkOrdersService,
    private readonly audit: AuditService,
    private readonly cache: CacheService,
    private readonly signals: ChangeSignals,
    purchases: PurchasesService,
    leave: MemberLeaveRepository,
    parts: AssignPartsService,
  ) {
    this.steps = new ItemSteps(repo, assignments, workOrders, purchases, parts, leave);
    this.endings = new ExecutionEndings(repo, drafts, audit, cache, signals);
  }

  private readonly steps: ItemSteps;
  private readonly endings: ExecutionEndings;

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
    const checked = draft
      ? await recheckExecution({ drafts: this.drafts, repo: this.repo }, exec, draft)
      : { refusal: 'The draft no longer exists' };
    if ('refusal' in checked) return this.endings.refuse(exec, checked.refusal);
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
    // items with a receipt were written by an earlier (killed) run
    const open = [...items.entries()].filter(([, item]) => !done.has(item.itemKey));
    const size = this.config.worker.executionChunk;
    for (let at = 0; at < open.length; at += size) {
      await this.runChunk(ctx, exec, open.slice(at, at + size), items);
      await this.changed(exec.id);
    }
    return this.endings.finish(ctx, exec);
  }

  /**
   * One chunk, in item order: runs of items AssignmentsBatch planned go in one transaction each
   * (writeRun); an item it left out (a work order, an item assigned before a crash, a job that
   * changed, any failed check) goes alone, after the run before it.
   */
  private async runChunk(
    ctx: OrgContext,
    exec: Execution,
    chunk: [number, AnyItem][],
    all: readonly AnyItem[],
  ): Promise<void> {
    const jobItems = chunk.filter((c): c is [number, TDraftItem] => !('kind' in c[1]));
    const plans = await this.batch.plan(
      ctx,
      jobItems.map(([, item]) => item),
      (item, current) => draftVersionOf(item as TDraftItem, current),
    );
    const planOf = new Map(jobItems.map(([index], i) => [index, plans[i] ?? null]));
    let run: { index: number; item: TDraftItem; plan: PlannedAssignment }[] = [];
    for (const [index, item] of chunk) {
      const plan = planOf.get(index);
      if (plan && !('kind' in item)) {
        run.push({ index, item, plan });
        continue;
      }
      await this.writeRun(ctx, exec, run);
      run = [];
      await this.executeOne(ctx, exec, index, item, all);
    }
    await this.writeRun(ctx, exec, run);
  }

  private async executeOne(
    ctx: OrgContext,
    exec: Execution,
    index: number,
    item: AnyItem,
    all: readonly AnyItem[] = [],
  ): Promise<void> {
    await this.writeReceipt(ctx, exec, await this.steps.run(ctx, index, item, { id: exec.draftId, items: all }));
  }

  /**
   * A run of planned items in one transaction: their assignments and bookings, their SUCCEEDED
   * receipts and the audit events (job.assigned, execution.receipt per item, in item order).
   * Refused as a whole → nothing of it was written, and each item goes alone.
   */
  private async writeRun(
    ctx: OrgContext,
    exec: Execution,
    run: readonly { index: number; item: TDraftItem; plan: PlannedAssignment }[],
  ): Promise<void> {
    if (run.length === 0) return;
    try {
      await this.repo.transaction(async (tx) => {
        const written = await this.batch.write(
          tx,
          ctx,
          run.map((r) => r.plan),
        );
        const receipts = run.map(({ index, item }, i): NewReceipt => {
          const job = written[i]!.job;
          return {
            itemKey: item.itemKey,
            itemIndex: index,
            status: 'SUCCEEDED',
            recordType: 'job',
            recordId: job.id,
            detail: { assignmentId: job.assignment?.id ?? null, jobStatus: job.status, jobVersion: job.version },
          };
        });
        await this.repo.insertReceipts(tx, exec.organizationId, exec.id, receipts);
        await this.audit.appendMany(
          tx,
          written.flatMap((w, i) => [w.audit, this.receiptEvent(ctx, exec, receipts[i]!)]),
        );
      });
    } catch (err) {
      this.log.debug(`execution ${exec.id}: a run of ${run.length} items goes one by one (${(err as Error).message})`);
      for (const { index, item } of run) await this.executeOne(ctx, exec, index, item);
    }
  }

  private receiptEvent(ctx: OrgContext, exec: Execution, r: NewReceipt) {
    return this.audit.forCtx(ctx, 'execution.receipt', 'execution', exec.id, receiptEventData(r));
  }

  private async writeReceipt(ctx: OrgContext, exec: Execution, r: NewReceipt): Promise<void> {
    try {
      await this.repo.transaction(async (tx) => {
        await this.repo.insertReceipt(tx, exec.organizationId, exec.id, r);
        await this.audit.append(tx, this.receiptEvent(ctx, exec, r));
      });
    } catch (err) {
      // a concurrent run of the same execution wrote this item's receipt first
      if (!isUniqueViolation(err)) throw err;
    }
  }

  /** The worker gave up on an execution: see ExecutionEndings.abandon. */
  abandon(payload: { organizationId: string; executionId: string }, reason: string): Promise<ExecutionOutcome> {
    return this.endings.abandon(payload, reason);
  }
}
