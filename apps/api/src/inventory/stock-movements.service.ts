import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { TCreateStockMovementRequest, TStockMovementResult } from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { may } from '../platform/access/permission.js';
import { resolveOccurredAt } from '../platform/http/occurred-at.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { InventoryErrors } from './inventory.errors.js';
import { toMovement, toWriteOff } from './inventory.mappers.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService, type LegPart } from './ledger.service.js';
import { createWriteOff, locationOf, partOf, writeOffThreshold } from './lookups.repository.js';
import { milliText, toMilli, valueOf } from './quantity.js';
import { WorkOrderPartsService } from './work-order-parts.service.js';

/**
 * POST /stock-movements: one movement of any type. Who may do what: receipts, transfers and
 * issues without an order are the store keeper's (inventory.write); adjustments and write-offs
 * need inventory.adjust; an issue or return naming a work order goes through the order's parts
 * (the store keeper, or the order's mechanic). A write-off worth more than the org's threshold
 * waits for a second person (four-eyes).
 */
@Injectable()
export class StockMovementsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repo: LedgerRepository,
    private readonly woParts: WorkOrderPartsService,
    private readonly audit: AuditService,
  ) {}

  async post(ctx: OrgContext, input: TCreateStockMovementRequest): Promise<TStockMovementResult> {
    const occurredAt = resolveOccurredAt(input.occurredAt);
    const milli = toMilli(input.quantity);
    if (input.type === 'TRANSFER') {
      if (!input.toLocationId) throw InventoryErrors.missingField('toLocationId', 'A transfer names toLocationId');
      if (input.toLocationId === input.locationId) throw InventoryErrors.sameLocation();
    }
    if (input.type === 'RECEIPT' && input.unitCostMinor == null)
      throw InventoryErrors.missingField('unitCostMinor', 'A receipt gives the unit cost paid');
    const viaOrder = (input.type === 'ISSUE' || input.type === 'RETURN') && input.workOrderId;
    if (!viaOrder) this.checkRight(ctx, input.type);
    if (!viaOrder && input.workOrderId)
      throw InventoryErrors.missingField('workOrderId', 'Only ISSUE and RETURN name a work order');

    return this.ledger.transaction(async (tx) => {
      if (viaOrder) {
        const m = await this.woParts.apply(tx, ctx, input.workOrderId!, {
          action: input.type as 'ISSUE' | 'RETURN',
          partId: input.partId,
          locationId: input.locationId,
          quantity: input.quantity,
          reason: input.reason,
          occurredAt,
        });
        return this.posted(tx, ctx, m!);
      }
      const part = await partOf(tx, ctx, input.partId);
      const location = await locationOf(tx, ctx, input.locationId);
      this.ledger.checkQuantity(part, milli);
      const base = { part, location, milli, occurredAt, reason: input.reason ?? null };
      switch (input.type) {
        case 'RECEIPT':
          return this.posted(
            tx,
            ctx,
            await this.ledger.putIn(tx, ctx, { ...base, type: 'RECEIPT' }, BigInt(input.unitCostMinor!)),
          );
        case 'RETURN': {
          // a return without an order (a loan back): valued at the current average
          const b = await this.repo.lockBalance(tx, ctx.organizationId, part.id, location.id);
          const unit = input.unitCostMinor != null ? BigInt(input.unitCostMinor) : b.avgCostMinor;
          return this.posted(tx, ctx, await this.ledger.putIn(tx, ctx, { ...base, type: 'RETURN' }, unit));
        }
        case 'ISSUE':
          return this.posted(tx, ctx, await this.ledger.takeOut(tx, ctx, { ...base, type: 'ISSUE' }));
        case 'TRANSFER': {
          const to = await locationOf(tx, ctx, input.toLocationId!, 'toLocationId');
          const out = await this.ledger.transfer(tx, ctx, part, location, to, milli, randomUUID(), base);
          return this.posted(tx, ctx, out);
        }
        case 'ADJUSTMENT': {
          if (input.direction === 'OUT')
            return this.posted(
              tx,
              ctx,
              await this.ledger.takeOut(tx, ctx, { ...base, type: 'ADJUSTMENT', limit: 'onHand' }),
            );
          const b = await this.repo.lockBalance(tx, ctx.organizationId, part.id, location.id);
          const unit = input.unitCostMinor != null ? BigInt(input.unitCostMinor) : b.avgCostMinor;
          return this.posted(tx, ctx, await this.ledger.putIn(tx, ctx, { ...base, type: 'ADJUSTMENT' }, unit));
        }
        case 'WRITE_OFF':
          return this.writeOff(tx, ctx, part, location, milli, base);
      }
    });
  }

  private checkRight(ctx: OrgContext, type: TCreateStockMovementRequest['type']): void {
    const right = type === 'ADJUSTMENT' || type === 'WRITE_OFF' ? 'inventory.adjust' : 'inventory.write';
    if (!may(ctx, right))
      throw right === 'inventory.adjust'
        ? InventoryErrors.adjustNeeded()
        : InventoryErrors.missingRight('inventory.write');
  }

  private async writeOff(
    tx: Tx,
    ctx: OrgContext,
    part: LegPart,
    location: { id: string; name: string },
    milli: bigint,
    base: { occurredAt: Date; reason: string | null },
  ): Promise<TStockMovementResult> {
    if (!base.reason) throw InventoryErrors.missingField('reason', 'A write-off gives its reason');
    const threshold = await writeOffThreshold(tx, ctx.organizationId);
    const b = await this.repo.lockBalance(tx, ctx.organizationId, part.id, location.id);
    const value = -valueOf(-milli, b.avgCostMinor);
    if (threshold !== null && value > threshold) {
      if (milli > b.onHand)
        await this.ledger.refuse(tx, ctx, { ...base, type: 'WRITE_OFF', part, location, milli }, b.onHand);
      const w = await createWriteOff(tx, {
        organizationId: ctx.organizationId,
        partId: part.id,
        locationId: location.id,
        quantity: milliText(milli),
        valueMinor: value,
        reason: base.reason,
        requestedByUserId: ctx.actorUserId,
      });
      await this.audit.record(tx, ctx, 'stock.write_off_requested', 'stock_write_off', w.id, {
        partId: part.id,
        locationId: location.id,
        quantity: milliText(milli),
        valueMinor: value.toString(),
        threshold: threshold.toString(),
      });
      return { status: 'PENDING_APPROVAL', writeOff: toWriteOff(w) };
    }
    const m = await this.ledger.takeOut(tx, ctx, {
      ...base,
      type: 'WRITE_OFF',
      part,
      location,
      milli,
      limit: 'onHand',
    });
    return this.posted(tx, ctx, m);
  }

  /** Audit of a posted movement; the answer of POST /stock-movements. */
  async posted(
    tx: Tx,
    ctx: OrgContext,
    m: Awaited<ReturnType<LedgerService['takeOut']>>,
  ): Promise<TStockMovementResult> {
    await this.audit.record(tx, ctx, `stock.${m.type.toLowerCase()}`, 'stock_movement', m.id, {
      partId: m.partId,
      locationId: m.locationId,
      delta: m.delta.toString(),
      valueMinor: m.valueMinor.toString(),
      ...(m.workOrderId ? { workOrderId: m.workOrderId } : {}),
      ...(m.counterLocationId ? { counterLocationId: m.counterLocationId } : {}),
    });
    return { status: 'POSTED', ...toMovement(m) };
  }
}
