// A part's stock history (#29): `GET /parts/:id/movements` — every movement of one part across the
// caller's locations, newest first, keyset-paged, with who made it and the work order it went to.
import { describe, expect, it } from 'vitest';
import type { TPartDetail, TPartMovement } from '@amms/contracts/inventory';
import { expectError, expectStatus } from './assertions.js';
import { countPart, partStore, teamVan, type Store } from './support/part-store.js';
import { appForFile, machineRow, orgApi, tag } from './support/world.js';

const h = appForFile();
const api = orgApi(() => h);

const store = (label: string): Promise<Store> => partStore(h, label, { nameZh: '液压油滤芯', category: 'FILTER' });

type Page = { items: TPartMovement[]; nextCursor: string | null };

async function history(s: Store, query = '', token = s.w.t.OWNER): Promise<Page> {
  const r = await api.get(token, s.w.org.id, `/parts/${s.part.id}/movements${query}`);
  expectStatus(r, 200);
  return r.body as Page;
}

/** Follows every cursor at `limit` per page. */
async function allPages(s: Store, limit: number, filter = ''): Promise<TPartMovement[]> {
  const out: TPartMovement[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const page = await history(s, `?limit=${limit}${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('pages never ended');
}

const move = (s: Store, body: Record<string, unknown>, token = s.w.t.DISPATCHER) =>
  api.post(token, s.w.org.id, '/stock-movements', { partId: s.part.id, locationId: s.main.id, ...body });

describe('GET /parts/:id/movements', () => {
  it('lists receipts, transfers, issues, returns and adjustments newest first, with who and the work order, paged without loss', async () => {
    const s = await store('inv-hist');
    const t0 = Date.now() - 10 * 60_000;
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
    expectStatus(await move(s, { type: 'RECEIPT', quantity: 10, unitCostMinor: '2500', occurredAt: at(0) }), 201);
    expectStatus(
      await move(s, { type: 'TRANSFER', quantity: 3, toLocationId: s.van.id, reason: '装车', occurredAt: at(1) }),
      201,
    );
    const assetId = await machineRow(h.db, s.w.org.id);
    const wo = await api.post(s.w.t.DISPATCHER, s.w.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId,
      title: `Hydraulic leak ${tag()}`,
      assigneeMembershipId: s.w.org.users.MECHANIC.membershipId,
    });
    expectStatus(wo, 201);
    const order = wo.body as { id: string; number: number; title: string };
    expectStatus(await api.post(s.w.t.MECHANIC, s.w.org.id, `/work-orders/${order.id}/start`), 200);
    const woAct = (action: string, quantity: number, min: number) =>
      api.post(s.w.t.MECHANIC, s.w.org.id, `/work-orders/${order.id}/stock-parts`, {
        action,
        partId: s.part.id,
        locationId: s.van.id,
        quantity,
        occurredAt: at(min),
      });
    expectStatus(await woAct('ISSUE', 2, 2), 201);
    expectStatus(await woAct('RETURN', 1, 3), 201);
    expectStatus(
      await move(
        s,
        { type: 'ADJUSTMENT', quantity: 1, direction: 'OUT', reason: '盘亏', occurredAt: at(4) },
        s.w.t.OWNER,
      ),
      201,
    );

    const all = await allPages(s, 2);
    // a transfer is two rows (out of the store, into the van)
    expect(all.map((m) => [m.type, m.locationName, m.delta])).toEqual([
      ['ADJUSTMENT', '总库', -1],
      ['RETURN', '服务车 1', 1],
      ['ISSUE', '服务车 1', -2],
      ...[
        ['TRANSFER', '服务车 1', 3],
        ['TRANSFER', '总库', -3],
      ].sort((a, b) => (all.find((m) => m.delta === a[2])!.id > all.find((m) => m.delta === b[2])!.id ? -1 : 1)),
      ['RECEIPT', '总库', 10],
    ]);
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    // the first page equals a single big page's head: pages neither lose nor repeat a row
    expect((await history(s, '?limit=200')).items.map((m) => m.id)).toEqual(all.map((m) => m.id));

    const issue = all.find((m) => m.type === 'ISSUE')!;
    expect(issue.workOrder).toEqual({ id: order.id, number: order.number, title: order.title });
    expect(issue.actor).toEqual({ userId: s.w.org.users.MECHANIC.id, name: expect.any(String) });
    expect(issue.valueMinor).toBe('-5000');
    const out = all.find((m) => m.type === 'TRANSFER' && m.delta < 0)!;
    expect(out).toMatchObject({ counterLocationId: s.van.id, counterLocationName: '服务车 1', reason: '装车' });
    expect(all.find((m) => m.type === 'RECEIPT')!.actor?.userId).toBe(s.w.org.users.DISPATCHER.id);
    expect(all.find((m) => m.type === 'ADJUSTMENT')!.workOrder).toBeNull();

    // filters: one type, one location
    expect((await allPages(s, 1, '&type=TRANSFER')).map((m) => m.delta).sort()).toEqual([-3, 3]);
    expect((await history(s, `?locationId=${s.van.id}`)).items.map((m) => m.type)).toEqual([
      'RETURN',
      'ISSUE',
      'TRANSFER',
    ]);
  });

  it("bad input and another org's rows: 400 for a forged cursor or a bad type, 404 for another org's part or location", async () => {
    const a = await store('inv-hist-a');
    const b = await store('inv-hist-b');
    expectStatus(await move(b, { type: 'RECEIPT', quantity: 4, unitCostMinor: '100' }), 201);
    expectError(await api.get(a.w.t.OWNER, a.w.org.id, `/parts/${b.part.id}/movements`), 404, 'NOT_FOUND');
    expectError(
      await api.get(a.w.t.OWNER, a.w.org.id, `/parts/${a.part.id}/movements?locationId=${b.main.id}`),
      404,
      'NOT_FOUND',
    );
    const bad = Buffer.from('yesterday|not-an-id').toString('base64url');
    expectError(
      await api.get(a.w.t.OWNER, a.w.org.id, `/parts/${a.part.id}/movements?cursor=${bad}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await api.get(a.w.t.OWNER, a.w.org.id, `/parts/${a.part.id}/movements?type=STOLEN`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await api.get(a.w.t.OWNER, a.w.org.id, `/parts/not-a-uuid/movements`), 400, 'VALIDATION_FAILED');
    // b's ledger is untouched and its own owner sees it
    expect((await history(b)).items.map((m) => m.type)).toEqual(['RECEIPT']);
  });

  it("a TEAM-scoped caller sees no movement at another team's van", async () => {
    const s = await store('inv-hist-team');
    const vanId = await teamVan(h, s);
    expectStatus(await move(s, { type: 'RECEIPT', quantity: 5, unitCostMinor: '100' }, s.w.t.OWNER), 201);
    expectStatus(await move(s, { type: 'TRANSFER', quantity: 2, toLocationId: vanId }, s.w.t.OWNER), 201);
    // the owner sees all three rows; the mechanic (TEAM scope, in no team) only the store's two,
    // and the transfer's other side is not named to them
    expect((await history(s)).items).toHaveLength(3);
    const mine = await history(s, '', s.w.t.MECHANIC);
    expect(mine.items.map((m) => m.locationName)).toEqual(['总库', '总库']);
    expect(mine.items.find((m) => m.type === 'TRANSFER')).toMatchObject({ counterLocationName: null });
    expectError(
      await api.get(s.w.t.MECHANIC, s.w.org.id, `/parts/${s.part.id}/movements?locationId=${vanId}`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('bad input through the other doors (#29 "Bad input")', () => {
  it('a part number or barcode taken on PATCH, fractional pieces on a work order or in a count: clear 4xx, the ledger unchanged', async () => {
    const s = await store('inv-bad-doors');
    expectStatus(await move(s, { type: 'RECEIPT', quantity: 4, unitCostMinor: '100' }), 201);
    const other = await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
      partNumber: `Q-${tag()}`,
      nameZh: '三角带',
      category: 'BELT',
      barcode: `69${tag()}`,
    });
    expectStatus(other, 201);
    const o = other.body as TPartDetail;
    const before = await h.db.stockMovement.count({ where: { organizationId: s.w.org.id } });
    const patch = (body: Record<string, unknown>) =>
      api.patch(s.w.t.OWNER, s.w.org.id, `/parts/${s.part.id}`, { version: s.part.version, ...body });
    expectError(await patch({ partNumber: o.partNumber }), 409, 'PART_NUMBER_TAKEN');
    expectError(await patch({ barcode: o.barcode }), 409, 'BARCODE_TAKEN');
    const assetId = await machineRow(h.db, s.w.org.id);
    const wo = await api.post(s.w.t.DISPATCHER, s.w.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId,
      title: `Belt ${tag()}`,
    });
    expectStatus(wo, 201);
    const woId = (wo.body as { id: string }).id;
    for (const action of ['RESERVE', 'ISSUE'])
      expectError(
        await api.post(s.w.t.OWNER, s.w.org.id, `/work-orders/${woId}/stock-parts`, {
          action,
          partId: s.part.id,
          locationId: s.main.id,
          quantity: 0.5,
        }),
        422,
        'QUANTITY_NOT_WHOLE',
      );
    expectError(await countPart(h, s, s.w.t.OWNER, 2.5), 422, 'QUANTITY_NOT_WHOLE');
    expectError(
      await move(s, { type: 'TRANSFER', quantity: 1, toLocationId: s.main.id }, s.w.t.OWNER),
      422,
      'SAME_LOCATION',
    );
    expect(await h.db.stockMovement.count({ where: { organizationId: s.w.org.id } })).toBe(before);
    expect(await h.db.stockReservation.count({ where: { organizationId: s.w.org.id } })).toBe(0);
    expect(await h.db.stockCount.count({ where: { organizationId: s.w.org.id } })).toBe(0);
    const part = await api.get(s.w.t.OWNER, s.w.org.id, `/parts/${s.part.id}`);
    expect(part.body).toMatchObject({ partNumber: s.part.partNumber, barcode: null, version: s.part.version });
  });
});
