import { Injectable } from '@nestjs/common';
import type { TSetReorderRequest, TStockQuery, TStockRow } from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import { StockRepository } from './stock.repository.js';
import { InventoryErrors } from './inventory.errors.js';
import { locationOf, partOf } from './lookups.repository.js';
import { milliNumber, toMilli } from './quantity.js';

/**
 * On hand, reserved and available per part and location. On hand is the balance row written
 * with each movement (equal to the ledger's sum, see the e2e check); reserved is what open work
 * orders still hold. One indexed query, whatever the ledger's length.
 */
@Injectable()
export class StockQueriesService {
  constructor(
    private readonly repo: StockRepository,
    private readonly audit: AuditService,
  ) {}

  async rows(ctx: OrgContext, q: TStockQuery & { lowOnly?: boolean }): Promise<TStockRow[]> {
    const rows = await this.repo.balanceRows(ctx.organizationId, stockLocationScope(ctx), q);
    const out = rows.map((r) => {
      const available = toMilli(r.onHand) - toMilli(r.reserved);
      return {
        partId: r.partId,
        partNumber: r.partNumber,
        nameZh: r.nameZh,
        locationId: r.locationId,
        locationName: r.locationName,
        onHand: Number(r.onHand),
        reserved: Number(r.reserved),
        available: milliNumber(available),
        avgCostMinor: BigInt(r.avg).toString(),
        reorderPoint: r.reorderPoint === null ? null : Number(r.reorderPoint),
        reorderQty: r.reorderQty === null ? null : Number(r.reorderQty),
      };
    });
    return q.lowOnly ? out.filter((r) => r.reorderPoint !== null && r.available <= r.reorderPoint) : out;
  }

  /**
   * What will run out: available at or below the reorder point, with the supplier to order from
   * (the preferred one, else the fastest) and its lead time, most urgent (least available) first.
   */
  async low(ctx: OrgContext) {
    const rows = await this.rows(ctx, { lowOnly: true });
    const suppliers = await this.repo.suppliersOf(ctx.organizationId, [...new Set(rows.map((r) => r.partId))]);
    return rows
      .map((r) => {
        const s = suppliers.find((x) => x.partId === r.partId) ?? null;
        const short = (r.reorderPoint ?? 0) - r.available;
        return {
          ...r,
          leadTimeDays: s?.leadTimeDays ?? null,
          supplier: s?.name ?? null,
          suggestedQty: Math.max(r.reorderQty ?? 0, Math.ceil(short > 0 ? short : 0)),
        };
      })
      .sort((a, b) => a.available - b.available || a.partNumber.localeCompare(b.partNumber));
  }

  /** Sets (or clears) the reorder rule of a part at a location. */
  async setReorder(ctx: OrgContext, input: TSetReorderRequest): Promise<TStockRow> {
    await this.repo.transaction(async (tx) => {
      await partOf(tx, ctx, input.partId);
      await locationOf(tx, ctx, input.locationId);
      const data = {
        reorderPoint: input.reorderPoint === null ? null : input.reorderPoint.toString(),
        reorderQty: input.reorderQty === null ? null : input.reorderQty.toString(),
      };
      await this.repo.setReorder(tx, ctx.organizationId, input.partId, input.locationId, data);
      await this.audit.record(tx, ctx, 'stock.reorder_set', 'part', input.partId, {
        locationId: input.locationId,
        ...data,
      });
    });
    const [row] = await this.rows(ctx, { partId: input.partId, locationId: input.locationId });
    if (!row) throw InventoryErrors.locationNotFound();
    return row;
  }
}
