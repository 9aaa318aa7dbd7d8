import { costScope } from '../platform/access/cost-scope.js';
import { Injectable } from '@nestjs/common';
import {
  canTransitionCost,
  lineAmountMinor,
  type TCostDocumentDetail,
  type TCostLineInput,
  type TCreateCostDocumentRequest,
  type TListCostDocumentsQuery,
  type TListCostDocumentsResponse,
  type TUpdateCostDocumentRequest,
} from '@amms/contracts/costs';
import type { Prisma } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { diff } from '../audit/changes.js';
import { versionConflict } from '../platform/errors/app-error.js';
import { keysetList, sortSpec } from '../platform/http/list-page.js';
import { isUniqueViolation } from '../platform/prisma/db-errors.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { CostErrors } from './costs.errors.js';
import {
  COST_AUDIT_EVENT,
  COST_TRANSITION_TARGET,
  COST_WEBHOOK_EVENT,
  transitionWrite,
  type Transition,
} from './cost-workflow.js';
import {
  auditView,
  calendarDate,
  toCostDocument,
  toCostDocumentDetail,
  type CostDocumentWithLines,
} from './costs.mappers.js';
import {
  CostsRepository,
  type CostDocumentData,
  type CostDocumentUpdate,
  type CostLineData,
} from './costs.repository.js';
import { assetScope } from '../platform/access/asset-scope.js';
import { jobScope } from '../platform/access/job-scope.js';
import { workOrderScope } from '../platform/access/maintenance-scope.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';

/** Running numbers are allocated under a lock; a unique violation (a number written some other way) is retried. */
const NUMBER_ATTEMPTS = 3;

/** `?sort=` fields of the document list (documentDate is a calendar date: many ties, broken by id). */
const COST_SORT = sortSpec<Prisma.CostDocumentWhereInput, Prisma.CostDocumentOrderByWithRelationInput>({
  documentDate: { type: 'date' },
  createdAt: { type: 'date' },
});

@Injectable()
export class CostsService {
  constructor(
    private readonly repo: CostsRepository,
    private readonly audit: AuditService,
  ) {
    audit.registerReader('cost_document', (ctx, id) => this.get(ctx, id));
  }

