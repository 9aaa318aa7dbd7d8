import { Injectable } from '@nestjs/common';
import type {
  TCreatePrestartCheckRequest,
  TJobPrestart,
  TListPrestartChecksResponse,
  TListPrestartListsResponse,
  TPrestartAnswer,
  TPrestartCheck,
  TPutPrestartListRequest,
} from '@amms/contracts/prestart';
import { ZPutPrestartListRequest } from '@amms/contracts/prestart';
import { AuditService } from '../audit/audit.service.js';
import { WorkOrdersService } from '../maintenance/work-orders.service.js';
import { assetScope } from '../platform/access/asset-scope.js';
import type { OrgContext } from '../platform/access/context.js';
import { jobScope } from '../platform/access/job-scope.js';
import { resolveOccurredAt } from '../platform/http/occurred-at.js';
import { PrestartErrors } from './prestart.errors.js';
import { answersOf, faultText, toPrestartCheck, toPrestartItem } from './prestart.mappers.js';
import { PrestartRepository, type PrestartCheckRow } from './prestart.repository.js';

/** Pre-start lists (per model or kind) and the operators' checks before a job (issue #31 §2). */
@Injectable()
export class PrestartService {
  constructor(
    private readonly repo: PrestartRepository,
    private readonly workOrders: WorkOrdersService,
    private readonly audit: AuditService,
  ) {}

  async lists(ctx: OrgContext): Promise<TListPrestartListsResponse> {
    const rows = await this.repo.allItems(ctx.organizationId);
    const lists = new Map<string, TListPrestartListsResponse['items'][number]>();
    for (const r of rows) {
      const key = r.modelId ?? `kind:${r.kind}`;
      let list = lists.get(key);
      if (!list) {
        list = {
          modelId: r.modelId,
          modelName: r.model ? `${r.model.manufacturer} ${r.model.name}` : null,
          kind: r.kind,
          items: [],
        };
        lists.set(key, list);
      }
      list.items.push(toPrestartItem(r));
    }
    return { items: [...lists.values()] };
  }

