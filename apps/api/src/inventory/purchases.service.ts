import { Injectable } from '@nestjs/common';
import { lineAmountMinor } from '@amms/contracts/costs';
import type { TPurchaseLine } from '@amms/contracts/drafts';
import type { TPurchase, TReceivePurchaseRequest, TReceivePurchaseResponse } from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import { transitionWrite } from '../costs/cost-workflow.js';
import { auditView } from '../costs/costs.mappers.js';
import { CostsRepository } from '../costs/costs.repository.js';
import type { OrgContext } from '../platform/access/context.js';
import { resolveOccurredAt } from '../platform/http/occurred-at.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { PurchaseErrors } from './purchase.errors.js';
import { LedgerService } from './ledger.service.js';
import { locationOf, partOf, visibleLocationIds } from './lookups.repository.js';
import { toMovement } from './inventory.mappers.js';
import { milliText, toMilli } from './quantity.js';
import { PurchasesRepository, type PurchaseRow } from './purchases.repository.js';

/**
 * The purchase of one supplier of a PURCHASE draft, unique per draft: a supplier is its name (each
 * part has its own PartSupplier row, so lines of one supplier carry different supplierIds).
 */
export const supplierKeyOf = (l: Pick<TPurchaseLine, 'supplierId' | 'supplierName'>) =>
  l.supplierName ? `name:${l.supplierName.trim()}` : 'none';

/**
 * Purchases: executing a confirmed PURCHASE draft writes, per supplier, one PARTS cost document
 * submitted into the costs approval flow (an accountant approves it, four-eyes as any document)
 * and the purchase lines it stands for; receiving writes RECEIPT movements at the line's unit
 * cost (the moving average moves) and counts what arrived.
 */
