import { Injectable } from '@nestjs/common';
import type { StockMovement } from '@amms/db';
import type { TWorkOrderPartsRequest, TWorkOrderPartsView } from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { workOrderReadScope } from '../platform/access/maintenance-scope.js';
import { may } from '../platform/access/permission.js';
import { resolveOccurredAt } from '../platform/http/occurred-at.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { InventoryErrors } from './inventory.errors.js';
import { toMovement } from './inventory.mappers.js';
import { LedgerRepository, OPEN_WORK_ORDER } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import {
  addReservation,
  CLOSED_STATUSES,
  findReservation,
  locationOf,
  partOf,
  updateReservation,
  workOrderOf,
  workOrderStock,
} from './lookups.repository.js';
import { milliNumber, milliText, toMilli } from './quantity.js';

/**
 * A work order's parts: reserve (counted against availability while the order is open), issue
 * (an ISSUE movement valued at the moving average; the order's partsCostMinor grows by its
 * value), return (a RETURN valued at what the order paid on average, shrinking partsCostMinor)
 * and unreserve. Closing or cancelling the order frees what is still reserved: a reservation
 * holds stock only while its order is open (the availability queries join the order's status).
 */
@Injectable()
export class WorkOrderPartsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repo: LedgerRepository,
    private readonly audit: AuditService,
  ) {}

  async view(ctx: OrgContext, workOrderId: string, tx?: Tx): Promise<TWorkOrderPartsView> {
    const run = async (t: Tx) => {
      const found = await workOrderStock(t, ctx.organizationId, workOrderId, workOrderReadScope(ctx));
      if (!found) throw InventoryErrors.workOrderNotFound();
      const { wo, reservations, movements } = found;
      const open = (OPEN_WORK_ORDER as readonly string[]).includes(wo.status);
      return {
        workOrderId,
        reservations: reservations.map((r) => {
          const left = toMilli(r.quantity) - toMilli(r.issued);
          return {
            partId: r.partId,
            partNumber: r.part.partNumber,
            nameZh: r.part.nameZh,
            locationId: r.locationId,
            reserved: Number(r.quantity.toString()),
            issued: Number(r.issued.toString()),
            open: open && left > 0n ? milliNumber(left) : 0,
          };
        }),
        movements: movements.map(toMovement),
        partsCostMinor: (-movements.reduce((s, m) => s + m.valueMinor, 0n)).toString(),
      };
    };
    return tx ? run(tx) : this.repo.transaction(run);
  }

  async act(ctx: OrgContext, workOrderId: string, input: TWorkOrderPartsRequest): Promise<TWorkOrderPartsView> {
    const at = resolveOccurredAt(input.occurredAt);
    return this.ledger.transaction(async (tx) => {
      const movement = await this.apply(tx, ctx, workOrderId, { ...input, occurredAt: at });
      await this.audit.record(tx, ctx, `workorder.parts_${input.action.toLowerCase()}`, 'work_order', workOrderId, {
        partId: input.partId,
        locationId: input.locationId,
        quantity: input.quantity,
        ...(movement ? { movementId: movement.id, valueMinor: movement.valueMinor.toString() } : {}),
      });
      return this.view(ctx, workOrderId, tx);
    });
  }

  /** One action inside the caller's transaction; ISSUE and RETURN answer their movement. */
  async apply(
    tx: Tx,
    ctx: OrgContext,
    workOrderId: string,
    input: Omit<TWorkOrderPartsRequest, 'occurredAt'> & { occurredAt: Date },
  ): Promise<StockMovement | null> {
    const org = ctx.organizationId;
    const wo = await workOrderOf(tx, ctx, workOrderId);
    // the store keeper on any order in scope; otherwise the mechanic the order is assigned to
    if (!may(ctx, 'inventory.write') && (!ctx.membershipId || wo.assigneeMembershipId !== ctx.membershipId))
      throw InventoryErrors.notYourWorkOrder();
    if (CLOSED_STATUSES.includes(wo.status)) throw InventoryErrors.workOrderClosed(wo.status);
    const part = await partOf(tx, ctx, input.partId);
    const location = await locationOf(tx, ctx, input.locationId);
    const milli = toMilli(input.quantity);
    this.ledger.checkQuantity(part, milli);
    const key = { workOrderId, partId: part.id, locationId: location.id };
    const reservation = await findReservation(tx, key);
    const reserved = reservation ? toMilli(reservation.quantity) : 0n;
    const issued = reservation ? toMilli(reservation.issued) : 0n;
    switch (input.action) {
      case 'RESERVE': {
        const b = await this.repo.lockBalance(tx, org, part.id, location.id);
        const held = await this.repo.openReserved(tx, org, part.id, location.id);
        if (milli > b.onHand - held) {
          // a reservation of what is not there: the same answer as an issue, naming where else it is
          const leg = { type: 'ISSUE' as const, part, location, milli, occurredAt: input.occurredAt };
          await this.ledger.refuse(tx, ctx, leg, b.onHand - held);
        }
        await addReservation(tx, org, key, milliText(reserved + milli));
        return null;
      }
      case 'UNRESERVE': {
        const open = reserved - issued;
        if (milli > open) throw InventoryErrors.unreserveExceedsOpen(milliNumber(open > 0n ? open : 0n));
        await updateReservation(tx, key, { quantity: milliText(reserved - milli) });
        return null;
      }
      case 'ISSUE': {
        const m = await this.ledger.takeOut(tx, ctx, {
          type: 'ISSUE',
          part,
          location,
          milli,
          workOrderId,
          occurredAt: input.occurredAt,
          reason: input.reason ?? `WO-${String(wo.number).padStart(6, '0')}`,
        });
        if (reservation) await updateReservation(tx, key, { issued: milliText(issued + milli) });
        await this.repo.addWorkOrderPartsCost(tx, org, workOrderId, -m.valueMinor);
        return m;
      }
      case 'RETURN': {
        const net = await this.repo.issuedToWorkOrder(tx, org, workOrderId, part.id);
        if (milli > net.qty) throw InventoryErrors.returnExceedsIssued(milliNumber(net.qty));
        // valued at what the order paid per unit, so its parts cost goes back exactly
        const unit = net.qty > 0n ? (net.value * 1000n + net.qty / 2n) / net.qty : 0n;
        const m = await this.ledger.putIn(
          tx,
          ctx,
          { type: 'RETURN', part, location, milli, workOrderId, occurredAt: input.occurredAt, reason: input.reason },
          unit,
        );
        if (reservation) {
          const back = issued - milli;
          await updateReservation(tx, key, { issued: milliText(back > 0n ? back : 0n) });
        }
        await this.repo.addWorkOrderPartsCost(tx, org, workOrderId, -m.valueMinor);
        return m;
      }
    }
  }
}