  /** Replace one scope's list (an empty list removes it). Checks already made keep their own copy. */
  async putList(ctx: OrgContext, raw: TPutPrestartListRequest): Promise<TListPrestartListsResponse> {
    const input = ZPutPrestartListRequest.parse(raw);
    if ((input.modelId === undefined) === (input.kind === undefined)) throw PrestartErrors.scopeInvalid();
    if (ctx.dataScope !== 'ORG') throw PrestartErrors.listOutOfScope();
    if (input.modelId && !(await this.repo.visibleModel(ctx.organizationId, input.modelId)))
      throw PrestartErrors.modelNotFound();
    const scope = input.modelId ? { modelId: input.modelId } : { kind: input.kind! };
    const items = input.items.map((it) => ({
      label: it.label,
      blocksStart: it.blocksStart,
      sourceTitle: it.sourceTitle ?? null,
      sourcePage: it.sourcePage ?? null,
    }));
    await this.repo.transaction(async (tx) => {
      await this.repo.replace(tx, ctx.organizationId, scope, items);
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'prestart.list_replaced', 'prestart_list', input.modelId ?? input.kind!, {
          after: { ...scope, items: items.map((i) => i.label) },
        }),
      );
    });
    return this.lists(ctx);
  }

  async forJob(ctx: OrgContext, jobId: string): Promise<TJobPrestart> {
    const job = await this.repo.findJob(undefined, ctx.organizationId, jobId, jobScope(ctx));
    if (!job) throw PrestartErrors.jobNotFound();
    const assetId = job.assignments[0]?.machines[0]?.assetId ?? null;
    const items = assetId ? await this.repo.itemsForAsset(undefined, ctx.organizationId, assetId) : [];
    const checks = (await this.repo.checksOfJob(undefined, ctx.organizationId, jobId)).filter(
      (c) => c.assetId === assetId,
    );
    const latest = checks[0];
    return {
      assetId,
      items: items.map(toPrestartItem),
      checks: await this.withNumbers(ctx, checks),
      cleared: items.length === 0 || (latest !== undefined && !latest.blocking),
    };
  }

  async forAsset(ctx: OrgContext, assetId: string): Promise<TListPrestartChecksResponse> {
    // the machine must be one the caller may see (404 otherwise, like every other machine read)
    if (!(await this.repo.visibleAsset(ctx.organizationId, assetId, assetScope(ctx))))
      throw PrestartErrors.assetNotFound();
    return { items: await this.withNumbers(ctx, await this.repo.checksOfAsset(ctx.organizationId, assetId, 50)) };
  }

  /**
   * The operator's answers for the job's main machine: one per item of its current list. A failed
   * item opens a fault report (a CORRECTIVE work order, the items and notes filled in; the machine is
   * down when a blocking item failed). The check is written first, so a failing fault report never
   * loses the answers; the order is keyed by the check, so a retry does not open a second one.
   */
  async check(ctx: OrgContext, jobId: string, input: TCreatePrestartCheckRequest): Promise<TPrestartCheck> {
    const performedAt = resolveOccurredAt(input.occurredAt);
    const org = ctx.organizationId;
    const row = await this.repo.transaction(async (tx) => {
      const job = await this.repo.findJob(tx, org, jobId, jobScope(ctx));
      if (!job) throw PrestartErrors.jobNotFound();
      await this.repo.lockJob(tx, org, jobId);
      if (job.status !== 'SCHEDULED') throw PrestartErrors.notCheckable(job.status);
      const assetId = job.assignments[0]?.machines[0]?.assetId;
      if (!assetId) throw PrestartErrors.noMachine();
      const items = await this.repo.itemsForAsset(tx, org, assetId);
      if (items.length === 0) throw PrestartErrors.noList();
      const byId = new Map(input.answers.map((a) => [a.itemId, a]));
      const unknown = [...byId.keys()].filter((id) => !items.some((i) => i.id === id));
      const missing = items.filter((i) => !byId.has(i.id)).map((i) => i.id);
      if (unknown.length > 0 || missing.length > 0 || byId.size !== input.answers.length)
        throw PrestartErrors.answersMismatch(unknown, missing);
      const answers: TPrestartAnswer[] = items.map((i) => ({
        itemId: i.id,
        label: i.label,
        blocksStart: i.blocksStart,
        sourceTitle: i.sourceTitle,
        sourcePage: i.sourcePage,
        result: byId.get(i.id)!.result,
        note: byId.get(i.id)!.note || null,
      }));
      const failed = answers.filter((a) => a.result === 'FAILED');
      const created = await this.repo.insertCheck(tx, {
        organizationId: org,
        jobId,
        assetId,
        performedByMembershipId: ctx.membershipId,
        performedAt,
        answers,
        failedCount: failed.length,
        blocking: failed.some((a) => a.blocksStart),
      });
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'prestart.checked', 'job', jobId, {
          after: { checkId: created.id, assetId, failed: failed.map((a) => a.label), blocking: created.blocking },
        }),
      );
      return created;
    });
    const failed = failedOf(row);
    if (failed.length > 0) {
      const text = faultText(failed);
      const wo = await this.workOrders.create(
        ctx,
        {
          type: 'CORRECTIVE',
          assetId: row.assetId,
          title: text.title,
          description: text.description,
          priority: row.blocking ? 4 : 3,
          causesDowntime: row.blocking,
          occurredAt: input.occurredAt,
        },
        { itemKey: `prestart:${row.id}` },
      );
      await this.repo.setWorkOrder(org, row.id, wo.id);
      row.workOrderId = wo.id;
    }
    return (await this.withNumbers(ctx, [row]))[0]!;
  }

  private async withNumbers(ctx: OrgContext, rows: PrestartCheckRow[]): Promise<TPrestartCheck[]> {
    const ids = rows.flatMap((r) => (r.workOrderId ? [r.workOrderId] : []));
    const numbers = new Map(
      (await this.repo.workOrderNumbers(ctx.organizationId, ids)).map((w) => [w.id, w.number] as const),
    );
    return rows.map((r) => toPrestartCheck(r, numbers));
  }
}

const failedOf = (row: PrestartCheckRow) => answersOf(row.answers).filter((a) => a.result === 'FAILED');
