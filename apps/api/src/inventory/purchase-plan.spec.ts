import { describe, expect, it } from 'vitest';
import type { TStockRow } from '@amms/contracts/inventory';
import { purchaseLines, type PlanPart, type PurchasePlanInput } from './purchase-plan.js';

const P = '00000000-0000-4000-8000-000000000001';
const Q = '00000000-0000-4000-8000-000000000002';
const STORE = '00000000-0000-4000-8000-0000000000aa';
const S1 = '00000000-0000-4000-8000-0000000000b1';

const part = (id: string, over: Partial<PlanPart> = {}): PlanPart => ({
  id,
  partNumber: id === P ? 'JD-OF-01' : 'LV-OIL-01',
  makerPartNumber: id === P ? 'RE504836' : null,
  nameZh: id === P ? '机油滤清器' : '机油',
  nameEn: id === P ? 'Oil filter' : 'Engine oil',
  countedInPieces: id === P,
  supplier: { id: S1, name: 'JD', priceMinor: 18_500n },
  ...over,
});
const row = (partId: string, available: number, reorderPoint: number | null, reorderQty: number | null): TStockRow => ({
  partId,
  partNumber: '',
  nameZh: '',
  locationId: STORE,
  locationName: '中心库房',
  onHand: available,
  reserved: 0,
  available,
  avgCostMinor: '0',
  reorderPoint,
  reorderQty,
});
const source = (asset: string, quantity: number) => ({
  planId: P,
  planName: '500小时保养',
  assetId: P,
  assetName: asset,
  dueStatus: 'OVERDUE',
  dueBy: new Date().toISOString(),
  quantity,
});
const input = (over: Partial<PurchasePlanInput>): PurchasePlanInput => ({
  language: 'en',
  parts: new Map([
    [P, part(P)],
    [Q, part(Q)],
  ]),
  rows: [],
  home: new Map([
    [P, STORE],
    [Q, STORE],
  ]),
  fallbackLocationId: STORE,
  demand: new Map(),
  onOrder: new Map(),
  ...over,
});

describe('purchase lines', () => {
  it('orders what the due services need beyond what is available, back up to the reorder point, with why', () => {
    const lines = purchaseLines(
      input({
        rows: [row(P, 1, 0, null)],
        demand: new Map([[P, { milli: 2000n, sources: [source('6R 155 #01', 1), source('6R 155 #02', 1)] }]]),
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      partId: P,
      quantity: 1,
      unitCostMinor: 18_500,
      supplierName: 'JD',
      locationId: STORE,
    });
    expect(lines[0]!.reason).toBe(
      '2 planned services (500小时保养 on 6R 155 #01, 6R 155 #02) need RE504836 ×2; 1 available; reorder point 0',
    );
  });

  it('the reorder quantity when larger; nothing when on order covers it; a part at its point is ordered', () => {
    const demand = new Map([[P, { milli: 2000n, sources: [source('a', 2)] }]]);
    expect(purchaseLines(input({ rows: [row(P, 1, 0, 4)], demand }))[0]!.quantity).toBe(4);
    expect(purchaseLines(input({ rows: [row(P, 1, 0, 4)], demand, onOrder: new Map([[P, 2000n]]) }))).toEqual([]);
    const atPoint = purchaseLines(input({ rows: [row(Q, 4, 4, 10)] }));
    expect(atPoint.map((l) => [l.partId, l.quantity])).toEqual([[Q, 10]]);
    expect(atPoint[0]!.reason).toContain('at or under its reorder point');
    expect(purchaseLines(input({ rows: [row(Q, 5, 4, 10)] }))).toEqual([]);
  });

  it('whole pieces for parts counted in pieces, thousandths otherwise; without a rule only a shortfall', () => {
    const demand = new Map([
      [P, { milli: 2500n, sources: [source('a', 2.5)] }],
      [Q, { milli: 19_500n, sources: [source('a', 19.5)] }],
    ]);
    const lines = purchaseLines(input({ rows: [row(P, 1, null, null), row(Q, 4.25, null, null)], demand }));
    expect(lines.map((l) => [l.partId, l.quantity])).toEqual([
      [P, 2],
      [Q, 15.25],
    ]);
  });

  it('a part stocked nowhere yet is received at the fallback location; no location at all → no line', () => {
    const demand = new Map([[P, { milli: 1000n, sources: [source('a', 1)] }]]);
    expect(purchaseLines(input({ home: new Map(), demand }))[0]).toMatchObject({ locationId: STORE, quantity: 1 });
    expect(purchaseLines(input({ home: new Map(), fallbackLocationId: null, demand }))).toEqual([]);
  });

  it('reasons in Chinese for a Chinese goal', () => {
    const lines = purchaseLines(
      input({
        language: 'zh',
        rows: [row(P, 1, 0, null)],
        demand: new Map([[P, { milli: 2000n, sources: [source('6R 155 #01', 2)] }]]),
      }),
    );
    expect(lines[0]!.partName).toBe('机油滤清器');
    expect(lines[0]!.reason).toBe('1 次计划保养（6R 155 #01 的500小时保养）需要 RE504836 ×2；现有可用 1；再订货点 0');
  });
});
