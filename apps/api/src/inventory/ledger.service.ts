import { Injectable } from '@nestjs/common';
import type { StockMovement, StockMovementType } from '@amms/db';
import type { OrgContext } from '../platform/access/context.js';
import { sqlState } from '../platform/prisma/db-errors.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { WebhookEvents } from '../platform/outbox/webhook-events.js';
import { InventoryErrors } from './inventory.errors.js';
import { LedgerRepository } from './ledger.repository.js';
import { visibleLocationIds } from './lookups.repository.js';
import { isWhole, milliNumber, milliText, movingAverage, valueOf } from './quantity.js';

import type { LegLocation, LegPart } from './lookups.repository.js';
export type { LegLocation, LegPart };

export interface Leg {
  type: StockMovementType;
  part: LegPart;
  location: LegLocation;
  /** > 0 */
  milli: bigint;
  occurredAt: Date;
  workOrderId?: string | null;
  counterLocationId?: string | null;
  transferId?: string | null;
  countId?: string | null;
  reason?: string | null;
  /**
   * What an outgoing leg may take: `available` (on hand less what open work orders hold, the
   * order of `workOrderId` excepted: it takes its own reservation) or `onHand` (a count's
   * adjustment states what is physically there).
   */
  limit?: 'available' | 'onHand';
}

/**
 * The one place stock moves: each leg locks its balance row, checks, writes the balance and
 * appends its ledger row in the caller's transaction. Outgoing legs are valued at the moving
 * average; incoming legs at their own unit cost, which moves the average.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly repo: LedgerRepository) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.repo.transaction(fn);
  }

  checkQuantity(part: LegPart, milli: bigint): void {
    if (part.countedInPieces && !isWhole(milli)) throw InventoryErrors.notWhole(part.unit);
  }

  async takeOut(tx: Tx, ctx: OrgContext, leg: Leg): Promise<StockMovement> {
    const org = ctx.organizationId;
    this.checkQuantity(leg.part, leg.milli);
    const b = await this.repo.lockBalance(tx, org, leg.part.id, leg.location.id);
    const held =
      (leg.limit ?? 'available') === 'available'
        ? await this.repo.openReserved(tx, ctx.organizationId, leg.part.id, leg.location.id, leg.workOrderId)
        : 0n;
    const available = b.onHand - held;
    if (leg.milli > available) await this.refuse(tx, ctx, leg, available);
    const delta = -leg.milli;
    try {
      await this.repo.setBalance(tx, leg.part.id, leg.location.id, milliText(delta), b.avgCostMinor);
    } catch (err) {
      // the database's CHECK (onHand >= 0): never reached while the row lock holds, kept as the last word
      // (the transaction is aborted then: no further query, so no "elsewhere")
      if (sqlState(err) === '23514')
        throw InventoryErrors.insufficient(leg.part.partNumber, milliNumber(leg.milli), 0, leg.location.name, []);
      throw err;
    }
    const movement = await this.repo.insertMovement(tx, org, {
      ...this.common(ctx, leg),
      delta: milliText(delta),
      unitCostMinor: b.avgCostMinor,
      valueMinor: valueOf(delta, b.avgCostMinor),
    });
    await this.lowCrossing(tx, ctx, leg, b);
    return movement;
  }

  /**
   * `stock.low` once per crossing: this movement took the available quantity (on hand less open
   * reservations) from above the location's reorder point to at or under it. Under the balance
   * row's lock, so two movements cannot both see themselves as the crossing one; the next
   * crossing needs a receipt (or a return) to lift it above the point first.
   */
  private async lowCrossing(
    tx: Tx,
    ctx: OrgContext,
    leg: Leg,
    b: { onHand: bigint; reorderPoint: bigint | null },
  ): Promise<void> {
    if (b.reorderPoint === null) return;
    // read before the caller moves the order's reservation (work-order-parts: after takeOut)
    const all = await this.repo.openReserved(tx, ctx.organizationId, leg.part.id, leg.location.id);
    const others = leg.workOrderId
      ? await this.repo.openReserved(tx, ctx.organizationId, leg.part.id, leg.location.id, leg.workOrderId)
      : all;
    // an issue against the order's own reservation does not change what is available
    const own = all - others;
    const consumed = leg.milli < own ? leg.milli : own;
    const before = b.onHand - all;
    const after = b.onHand - leg.milli - (all - consumed);
    if (before > b.reorderPoint && after <= b.reorderPoint) await WebhookEvents.emit(tx, ctx, 'stock.low', leg.part.id);
  }

  async putIn(tx: Tx, ctx: OrgContext, leg: Leg, unitCostMinor: bigint): Promise<StockMovement> {
    const org = ctx.organizationId;
    this.checkQuantity(leg.part, leg.milli);
    const b = await this.repo.lockBalance(tx, org, leg.part.id, leg.location.id);
    const avg = movingAverage(b.onHand, b.avgCostMinor, leg.milli, unitCostMinor);
    await this.repo.setBalance(tx, leg.part.id, leg.location.id, milliText(leg.milli), avg);
    return this.repo.insertMovement(tx, org, {
      ...this.common(ctx, leg),
      delta: milliText(leg.milli),
      unitCostMinor,
      valueMinor: valueOf(leg.milli, unitCostMinor),
    });
  }

  /** Locks both balances in one order (by location id) so two opposite transfers cannot deadlock. */
  async transfer(
    tx: Tx,
    ctx: OrgContext,
    part: LegPart,
    from: LegLocation,
    to: LegLocation,
    milli: bigint,
    transferId: string,
    base: Pick<Leg, 'occurredAt' | 'reason'>,
  ): Promise<StockMovement> {
    const [first, second] = from.id < to.id ? [from, to] : [to, from];
    await this.repo.lockBalance(tx, ctx.organizationId, part.id, first.id);
    await this.repo.lockBalance(tx, ctx.organizationId, part.id, second.id);
    const out = await this.takeOut(tx, ctx, {
      ...base,
      type: 'TRANSFER',
      part,
      location: from,
      milli,
      counterLocationId: to.id,
      transferId,
    });
    await this.putIn(
      tx,
      ctx,
      { ...base, type: 'TRANSFER', part, location: to, milli, counterLocationId: from.id, transferId },
      out.unitCostMinor,
    );
    return out;
  }

  private common(ctx: OrgContext, leg: Leg) {
    return {
      type: leg.type,
      partId: leg.part.id,
      locationId: leg.location.id,
      counterLocationId: leg.counterLocationId,
      transferId: leg.transferId,
      workOrderId: leg.workOrderId,
      countId: leg.countId,
      reason: leg.reason,
      actorUserId: ctx.actorUserId,
      membershipId: ctx.membershipId,
      occurredAt: leg.occurredAt,
    };
  }

  /** 409 INSUFFICIENT_STOCK naming what is available here and where else (of the caller's scope). */
  async refuse(tx: Tx, ctx: OrgContext, leg: Leg, available: bigint): Promise<never> {
    const visible = await visibleLocationIds(tx, ctx);
    const elsewhere = await this.repo.elsewhere(tx, ctx.organizationId, leg.part.id, leg.location.id, visible);
    throw InventoryErrors.insufficient(
      leg.part.partNumber,
      milliNumber(leg.milli),
      milliNumber(available > 0n ? available : 0n),
      leg.location.name,
      elsewhere,
    );
  }
}
