// Parts to order (issue #29): expected demand of due maintenance in the low-stock list, the agent's
// PURCHASE draft → confirm → execute (the real worker) → submitted PARTS cost documents → receipt at
// the moving average; executing twice writes nothing twice; permission refusals; tenancy; webhooks.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@amms/db';
import { ZAgentRun } from '@amms/contracts/drafts';
import type { TLowStockRow, TPurchase, TStockDemandResponse } from '@amms/contracts/inventory';
import type { TRole } from '@amms/contracts/permissions';
import { createOrg, type Harness, type TestOrg } from './harness.js';
import { assetRow, combineModel, meterRow, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/** Its own database and redis-server: the worker's outbox relay must not take other files' rows. */
const env = workerEnvForFile({ suffix: 'purchase' });

let h: Harness;
let db: PrismaClient;
beforeAll(() => {
  h = env.h;
  db = env.db;
});

const { put } = orgApi(() => h);
const { get, post, finished } = executionsApi(env);

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  store: string;
  /** the oil filter two overdue services need (1 on hand, 0 reorder point, reorder 2) */
  filter: { id: string; maker: string };
  /** a belt no service needs, under its reorder point (3 on hand, point 4, reorder 5), another supplier */
  belt: { id: string };
  machines: string[];
  planId: string;
}

/** Two combines past their 250 h service, whose checklist changes the oil filter; two suppliers. */
async function world(): Promise<World> {
  const org = await createOrg(db, 'purchase');
  const t = await loginAll(h.base, org);
  const model = await combineModel(db, org.id);
  const machines: string[] = [];
  for (const [i, hours] of [520, 300].entries()) {
    const a = await assetRow(db, org.id, model.id, `6R 155 #0${i + 1}`);
    await meterRow(db, org.id, a, hours);
    machines.push(a);
  }
  const store = await post(t.OWNER, org.id, '/stock-locations', { name: '中心库房', kind: 'STORE' });
  expectStatus(store, 201);
  const maker = `RE${tag()}`;
  const filter = await post(t.OWNER, org.id, '/parts', {
    partNumber: `JD-OF-${tag()}`,
    makerPartNumber: maker,
    nameZh: '发动机机油滤清器',
    nameEn: 'Engine oil filter',
    category: 'FILTER',
    suppliers: [{ name: '约翰迪尔经销商', priceMinor: '18500', leadTimeDays: 7, preferred: true }],
  });
  expectStatus(filter, 201);
  const belt = await post(t.OWNER, org.id, '/parts', {
    partNumber: `BT-${tag()}`,
    nameZh: '风扇皮带',
    nameEn: 'Fan belt',
    category: 'BELT',
    suppliers: [{ name: '本地配件商店', priceMinor: '8500', leadTimeDays: 3, preferred: true }],
  });
  expectStatus(belt, 201);
  for (const [partId, quantity, unitCostMinor] of [
    [filter.body.id, 1, '10000'],
    [belt.body.id, 3, '8000'],
  ] as const)
    expectStatus(
      await post(t.DISPATCHER, org.id, '/stock-movements', {
        type: 'RECEIPT',
        partId,
        locationId: store.body.id,
        quantity,
        unitCostMinor,
      }),
      201,
    );
  for (const [partId, reorderPoint, reorderQty] of [
    [filter.body.id, 0, 2],
    [belt.body.id, 4, 5],
  ] as const)
    expectStatus(
      await put(t.DISPATCHER, org.id, '/stock/reorder', {
        partId,
        locationId: store.body.id,
        reorderPoint,
        reorderQty,
      }),
      200,
    );
  const plan = await post(t.OWNER, org.id, '/maintenance-plans', {
    modelId: model.id,
    name: '250小时保养',
    intervalHours: 250,
    estimatedHours: 3,
    checklist: [
      { label: '更换机油和机油滤芯', parts: [{ partId: filter.body.id, quantity: 1 }] },
      { label: '检查皮带' },
    ],
  });
  expectStatus(plan, 201);
  return {
    org,
    t,
    store: store.body.id,
    filter: { id: filter.body.id, maker },
    belt: { id: belt.body.id },
    machines,
    planId: plan.body.id,
  };
}