  async list(ctx: OrgContext, q: TListCostDocumentsQuery): Promise<TListCostDocumentsResponse> {
    return keysetList(
      q,
      COST_SORT,
      (page) =>
        this.repo.list(ctx.organizationId, {
          ...page,
          status: q.status,
          category: q.category,
          assetId: q.assetId,
          jobId: q.jobId,
          workOrderId: q.workOrderId,
          from: q.from ? calendarDate(q.from) : undefined,
          to: q.to ? calendarDate(q.to) : undefined,
          scope: costScope(ctx),
        }),
      toCostDocument,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TCostDocumentDetail> {
    const d = await this.repo.findByIdWithLines(undefined, ctx.organizationId, id, costScope(ctx));
    if (!d) throw CostErrors.documentNotFound();
    return toCostDocumentDetail(d);
  }

  /** `opts.before` runs first inside the transaction (a caller's own check under its own lock). */
  async create(
    ctx: OrgContext,
    input: TCreateCostDocumentRequest,
    opts: { before?: (tx: Tx) => Promise<void> } = {},
  ): Promise<TCostDocumentDetail> {
    const lines = toLineData(input.lines);
    const data: CostDocumentData = {
      category: input.category,
      documentDate: calendarDate(input.documentDate),
      supplier: input.supplier ?? null,
      description: input.description ?? null,
      assetId: input.assetId ?? null,
      jobId: input.jobId ?? null,
      workOrderId: input.workOrderId ?? null,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.repo.transaction(async (tx) => {
          await opts.before?.(tx);
          await this.assertReferences(tx, ctx, data);
          const number = await this.repo.nextNumber(tx, ctx.organizationId);
          const d = await this.repo.create(
            tx,
            ctx.organizationId,
            {
              ...data,
              number,
              totalMinor: sum(lines),
              createdByMembershipId: ctx.membershipId,
              createdByUserId: ctx.actorUserId,
            },
            lines,
          );
          await this.audit.append(
            tx,
            this.audit.forCtx(ctx, 'cost.created', 'cost_document', d.id, { after: auditView(d) }),
          );
          return toCostDocumentDetail(d);
        });
      } catch (err) {
        // the only unique index a new document can hit is (organizationId, number)
        if (isUniqueViolation(err) && attempt < NUMBER_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  /** DRAFT only. `lines` replaces all lines; the total is recomputed in the same transaction. */
  async update(ctx: OrgContext, id: string, input: TUpdateCostDocumentRequest): Promise<TCostDocumentDetail> {
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      if (current.status !== 'DRAFT') throw CostErrors.notEditable(current.status);
      if (current.version !== input.version) throw versionConflict(toCostDocumentDetail(current));

      const data: CostDocumentUpdate = {};
      if (input.category !== undefined) data.category = input.category;
      if (input.documentDate !== undefined) data.documentDate = calendarDate(input.documentDate);
      if (input.supplier !== undefined) data.supplier = input.supplier;
      if (input.description !== undefined) data.description = input.description;
      if (input.assetId !== undefined) data.assetId = input.assetId;
      if (input.jobId !== undefined) data.jobId = input.jobId;
      if (input.workOrderId !== undefined) data.workOrderId = input.workOrderId;
      await this.assertReferences(tx, ctx, data);
      const lines = input.lines ? toLineData(input.lines) : undefined;
      if (lines) data.totalMinor = sum(lines);

      // the conditional update locks the row first, so the lines below are replaced by one writer at a time
      if (!(await this.repo.updateIf(tx, ctx.organizationId, id, { status: 'DRAFT', version: input.version }, data))) {
        const now = await this.load(tx, ctx, id);
        if (now.status !== 'DRAFT') throw CostErrors.notEditable(now.status);
        throw versionConflict(toCostDocumentDetail(now));
      }
      if (lines) await this.repo.replaceLines(tx, ctx.organizationId, id, lines);
      // unscoped: a TEAM member may have just linked the document to another team's asset
      const after = (await this.repo.findByIdWithLines(tx, ctx.organizationId, id, {}))!;
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'cost.updated', 'cost_document', id, diff(auditView(current), auditView(after))),
      );
      return toCostDocumentDetail(after);
    });
  }

  /** DRAFT only; a soft delete (the row stays for the audit trail and is hidden everywhere). */
  async remove(ctx: OrgContext, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      if (current.status !== 'DRAFT') throw CostErrors.notEditable(current.status);
      if (!(await this.repo.softDeleteIf(tx, ctx.organizationId, id, { status: 'DRAFT', version: current.version }))) {
        const now = await this.repo.findByIdWithLines(tx, ctx.organizationId, id, {});
        if (!now) throw CostErrors.documentNotFound();
        if (now.status !== 'DRAFT') throw CostErrors.notEditable(now.status);
        throw versionConflict(toCostDocumentDetail(now));
      }
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'cost.deleted', 'cost_document', id, {
          before: {
            deleted: false,
            number: current.number,
            status: current.status,
            totalMinor: current.totalMinor.toString(),
          },
          after: { deleted: true },
        }),
      );
    });
  }

  submit(ctx: OrgContext, id: string, version?: number) {
    return this.transition(ctx, id, 'submit', version);
  }

  approve(ctx: OrgContext, id: string, version?: number, comment?: string) {
    return this.transition(ctx, id, 'approve', version, comment);
  }

  reject(ctx: OrgContext, id: string, reason: string, version?: number) {
    return this.transition(ctx, id, 'reject', version, reason);
  }

  reopen(ctx: OrgContext, id: string, version?: number) {
    return this.transition(ctx, id, 'reopen', version);
  }

  /**
   * One workflow step. The expected status (and the version read) go into the UPDATE's
   * WHERE, so of two approvers racing exactly one row update succeeds; the other re-reads
   * and gets 409 INVALID_TRANSITION from the status the winner left.
   */
  private async transition(
    ctx: OrgContext,
    id: string,
    kind: Transition,
    version?: number,
    text?: string,
  ): Promise<TCostDocumentDetail> {
    const to = COST_TRANSITION_TARGET[kind];
    return this.repo.transaction(async (tx) => {
      const current = await this.load(tx, ctx, id);
      if (!canTransitionCost(current.status, to)) throw CostErrors.invalidTransition(current.status, to);
      if (version !== undefined && version !== current.version) throw versionConflict(toCostDocumentDetail(current));

      const data = transitionWrite(kind, ctx, current, text, new Date());

      if (
        !(await this.repo.updateIf(
          tx,
          ctx.organizationId,
          id,
          { status: current.status, version: current.version },
          data,
        ))
      ) {
        const latest = await this.load(tx, ctx, id);
        if (latest.status !== current.status) throw CostErrors.invalidTransition(latest.status, to);
        throw versionConflict(toCostDocumentDetail(latest));
      }
      const after = (await this.repo.findByIdWithLines(tx, ctx.organizationId, id, {}))!;
      const changes = diff(auditView(current), auditView(after));
      // status and total are always in the event, even where they did not change
      const event = {
        before: { ...changes.before, status: current.status, totalMinor: current.totalMinor.toString() },
        after: { ...changes.after, status: after.status, totalMinor: after.totalMinor.toString() },
      };
      await this.audit.append(tx, this.audit.forCtx(ctx, COST_AUDIT_EVENT[kind], 'cost_document', id, event));
      await WebhookEvents.emit(tx, ctx, COST_WEBHOOK_EVENT[kind], id);
      return toCostDocumentDetail(after);
    });
  }

  private async load(tx: Tx, ctx: OrgContext, id: string): Promise<CostDocumentWithLines> {
    const d = await this.repo.findByIdWithLines(tx, ctx.organizationId, id, costScope(ctx));
    if (!d) throw CostErrors.documentNotFound();
    return d;
  }

  /** Linked rows must be the org's: a missing one and another org's are the same 404, naming the field. */
  private async assertReferences(
    tx: Tx,
    ctx: OrgContext,
    ref: Pick<Partial<CostDocumentData>, 'assetId' | 'jobId' | 'workOrderId'>,
  ): Promise<void> {
    if (ref.assetId && !(await this.repo.assetExists(tx, ctx.organizationId, ref.assetId, assetScope(ctx))))
      throw CostErrors.referenceNotFound('assetId');
    if (ref.jobId && !(await this.repo.jobExists(tx, ctx.organizationId, ref.jobId, jobScope(ctx))))
      throw CostErrors.referenceNotFound('jobId');
    if (
      ref.workOrderId &&
      !(await this.repo.workOrderExists(tx, ctx.organizationId, ref.workOrderId, workOrderScope(ctx)))
    ) {
      throw CostErrors.referenceNotFound('workOrderId');
    }
  }
}

/** Validated lines → rows with their exact amounts (quantity kept as the decimal the client wrote). */
function toLineData(lines: readonly TCostLineInput[]): CostLineData[] {
  return lines.map((l) => ({
    description: l.description,
    quantity: String(l.quantity),
    unit: l.unit ?? null,
    unitPriceMinor: BigInt(l.unitPriceMinor),
    amountMinor: lineAmountMinor(l.quantity, l.unitPriceMinor),
  }));
}

const sum = (lines: readonly CostLineData[]) => lines.reduce((t, l) => t + l.amountMinor, 0n);
