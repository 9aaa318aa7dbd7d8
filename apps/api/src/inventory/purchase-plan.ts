import { createHash } from 'node:crypto';
import type { TPurchaseLine } from '@amms/contracts/drafts';
import type { TDemandSource, TStockRow } from '@amms/contracts/inventory';
import { milliNumber } from './quantity.js';

/** A part as the purchase plan needs it: numbers, names, pieces, the supplier to order from. */
export interface PlanPart {
  id: string;
  partNumber: string;
  makerPartNumber: string | null;
  nameZh: string;
  nameEn: string | null;
  countedInPieces: boolean;
  supplier: { id: string; name: string; priceMinor: bigint } | null;
}

export interface PurchasePlanInput {
  language: 'zh' | 'en';
  parts: ReadonlyMap<string, PlanPart>;
  /** balance rows in the caller's locations */
  rows: readonly TStockRow[];
  /** where each part is received: the location of its reorder rule, else the most available (homeLocations) */
  home: ReadonlyMap<string, string>;
  /** a location for parts stocked nowhere yet (the first store in scope); null: none */
  fallbackLocationId: string | null;
  /** what due services within the horizon need, per part (milli) */
  demand: ReadonlyMap<string, { milli: bigint; sources: TDemandSource[] }>;
  /** ordered and not yet received, per part (milli) */
  onOrder: ReadonlyMap<string, bigint>;
}

const milli = (n: number) => BigInt(Math.round(n * 1000));

/**
 * The lines of a purchase draft, one per part that needs ordering. Per part (over the caller's
 * locations): projected = available + on order − demand of the due services. A part with a
 * reorder rule is ordered when projected falls to its reorder point: the reorder quantity, at
 * least back up to the point; a part without one when projected falls below zero: the shortfall.
 * Whole units for parts counted in pieces. Ordered by supplier, then part number. Pure.
 */
export function purchaseLines(input: PurchasePlanInput): TPurchaseLine[] {
  const zh = input.language === 'zh';
  const byPart = new Map<string, TStockRow[]>();
  for (const r of input.rows) byPart.set(r.partId, [...(byPart.get(r.partId) ?? []), r]);
  const ids = new Set([...byPart.keys(), ...input.demand.keys()]);
  const out: TPurchaseLine[] = [];
  for (const partId of ids) {
    const part = input.parts.get(partId);
    if (!part) continue;
    const rows = byPart.get(partId) ?? [];
    const locationId = input.home.get(partId) ?? input.fallbackLocationId;
    if (!locationId) continue;
    const rule = rows.find((r) => r.locationId === locationId && r.reorderPoint !== null) ?? null;
    const available = rows.reduce((t, r) => t + milli(r.available), 0n);
    const d = input.demand.get(partId) ?? { milli: 0n, sources: [] };
    const onOrder = input.onOrder.get(partId) ?? 0n;
    const projected = available + onOrder - d.milli;
    const point = rule ? milli(rule.reorderPoint!) : null;
    if (point !== null ? projected > point : projected >= 0n) continue;
    let qty = (point ?? 0n) - projected;
    if (rule?.reorderQty && milli(rule.reorderQty) > qty) qty = milli(rule.reorderQty);
    if (part.countedInPieces) qty = ((qty + 999n) / 1000n) * 1000n;
    if (qty <= 0n) continue;
    const quantity = milliNumber(qty);
    const supplierKey = part.supplier?.id ?? 'none';
    out.push({
      kind: 'PURCHASE_LINE',
      itemKey: createHash('sha256')
        .update(`purchase:${partId}:${locationId}:${supplierKey}:${qty}`)
        .digest('hex')
        .slice(0, 32),
      supplierId: part.supplier?.id ?? null,
      supplierName: part.supplier?.name ?? null,
      partId,
      partNumber: part.partNumber,
      partName: zh ? part.nameZh : (part.nameEn ?? part.nameZh),
      locationId,
      quantity,
      unitCostMinor: part.supplier ? Number(part.supplier.priceMinor) : null,
      reason: reasonOf(zh, part, d, available, onOrder, point),
    });
  }
  return out.sort(
    (a, b) =>
      (a.supplierName ?? '\uffff').localeCompare(b.supplierName ?? '\uffff') ||
      a.partNumber.localeCompare(b.partNumber),
  );
}

/** "2 planned services (500-hour service on 6R 155 #01, #02) need RE504836 ×2; 1 available; reorder point 4" */
function reasonOf(
  zh: boolean,
  part: PlanPart,
  d: { milli: bigint; sources: TDemandSource[] },
  available: bigint,
  onOrder: bigint,
  point: bigint | null,
): string {
  const no = part.makerPartNumber ?? part.partNumber;
  const parts: string[] = [];
  if (d.sources.length === 0) parts.push(zh ? `${no} 已到再订货点` : `${no} at or under its reorder point`);
  else {
    const byPlan = new Map<string, string[]>();
    for (const s of d.sources) byPlan.set(s.planName, [...(byPlan.get(s.planName) ?? []), s.assetName]);
    const what = [...byPlan]
      .map(([plan, machines]) => (zh ? `${machines.join('、')} 的${plan}` : `${plan} on ${machines.join(', ')}`))
      .join(zh ? '；' : '; ');
    const n = d.sources.length;
    parts.push(
      zh
        ? `${n} 次计划保养（${what}）需要 ${no} ×${milliNumber(d.milli)}`
        : `${n} planned service${n === 1 ? '' : 's'} (${what}) need${n === 1 ? 's' : ''} ${no} ×${milliNumber(d.milli)}`,
    );
  }
  parts.push(zh ? `现有可用 ${milliNumber(available)}` : `${milliNumber(available)} available`);
  if (onOrder > 0n) parts.push(zh ? `在途 ${milliNumber(onOrder)}` : `${milliNumber(onOrder)} on order`);
  if (point !== null) parts.push(zh ? `再订货点 ${milliNumber(point)}` : `reorder point ${milliNumber(point)}`);
  return parts.join(zh ? '；' : '; ');
}