describe('expected demand of due maintenance', () => {
  it('a plan checklist names the parts a service uses; an unknown or another org’s part is 404', async () => {
    const w = await world();
    const p = await get(w.t.DISPATCHER, w.org.id, `/maintenance-plans/${w.planId}`);
    expectStatus(p, 200);
    expect(p.body.checklist[0]).toEqual({ label: '更换机油和机油滤芯', parts: [{ partId: w.filter.id, quantity: 1 }] });
    const other = await world();
    const bad = await post(w.t.OWNER, w.org.id, '/maintenance-plans', {
      modelId: (await combineModel(db, w.org.id)).id,
      name: 'x',
      intervalHours: 100,
      checklist: [{ label: 'y', parts: [{ partId: other.filter.id, quantity: 1 }] }],
    });
    expectError(bad, 404, 'NOT_FOUND');
  }, 120_000);

  it('GET /stock/demand and the low-stock list count what the due services need before a delivery could arrive', async () => {
    const w = await world();
    const d = await get(w.t.DISPATCHER, w.org.id, '/stock/demand?withinDays=14');
    expectStatus(d, 200);
    const demand = d.body as TStockDemandResponse;
    expect(demand.items).toHaveLength(1);
    expect(demand.items[0]).toMatchObject({ partId: w.filter.id, quantity: 2, available: 1 });
    expect(demand.items[0]!.sources.map((s) => s.assetId).sort()).toEqual([...w.machines].sort());

    const low = await get(w.t.DISPATCHER, w.org.id, '/stock/low');
    expectStatus(low, 200);
    const rows = (low.body as { items: TLowStockRow[] }).items;
    // the filter is above its reorder point (1 > 0) but the two services take it to −1: it is on the list
    const filter = rows.find((r) => r.partId === w.filter.id)!;
    expect(filter).toMatchObject({ available: 1, expectedDemand: 2, projectedAvailable: -1, suggestedQty: 2 });
    expect(filter.demand).toHaveLength(2);
    const belt = rows.find((r) => r.partId === w.belt.id)!;
    expect(belt).toMatchObject({ available: 3, expectedDemand: 0, projectedAvailable: 3, suggestedQty: 5 });
    // most urgent first
    expect(rows[0]!.partId).toBe(w.filter.id);

    // an open work order of the plan on a machine takes that service out of the demand (its order reserves)
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, '/work-orders', {
        type: 'PREVENTIVE',
        assetId: w.machines[0],
        planId: w.planId,
        title: '250小时保养',
      }),
      201,
    );
    const after = (await get(w.t.DISPATCHER, w.org.id, '/stock/demand?withinDays=14')).body as TStockDemandResponse;
    expect(after.items[0]).toMatchObject({ partId: w.filter.id, quantity: 1 });
  }, 120_000);
});

