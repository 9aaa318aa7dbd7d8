import { Injectable } from '@nestjs/common';
import type {
  TLowStockRow,
  TSetReorderRequest,
  TStockDemandResponse,
  TStockQuery,
  TStockRow,
} from '@amms/contracts/inventory';
import { AuditService } from '../audit/audit.service.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { stockLocationScope } from '../platform/access/stock-scope.js';
import { StockRepository } from './stock.repository.js';
import { InventoryErrors } from './inventory.errors.js';
import { locationOf, partOf } from './lookups.repository.js';
import { milliNumber, toMilli } from './quantity.js';
import { demandBy, StockDemandService } from './stock-demand.service.js';

const DAY_MS = 86_400_000;
/** the horizon of a part without a supplier (no lead time known) */
const DEFAULT_LEAD_DAYS = 7;
const MAX_DEMAND_DAYS = 180;

/**
 * Where a part's expected demand counts: the location with its reorder rule (the highest point;
 * ties by name), else the one with the most available.
 */
export function homeLocations(rows: readonly TStockRow[]): Map<string, string> {
  const best = new Map<string, TStockRow>();
  const rank = (r: TStockRow) => [r.reorderPoint === null ? 0 : 1, r.reorderPoint ?? 0, r.available] as const;
  for (const r of rows) {
    const b = best.get(r.partId);
    if (!b) {
      best.set(r.partId, r);
      continue;
    }
    const [x, y] = [rank(r), rank(b)];
    const better = x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || b.locationName.localeCompare(r.locationName);
    if (better > 0) best.set(r.partId, r);
  }
  return new Map([...best].map(([partId, r]) => [partId, r.locationId]));
}

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
    private readonly demand: StockDemandService,
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
   * What will run out before a delivery ordered today could arrive: available less what due
   * maintenance needs within the supplier's lead time (7 days without one) falls to the reorder
   * point (or below zero without a rule). The demand counts at the location that reorders the
   * part (homeLocations). With the supplier to order from (the preferred one, else the fastest),
   * most urgent (least projected) first.
   */
  async low(ctx: OrgContext, now = new Date()): Promise<TLowStockRow[]> {
    const rows = await this.rows(ctx, {});
    const suppliers = await this.repo.suppliersOf(ctx.organizationId, [...new Set(rows.map((r) => r.partId))]);
    const supplierOf = new Map<string, (typeof suppliers)[number]>();
    for (const s of suppliers) if (!supplierOf.has(s.partId)) supplierOf.set(s.partId, s);
    const longest = Math.max(DEFAULT_LEAD_DAYS, ...suppliers.map((s) => s.leadTimeDays));
    const demand = await this.demand.byPart(ctx, Math.min(MAX_DEMAND_DAYS, longest), now);
    const home = homeLocations(rows);
    const out: TLowStockRow[] = [];
    for (const r of rows) {
      const s = supplierOf.get(r.partId) ?? null;
      const lead = s?.leadTimeDays ?? DEFAULT_LEAD_DAYS;
      const d =
        home.get(r.partId) === r.locationId
          ? demandBy(demand.get(r.partId), now.getTime() + lead * DAY_MS)
          : { milli: 0n, sources: [] };
      const projected = toMilli(r.available) - d.milli;
      const point = r.reorderPoint === null ? null : toMilli(r.reorderPoint);
      if (!((point !== null && projected <= point) || (d.milli > 0n && projected < 0n))) continue;
      const short = (point ?? 0n) - projected;
      out.push({
        ...r,
        leadTimeDays: s?.leadTimeDays ?? null,
        supplier: s?.name ?? null,
        suggestedQty: Math.max(r.reorderQty ?? 0, Math.ceil(short > 0n ? milliNumber(short) : 0)),
        expectedDemand: milliNumber(d.milli),
        projectedAvailable: milliNumber(projected),
        demand: d.sources,
      });
    }
    return out.sort(
      (a, b) =>
        a.projectedAvailable - b.projectedAvailable ||
        a.available - b.available ||
        a.partNumber.localeCompare(b.partNumber),
    );
  }

  /** What due maintenance within `withinDays` needs, per part, with what is available now. */
  async demandList(ctx: OrgContext, withinDays: number): Promise<TStockDemandResponse> {
    const demand = await this.demand.byPart(ctx, withinDays);
    if (demand.size === 0) return { withinDays, items: [] };
    const [rows, parts] = await Promise.all([
      this.rows(ctx, {}),
      this.repo.partsOf(ctx.organizationId, [...demand.keys()]),
    ]);
    return {
      withinDays,
      items: parts.map((p) => {
        const d = demand.get(p.id)!;
        const available = rows.filter((r) => r.partId === p.id).reduce((t, r) => t + toMilli(r.available), 0n);
        return {
          partId: p.id,
          partNumber: p.partNumber,
          makerPartNumber: p.makerPartNumber,
          nameZh: p.nameZh,
          quantity: milliNumber(d.milli),
          available: milliNumber(available),
          sources: d.sources,
        };
      }),
    };
  }

  /** Sets (or clears) the reorder rule of a part at a location. */
  async setReorder(ctx: OrgContext, input: TSetReorderRequest): Promise<TStockRow> {
    await this.repo.transaction((tx) => this.setReorderIn(tx, ctx, input));
    const [row] = await this.rows(ctx, { partId: input.partId, locationId: input.locationId });
    if (!row) throw InventoryErrors.locationNotFound();
    return row;
  }

  /** The rule's write on the caller's transaction (the stock import sets rules with its rows). */
  async setReorderIn(tx: Tx, ctx: OrgContext, input: TSetReorderRequest): Promise<void> {
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
  }
}