@Injectable()
export class PurchasesService {
  constructor(
    private readonly repo: PurchasesRepository,
    private readonly costs: CostsRepository,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The purchase of `supplier` for `draftId`, written once: a re-run (a retried item, a second
   * worker) finds it under the same lock and writes nothing. `lines` are the supplier's lines.
   */
  async ensure(ctx: OrgContext, draftId: string, lines: readonly TPurchaseLine[]): Promise<PurchaseRow> {
    const key = supplierKeyOf(lines[0]!);
    return this.repo.transaction(async (tx) => {
      await this.repo.lockDraftSupplier(tx, draftId, key);
      const found = await this.repo.findByDraftSupplier(tx, ctx.organizationId, draftId, key);
      if (found) return found;
      // the parts and locations are still the org's (and in the executing member's scope)
      for (const l of lines) {
        await partOf(tx, ctx, l.partId);
        await locationOf(tx, ctx, l.locationId);
      }
      const costLines = lines.map((l) => ({
        description: `${l.partNumber} ${l.partName}`.slice(0, 500),
        quantity: String(l.quantity),
        unit: null,
        unitPriceMinor: BigInt(l.unitCostMinor ?? 0),
        amountMinor: lineAmountMinor(l.quantity, BigInt(l.unitCostMinor ?? 0)),
      }));
      const now = new Date();
      const number = await this.costs.nextNumber(tx, ctx.organizationId);
      const doc = await this.costs.create(
        tx,
        ctx.organizationId,
        {
          category: 'PARTS',
          documentDate: new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`),
          supplier: lines[0]!.supplierName,
          description: `Purchase (draft ${draftId})`,
          assetId: null,
          jobId: null,
          workOrderId: null,
          number,
          totalMinor: costLines.reduce((t, l) => t + l.amountMinor, 0n),
          createdByMembershipId: ctx.membershipId,
          createdByUserId: ctx.actorUserId,
        },
        costLines,
      );
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'cost.created', 'cost_document', doc.id, { after: auditView(doc) }),
      );
      // into the approval flow at once: submitted, like a person's submit
      await this.costs.updateIf(
        tx,
        ctx.organizationId,
        doc.id,
        { status: 'DRAFT', version: doc.version },
        transitionWrite('submit', ctx, doc, undefined, now),
      );
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'cost.submitted', 'cost_document', doc.id, {
          before: { status: 'DRAFT', totalMinor: doc.totalMinor.toString() },
          after: { status: 'SUBMITTED', totalMinor: doc.totalMinor.toString() },
        }),
      );
      await WebhookEvents.emit(tx, ctx, 'cost_document.submitted', doc.id);
      const purchase = await this.repo.create(
        tx,
        {
          organizationId: ctx.organizationId,
          draftId,
          supplierKey: key,
          supplierName: lines[0]!.supplierName,
          costDocumentId: doc.id,
          createdByUserId: ctx.actorUserId,
        },
        lines.map((l, i) => ({
          position: i + 1,
          itemKey: l.itemKey,
          partId: l.partId,
          locationId: l.locationId,
          quantity: String(l.quantity),
          unitCostMinor: BigInt(l.unitCostMinor ?? 0),
        })),
      );
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'purchase.created', 'cost_document', doc.id, {
          draftId,
          purchaseId: purchase.id,
          supplier: lines[0]!.supplierName,
          lines: lines.map((l) => ({ partId: l.partId, locationId: l.locationId, quantity: l.quantity })),
        }),
      );
      return purchase;
    });
  }

  async get(ctx: OrgContext, costDocumentId: string): Promise<TPurchase> {
    const p = await this.repo.findByCostDocument(undefined, ctx.organizationId, costDocumentId);
    if (!p || !(await this.inScope(undefined, ctx, p))) throw PurchaseErrors.notFound();
    return toPurchase(p);
  }

  /**
   * What arrived: RECEIPT movements at each line's location and unit cost (the moving average
   * moves), the line's received count raised, all in one transaction under the lines' lock. A
   * purchase whose cost document was rejected (or is back in DRAFT) receives nothing: 409.
   */
  async receive(
    ctx: OrgContext,
    costDocumentId: string,
    input: TReceivePurchaseRequest,
  ): Promise<TReceivePurchaseResponse> {
    const occurredAt = resolveOccurredAt(input.occurredAt);
    const movements = await this.repo.transaction(async (tx) => {
      const first = await this.repo.findByCostDocument(tx, ctx.organizationId, costDocumentId);
      if (!first || !(await this.inScope(tx, ctx, first))) throw PurchaseErrors.notFound();
      await this.repo.lockLines(tx, ctx.organizationId, first.id);
      const p = (await this.repo.findByCostDocument(tx, ctx.organizationId, costDocumentId))!;
      const status = p.costDocument.status;
      if (status !== 'SUBMITTED' && status !== 'APPROVED') throw PurchaseErrors.notReceivable(status);
      const wanted = input.lines
        ? input.lines.map((r) => {
            const line = p.lines.find((l) => l.id === r.lineId);
            if (!line) throw PurchaseErrors.lineNotFound(r.lineId);
            return { line, milli: toMilli(r.quantity) };
          })
        : p.lines.map((line) => ({ line, milli: toMilli(line.quantity) - toMilli(line.received) }));
      const out = [];
      for (const { line, milli } of wanted) {
        if (milli <= 0n) continue;
        const open = toMilli(line.quantity) - toMilli(line.received);
        if (milli > open) throw PurchaseErrors.exceeds(line.part.partNumber, Number(milliText(open)));
        const part = await partOf(tx, ctx, line.partId);
        const location = await locationOf(tx, ctx, line.locationId);
        const m = await this.ledger.putIn(
          tx,
          ctx,
          {
            type: 'RECEIPT',
            part,
            location,
            milli,
            occurredAt,
            reason: input.reason ?? `purchase #${p.costDocument.number}`,
          },
          line.unitCostMinor,
        );
        await this.repo.addReceived(tx, ctx.organizationId, line, milliText(milli));
        out.push(m);
      }
      if (out.length === 0) throw PurchaseErrors.nothingToReceive();
      await this.audit.append(
        tx,
        this.audit.forCtx(ctx, 'purchase.received', 'cost_document', costDocumentId, {
          purchaseId: p.id,
          movements: out.map((m) => ({
            id: m.id,
            partId: m.partId,
            locationId: m.locationId,
            delta: m.delta.toString(),
          })),
        }),
      );
      return out;
    });
    return { purchase: await this.get(ctx, costDocumentId), movements: movements.map(toMovement) };
  }

  /** A purchase is the caller's when one of its lines' locations is in their stock scope. */
  private async inScope(tx: Tx | undefined, ctx: OrgContext, p: PurchaseRow): Promise<boolean> {
    if (ctx.dataScope === 'ORG') return true;
    const visible = await visibleLocationIds(tx ?? this.repo.client, ctx);
    return visible === null || p.lines.some((l) => visible.includes(l.locationId));
  }
}

export function toPurchase(p: PurchaseRow): TPurchase {
  return {
    id: p.id,
    costDocumentId: p.costDocumentId,
    costDocumentNumber: p.costDocument.number,
    status: p.costDocument.status,
    draftId: p.draftId,
    supplierName: p.supplierName,
    lines: p.lines.map((l) => ({
      id: l.id,
      position: l.position,
      partId: l.partId,
      partNumber: l.part.partNumber,
      nameZh: l.part.nameZh,
      locationId: l.locationId,
      quantity: Number(l.quantity.toString()),
      received: Number(l.received.toString()),
      unitCostMinor: l.unitCostMinor.toString(),
    })),
    createdAt: p.createdAt.toISOString(),
  };
}