describe('PURCHASE drafts: agent → confirm → execute → cost documents → receipt', () => {
  it('drafts lines per supplier with reasons, executes once into submitted PARTS cost documents, receives at the moving average', async () => {
    const w = await world();
    const hook = await db.webhookEndpoint.create({
      data: {
        organizationId: w.org.id,
        url: 'http://127.0.0.1:9/hook',
        eventTypes: ['purchase.confirmed', 'stock.low'],
        secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
        createdByMembershipId: w.org.users.OWNER.membershipId,
        enabled: false,
      },
    });
    await db.webhookEndpoint.update({ where: { id: hook.id }, data: { enabled: true } });

    // a second part of the filter's supplier (its own supplier row, same name): one cost document for both
    const air = await post(w.t.OWNER, w.org.id, '/parts', {
      partNumber: `JD-AF-${tag()}`,
      nameZh: '空气滤清器主滤芯',
      category: 'FILTER',
      suppliers: [{ name: '约翰迪尔经销商', priceMinor: '68000', leadTimeDays: 10, preferred: true }],
    });
    expectStatus(air, 201);
    expectStatus(
      await put(w.t.DISPATCHER, w.org.id, '/stock/reorder', {
        partId: air.body.id,
        locationId: w.store,
        reorderPoint: 1,
        reorderQty: 2,
      }),
      200,
    );

    const run = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '下周保养需要订哪些配件？' });
    expectStatus(run, 201);
    const r = ZAgentRun.parse(run.body);
    expect(r.status).toBe('COMPLETED');
    expect(r.intent).toBe('PURCHASE');
    expect(r.steps.filter((s) => s.kind === 'tool').map((s) => s.tool)).toEqual(['parts_to_order']);
    expect(r.draft, JSON.stringify(r.steps)).not.toBeNull();
    // one line per part, each from its supplier, into the store
    const lines = [w.filter.id, w.belt.id, air.body.id].map((id) =>
      r.draft!.purchaseLines.find((l) => l.partId === id)!,
    );
    expect(r.draft!.purchaseLines).toHaveLength(3);
    expect(lines.map((l) => [l.quantity, l.supplierName, l.unitCostMinor, l.locationId])).toEqual([
      [2, '约翰迪尔经销商', 18500, w.store],
      [5, '本地配件商店', 8500, w.store],
      [2, '约翰迪尔经销商', 68000, w.store],
    ]);
    expect(lines[0]!.reason).toContain(`2 次计划保养`);
    expect(lines[0]!.reason).toContain(`${w.filter.maker} ×2`);
    expect(lines[0]!.reason).toContain('现有可用 1');
    expect(lines[1]!.reason).toContain('再订货点 4');
    const draft = (await get(w.t.DISPATCHER, w.org.id, `/drafts/${r.draft!.id}`)).body;
    expect(draft.kind).toBe('PURCHASE');

    // an English goal of the same kind: the same lines, reasons in English
    const en = ZAgentRun.parse(
      (
        await post(w.t.DISPATCHER, w.org.id, '/agent/runs', {
          goal: "which parts do we need to order for next week's services?",
        })
      ).body,
    );
    expect(en.intent).toBe('PURCHASE');
    expect(en.draft!.purchaseLines.find((l) => l.partId === w.filter.id)!.reason).toContain(`2 planned services`);

    // who may not: confirm needs draft.confirm (MECHANIC), execute draft.execute (ACCOUNTANT)
    const v = { version: r.draft!.version, contentHash: r.draft!.contentHash };
    expectError(await post(w.t.MECHANIC, w.org.id, `/drafts/${r.draft!.id}/confirm`, v), 403, 'FORBIDDEN');
    expectStatus(await post(w.t.DISPATCHER, w.org.id, `/drafts/${r.draft!.id}/confirm`, v), 200);
    expectError(
      await post(w.t.ACCOUNTANT, w.org.id, `/drafts/${r.draft!.id}/execute`, { version: v.version }),
      403,
      'FORBIDDEN',
    );
    expect(
      await db.webhookEvent.count({
        where: { organizationId: w.org.id, type: 'purchase.confirmed', resourceId: r.draft!.id },
      }),
    ).toBe(1);

    const ex = await post(w.t.DISPATCHER, w.org.id, `/drafts/${r.draft!.id}/execute`, { version: v.version });
    expectStatus(ex, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ex.body.id);
    expect(done.status, `${JSON.stringify(done.receipts)}\n${env.log().slice(-3000)}`).toBe('SUCCEEDED');
    expect(done.receipts.map((x) => [x.status, x.recordType])).toEqual([
      ['SUCCEEDED', 'cost_document'],
      ['SUCCEEDED', 'cost_document'],
      ['SUCCEEDED', 'cost_document'],
    ]);
    const docs = await db.costDocument.findMany({
      where: { organizationId: w.org.id },
      include: { lines: true },
      orderBy: { number: 'asc' },
    });
    expect(docs.map((d) => [d.category, d.status, d.supplier, d.totalMinor]).sort()).toEqual([
      ['PARTS', 'SUBMITTED', '本地配件商店', 42500n],
      ['PARTS', 'SUBMITTED', '约翰迪尔经销商', 173000n],
    ]);
    expect(docs.find((d) => d.supplier === '约翰迪尔经销商')!.lines).toHaveLength(2);
    expect(new Set(done.receipts.map((x) => x.recordId))).toEqual(new Set(docs.map((d) => d.id)));

    // executing again: the same execution, nothing written twice
    const again = await post(w.t.DISPATCHER, w.org.id, `/drafts/${r.draft!.id}/execute`, { version: v.version });
    expectStatus(again, 200);
    expect(again.body.id).toBe(ex.body.id);
    expect(await db.costDocument.count({ where: { organizationId: w.org.id } })).toBe(2);
    expect(await db.purchase.count({ where: { organizationId: w.org.id } })).toBe(2);
    // on order now: asking again drafts nothing for the filter (1 + 2 on order − 2 due = 1 > 0)
    const next = ZAgentRun.parse(
      (await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '下周保养需要订哪些配件？' })).body,
    );
    expect(next.draft).toBeNull();
    expect(next.steps.at(-1)?.message).toContain('无需采购');

    // receiving: inventory.write (not the MECHANIC, not the VIEWER); everything outstanding
    const filterDoc = docs.find((d) => d.supplier === '约翰迪尔经销商')!.id;
    expectError(await post(w.t.MECHANIC, w.org.id, `/purchases/${filterDoc}/receipts`, {}), 403, 'FORBIDDEN');
    expectError(await post(w.t.VIEWER, w.org.id, `/purchases/${filterDoc}/receipts`, {}), 403, 'FORBIDDEN');
    const got = await post(w.t.DISPATCHER, w.org.id, `/purchases/${filterDoc}/receipts`, {});
    expectStatus(got, 201);
    expect(
      got.body.movements
        .map((m: { type: string; delta: number; unitCostMinor: string }) => [m.type, m.delta, m.unitCostMinor])
        .sort(),
    ).toEqual([
      ['RECEIPT', 2, '18500'],
      ['RECEIPT', 2, '68000'],
    ]);
    expect((got.body.purchase as TPurchase).lines.map((l) => [l.quantity, l.received])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    const bal = await db.stockBalance.findUnique({
      where: { partId_locationId: { partId: w.filter.id, locationId: w.store } },
    });
    // (1 × 100.00 + 2 × 185.00) / 3 = 156.67
    expect([bal!.onHand.toString(), bal!.avgCostMinor]).toEqual(['3', 15667n]);
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/purchases/${filterDoc}/receipts`, {}),
      409,
      'RECEIPT_EXCEEDS_ORDER',
    );

    // a rejected purchase receives nothing; a part of it past what was ordered is refused too
    const beltDoc = docs.find((d) => d.supplier === '本地配件商店')!;
    const p = (await get(w.t.DISPATCHER, w.org.id, `/purchases/${beltDoc.id}`)).body as TPurchase;
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/purchases/${beltDoc.id}/receipts`, {
        lines: [{ lineId: p.lines[0]!.id, quantity: 6 }],
      }),
      409,
      'RECEIPT_EXCEEDS_ORDER',
    );
    expectStatus(
      await post(w.t.ACCOUNTANT, w.org.id, `/cost-documents/${beltDoc.id}/reject`, { reason: 'too many belts' }),
      200,
    );
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/purchases/${beltDoc.id}/receipts`, {}),
      409,
      'PURCHASE_NOT_RECEIVABLE',
    );

    // another org: the purchase does not exist
    const other = await world();
    expectError(await get(other.t.OWNER, other.org.id, `/purchases/${filterDoc}`), 404, 'NOT_FOUND');
    expectError(await post(other.t.OWNER, other.org.id, `/purchases/${filterDoc}/receipts`, {}), 404, 'NOT_FOUND');

    // the audit trail: the cost documents' creation and submission, the purchase, the receipt
    const events = await db.auditEvent.findMany({
      where: { organizationId: w.org.id, entityType: 'cost_document', entityId: filterDoc },
      orderBy: { seq: 'asc' },
    });
    expect(events.map((e) => e.action)).toEqual([
      'cost.created',
      'cost.submitted',
      'purchase.created',
      'purchase.received',
    ]);
  }, 240_000);

  it('stock.low: once per crossing of the reorder point, not again while under it', async () => {
    const w = await world();
    await db.webhookEndpoint.create({
      data: {
        organizationId: w.org.id,
        url: 'http://127.0.0.1:9/hook',
        eventTypes: ['stock.low'],
        secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}`,
        createdByMembershipId: w.org.users.OWNER.membershipId,
      },
    });
    // belt: 3 on hand, point 4 (already under: no crossing). Receive 3 → 6, then take out one at a time.
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, '/stock-movements', {
        type: 'RECEIPT',
        partId: w.belt.id,
        locationId: w.store,
        quantity: 3,
        unitCostMinor: '8000',
      }),
      201,
    );
    const lows = () =>
      db.webhookEvent.count({ where: { organizationId: w.org.id, type: 'stock.low', resourceId: w.belt.id } });
    const takeOne = () =>
      post(w.t.ACCOUNTANT, w.org.id, '/stock-movements', {
        type: 'ADJUSTMENT',
        direction: 'OUT',
        partId: w.belt.id,
        locationId: w.store,
        quantity: 1,
        reason: 'count',
      });
    expectStatus(await takeOne(), 201); // 6 → 5
    expect(await lows()).toBe(0);
    expectStatus(await takeOne(), 201); // 5 → 4: crosses
    expect(await lows()).toBe(1);
    expectStatus(await takeOne(), 201); // 4 → 3: still under
    expect(await lows()).toBe(1);
  }, 120_000);
});
