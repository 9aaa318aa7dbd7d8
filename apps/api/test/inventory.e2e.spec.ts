// Parts and stock (issue #29): the ledger under concurrency, reservations, a work order's life with
// parts, stocktake, moving average cost, four-eyes write-offs, the offline issue, bad input, tenancy.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TPartDetail, TStockLocation, TStockRow, TWorkOrderPartsView } from '@amms/contracts/inventory';
import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import type { OrgContext } from '../src/platform/access/context.js';
import { PARTS_AVAILABILITY, type PartsAvailability } from '../src/planning/tools/parts-availability.js';
import { expectError, expectStatus } from './assertions.js';
import { countPart, partStore, teamVan, type Store } from './support/part-store.js';
import { appForFile, machineRow, orgApi, tag } from './support/world.js';

const h = appForFile();
const api = orgApi(() => h);

const store = (label: string, part: Record<string, unknown> = {}): Promise<Store> =>
  partStore(h, label, {
    makerPartNumber: `RE${tag()}`,
    nameZh: '机油滤清器',
    nameEn: 'Oil filter',
    category: 'FILTER',
    suppliers: [{ name: '农机配件公司', priceMinor: '4500', leadTimeDays: 5, preferred: true }],
    ...part,
  });

const receive = (s: Store, quantity: number, unitCostMinor: string, locationId = s.main.id) =>
  api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
    type: 'RECEIPT',
    partId: s.part.id,
    locationId,
    quantity,
    unitCostMinor,
  });

async function stockOf(s: Store, locationId = s.main.id): Promise<TStockRow> {
  const r = await api.get(s.w.t.OWNER, s.w.org.id, `/stock?partId=${s.part.id}&locationId=${locationId}`);
  expectStatus(r, 200);
  return (r.body as { items: TStockRow[] }).items[0]!;
}

/** The ledger's sum per location equals the balance row (derived on hand). */
async function ledgerSum(s: Store, locationId: string): Promise<number> {
  const rows = await h.db.stockMovement.findMany({ where: { partId: s.part.id, locationId } });
  return rows.reduce((a, m) => a + Number(m.delta.toString()), 0);
}

async function workOrder(s: Store, status: 'OPEN' | 'IN_PROGRESS' = 'IN_PROGRESS', mechanic = true) {
  const assetId = await machineRow(h.db, s.w.org.id);
  const r = await api.post(s.w.t.DISPATCHER, s.w.org.id, '/work-orders', {
    type: 'CORRECTIVE',
    assetId,
    title: `Oil leak ${tag()}`,
    ...(mechanic ? { assigneeMembershipId: s.w.org.users.MECHANIC.membershipId } : {}),
  });
  expectStatus(r, 201);
  const id = (r.body as { id: string }).id;
  if (status === 'IN_PROGRESS')
    expectStatus(await api.post(s.w.t.MECHANIC, s.w.org.id, `/work-orders/${id}/start`), 200);
  return id;
}

const woAct = (s: Store, token: string, wo: string, action: string, quantity: number, key?: string, over = {}) =>
  api.post(
    token,
    s.w.org.id,
    `/work-orders/${wo}/stock-parts`,
    { action, partId: s.part.id, locationId: s.main.id, quantity, ...over },
    key,
  );

describe('the ledger', () => {
  it('20 concurrent issues of the last 5 units: exactly 5 succeed, the rest 409 INSUFFICIENT_STOCK naming the van', async () => {
    const s = await store('inv-race');
    expectStatus(await receive(s, 5, '1000'), 201);
    expectStatus(await receive(s, 3, '1000', s.van.id), 201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
          type: 'ISSUE',
          partId: s.part.id,
          locationId: s.main.id,
          quantity: 1,
          reason: 'workshop use',
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(15);
    for (const r of refused) expectError(r, 409, 'INSUFFICIENT_STOCK');
    const details = (
      refused[0]!.body as { error: { details: { elsewhere: { locationName: string; available: number }[] } } }
    ).error.details;
    expect(details.elsewhere).toEqual([expect.objectContaining({ locationName: '服务车 1', available: 3 })]);
    expect((await stockOf(s)).onHand).toBe(0);
    expect(await ledgerSum(s, s.main.id)).toBe(0);
    // the database itself refuses a negative balance (not only the service)
    await expect(
      h.db.$executeRaw`UPDATE "StockBalance" SET "onHand" = -1 WHERE "partId" = ${s.part.id}::uuid`,
    ).rejects.toThrow(/StockBalance_onHand_nonnegative|check/i);
    // and the ledger is append-only
    await expect(h.db.stockMovement.deleteMany({ where: { partId: s.part.id } })).rejects.toThrow(/append-only/);
  });

  it('values outgoing stock at the moving average cost; a transfer carries it', async () => {
    const s = await store('inv-avg');
    expectStatus(await receive(s, 10, '1000'), 201);
    expectStatus(await receive(s, 10, '2000'), 201);
    expect((await stockOf(s)).avgCostMinor).toBe('1500');
    const issue = await api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
      type: 'ISSUE',
      partId: s.part.id,
      locationId: s.main.id,
      quantity: 4,
    });
    expectStatus(issue, 201);
    expect(issue.body).toMatchObject({ status: 'POSTED', delta: -4, unitCostMinor: '1500', valueMinor: '-6000' });
    expectStatus(await receive(s, 4, '3000'), 201);
    // (16 × 1500 + 4 × 3000) / 20 = 1800
    expect((await stockOf(s)).avgCostMinor).toBe('1800');
    const t = await api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
      type: 'TRANSFER',
      partId: s.part.id,
      locationId: s.main.id,
      toLocationId: s.van.id,
      quantity: 5,
    });
    expectStatus(t, 201);
    expect((await stockOf(s, s.van.id)).avgCostMinor).toBe('1800');
    expect((await stockOf(s)).onHand).toBe(15);
    expect(await ledgerSum(s, s.van.id)).toBe(5);
  });

  it('bad input: clear 4xx codes and the ledger unchanged', async () => {
    const s = await store('inv-bad');
    expectStatus(await receive(s, 2, '100'), 201);
    const before = await h.db.stockMovement.count({ where: { organizationId: s.w.org.id } });
    const move = (body: Record<string, unknown>) =>
      api.post(s.w.t.OWNER, s.w.org.id, '/stock-movements', { partId: s.part.id, locationId: s.main.id, ...body });
    expectError(await move({ type: 'ISSUE', quantity: 1.5 }), 422, 'QUANTITY_NOT_WHOLE');
    expectError(await move({ type: 'ISSUE', quantity: -1 }), 400, 'VALIDATION_FAILED');
    expectError(await move({ type: 'TRANSFER', quantity: 1, toLocationId: s.main.id }), 422, 'SAME_LOCATION');
    expectError(await move({ type: 'RECEIPT', quantity: 1 }), 400, 'VALIDATION_FAILED');
    expectError(
      await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
        partNumber: s.part.partNumber,
        nameZh: 'x',
        category: 'OIL',
      }),
      409,
      'PART_NUMBER_TAKEN',
    );
    const a = await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
      partNumber: `A-${tag()}`,
      nameZh: 'V 带',
      category: 'BELT',
      barcode: '6901234567892',
    });
    expectStatus(a, 201);
    expectError(
      await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
        partNumber: `B-${tag()}`,
        nameZh: 'y',
        category: 'BELT',
        barcode: '6901234567892',
      }),
      409,
      'BARCODE_TAKEN',
    );
    // a scan that matches one part's barcode and another's part number is never guessed
    const b = await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
      partNumber: '6901234567892',
      nameZh: 'z',
      category: 'BELT',
    });
    expectStatus(b, 201);
    expectError(await api.get(s.w.t.MECHANIC, s.w.org.id, '/parts?barcode=6901234567892'), 409, 'BARCODE_AMBIGUOUS');
    // oil in litres takes decimals
    const oil = await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
      partNumber: `OIL-${tag()}`,
      nameZh: '液压油',
      category: 'OIL',
      unit: 'L',
      countedInPieces: false,
    });
    expectStatus(oil, 201);
    expectStatus(
      await move({ type: 'RECEIPT', partId: (oil.body as TPartDetail).id, quantity: 12.5, unitCostMinor: '2400' }),
      201,
    );
    // issuing to a closed (cancelled) work order
    const wo = await workOrder(s, 'OPEN');
    expectStatus(await api.post(s.w.t.OWNER, s.w.org.id, `/work-orders/${wo}/cancel`, { reason: 'not needed' }), 200);
    expectError(await woAct(s, s.w.t.OWNER, wo, 'ISSUE', 1), 409, 'WORK_ORDER_CLOSED');
    expectError(await move({ type: 'ISSUE', quantity: 1, workOrderId: wo }), 409, 'WORK_ORDER_CLOSED');
    expect(await h.db.stockMovement.count({ where: { organizationId: s.w.org.id } })).toBe(before + 1);
    expect((await stockOf(s)).onHand).toBe(2);
  });
});

describe('work orders use the stock', () => {
  it('reservations count against available; closing frees what was not issued; parts cost comes from the issues', async () => {
    const s = await store('inv-wo');
    expectStatus(await receive(s, 6, '4500'), 201);
    const wo = await workOrder(s);
    expectStatus(await woAct(s, s.w.t.DISPATCHER, wo, 'RESERVE', 4), 201);
    expect(await stockOf(s)).toMatchObject({ onHand: 6, reserved: 4, available: 2 });
    // someone else cannot take reserved stock
    expectError(
      await api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
        type: 'ISSUE',
        partId: s.part.id,
        locationId: s.main.id,
        quantity: 3,
      }),
      409,
      'INSUFFICIENT_STOCK',
    );
    // nor reserve it for another order
    const other = await workOrder(s, 'OPEN', false);
    expectError(await woAct(s, s.w.t.DISPATCHER, other, 'RESERVE', 3), 409, 'INSUFFICIENT_STOCK');
    // the assigned mechanic issues 3 (from the phone), returns 1 unused
    const issued = await woAct(s, s.w.t.MECHANIC, wo, 'ISSUE', 3);
    expectStatus(issued, 201);
    expect(await stockOf(s)).toMatchObject({ onHand: 3, reserved: 1, available: 2 });
    expectStatus(await woAct(s, s.w.t.MECHANIC, wo, 'RETURN', 1), 201);
    expectError(await woAct(s, s.w.t.MECHANIC, wo, 'RETURN', 5), 409, 'CONFLICT');
    const view = await api.get(s.w.t.OWNER, s.w.org.id, `/work-orders/${wo}/stock-parts`);
    expectStatus(view, 200);
    const v = view.body as TWorkOrderPartsView;
    expect(v.partsCostMinor).toBe('9000');
    expect(v.reservations[0]).toMatchObject({ reserved: 4, issued: 2, open: 2 });
    // the order's own parts cost (costs, analytics) carries it
    const detail = await api.get(s.w.t.OWNER, s.w.org.id, `/work-orders/${wo}`);
    expect((detail.body as { partsCostMinor: string }).partsCostMinor).toBe('9000');
    // an order not assigned to the (teamless) mechanic is outside their scope
    expectError(await woAct(s, s.w.t.MECHANIC, other, 'ISSUE', 1), 404, 'NOT_FOUND');
    // full life: submit, accept → the 2 still reserved are free again
    const sub = await api.post(s.w.t.MECHANIC, s.w.org.id, `/work-orders/${wo}/submit`, {
      resolution: 'filter replaced',
    });
    expectStatus(sub, 200);
    expect(await stockOf(s)).toMatchObject({ onHand: 4, reserved: 2, available: 2 });
    expectStatus(await api.post(s.w.t.OWNER, s.w.org.id, `/work-orders/${wo}/accept`, {}), 200);
    expect(await stockOf(s)).toMatchObject({ onHand: 4, reserved: 0, available: 4 });
    expectError(await woAct(s, s.w.t.OWNER, wo, 'ISSUE', 1), 409, 'WORK_ORDER_CLOSED');
    expect(await ledgerSum(s, s.main.id)).toBe(4);
  });

  it('an issue queued offline by the field app is synced once, however often it is re-sent', async () => {
    const s = await store('inv-offline');
    expectStatus(await receive(s, 5, '1000'), 201);
    const wo = await workOrder(s);
    const key = randomUUID();
    const occurredAt = new Date(Date.now() - 3_600_000).toISOString();
    const sends = await Promise.all([1, 2, 3].map(() => woAct(s, s.w.t.MECHANIC, wo, 'ISSUE', 2, key, { occurredAt })));
    const ok = sends.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of sends.filter((x) => x.status !== 201)) expectError(r, 409, 'IDEMPOTENCY_KEY_IN_USE');
    const again = await woAct(s, s.w.t.MECHANIC, wo, 'ISSUE', 2, key, { occurredAt });
    expectStatus(again, 201);
    const movements = await h.db.stockMovement.findMany({ where: { workOrderId: wo } });
    expect(movements).toHaveLength(1);
    expect(movements[0]!.occurredAt.toISOString()).toBe(occurredAt);
    expect((await stockOf(s)).onHand).toBe(3);
  });
});

describe('stocktake and write-offs', () => {
  it('a confirmed count turns differences into adjustments, once', async () => {
    const s = await store('inv-count');
    expectStatus(await receive(s, 10, '1000'), 201);
    const other = await api.post(s.w.t.OWNER, s.w.org.id, '/parts', {
      partNumber: `BELT-${tag()}`,
      nameZh: '皮带',
      category: 'BELT',
    });
    const beltId = (other.body as TPartDetail).id;
    const c = await api.post(s.w.t.ACCOUNTANT, s.w.org.id, '/stock-counts', {
      locationId: s.main.id,
      lines: [
        { partId: s.part.id, counted: 8 },
        { partId: beltId, counted: 2 },
      ],
    });
    expectStatus(c, 201);
    // stock moves between counting and confirming: the difference is taken at confirmation
    expectStatus(await receive(s, 1, '1000'), 201);
    const id = (c.body as { id: string }).id;
    const done = await api.post(s.w.t.ACCOUNTANT, s.w.org.id, `/stock-counts/${id}/confirm`);
    expectStatus(done, 200);
    expect((done.body as { lines: unknown[] }).lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ partId: s.part.id, counted: 8, expected: 11, difference: -3 }),
        expect.objectContaining({ partId: beltId, counted: 2, expected: 0, difference: 2 }),
      ]),
    );
    expect((await stockOf(s)).onHand).toBe(8);
    expectError(
      await api.post(s.w.t.ACCOUNTANT, s.w.org.id, `/stock-counts/${id}/confirm`),
      409,
      'STOCK_COUNT_CONFIRMED',
    );
    expect(await h.db.stockMovement.count({ where: { countId: id } })).toBe(2);
    // counting needs inventory.adjust
    expectError(await countPart(h, s, s.w.t.MECHANIC, 1), 403, 'FORBIDDEN');
  });

  it('a write-off over the org threshold waits for a second person', async () => {
    const s = await store('inv-4eyes');
    expectStatus(await receive(s, 10, '10000'), 201);
    expectStatus(
      await api.patch(s.w.t.OWNER, s.w.org.id, '/inventory-settings', { writeOffApprovalMinor: '20000' }),
      200,
    );
    const small = await api.post(s.w.t.ACCOUNTANT, s.w.org.id, '/stock-movements', {
      type: 'WRITE_OFF',
      partId: s.part.id,
      locationId: s.main.id,
      quantity: 1,
      reason: 'damaged in transit',
    });
    expectStatus(small, 201);
    expect(small.body).toMatchObject({ status: 'POSTED', valueMinor: '-10000' });
    const big = await api.post(s.w.t.ACCOUNTANT, s.w.org.id, '/stock-movements', {
      type: 'WRITE_OFF',
      partId: s.part.id,
      locationId: s.main.id,
      quantity: 3,
      reason: 'water damage',
    });
    expectStatus(big, 201);
    expect(big.body).toMatchObject({
      status: 'PENDING_APPROVAL',
      writeOff: { valueMinor: '30000', status: 'PENDING' },
    });
    expect((await stockOf(s)).onHand).toBe(9);
    const wid = (big.body as { writeOff: { id: string } }).writeOff.id;
    expectError(
      await api.post(s.w.t.ACCOUNTANT, s.w.org.id, `/stock-write-offs/${wid}/approve`, {}),
      403,
      'SELF_APPROVAL',
    );
    expectError(await api.post(s.w.t.DISPATCHER, s.w.org.id, `/stock-write-offs/${wid}/approve`, {}), 403, 'FORBIDDEN');
    const ok = await api.post(s.w.t.OWNER, s.w.org.id, `/stock-write-offs/${wid}/approve`, {});
    expectStatus(ok, 200);
    expect(ok.body).toMatchObject({ status: 'POSTED', type: 'WRITE_OFF', delta: -3 });
    expect((await stockOf(s)).onHand).toBe(6);
    expectError(
      await api.post(s.w.t.OWNER, s.w.org.id, `/stock-write-offs/${wid}/approve`, {}),
      409,
      'INVALID_TRANSITION',
    );
    // a write-off needs inventory.adjust: the store keeper (dispatcher) has only inventory.write
    expectError(
      await api.post(s.w.t.DISPATCHER, s.w.org.id, '/stock-movements', {
        type: 'WRITE_OFF',
        partId: s.part.id,
        locationId: s.main.id,
        quantity: 1,
        reason: 'x',
      }),
      403,
      'FORBIDDEN',
    );
  });
});

describe("the agent's parts hook", () => {
  it('answers from the stock: covered → true, short → false, a number no part carries → null', async () => {
    const s = await store('avail');
    expectStatus(await receive(s, 2, '4500'), 201);
    const hook = h.app.get<PartsAvailability>(PARTS_AVAILABILITY);
    const owner = await h.db.membership.findFirstOrThrow({
      where: { organizationId: s.w.org.id, role: 'OWNER' },
      select: { id: true, userId: true },
    });
    const ctx = {
      requestId: 'parts-hook',
      organizationId: s.w.org.id,
      principal: { kind: 'USER', userId: owner.userId },
      membershipId: owner.id,
      actorUserId: owner.userId,
      role: 'OWNER',
      permissions: new Set(ROLE_PERMISSIONS.OWNER),
      dataScope: 'ORG',
      teamIds: [],
    } as unknown as OrgContext;
    const at = await hook.check(ctx, [
      { partNumber: s.part.partNumber, name: 'oil filter', quantity: 2 },
      { partNumber: s.part.makerPartNumber!, name: 'oil filter', quantity: 3 },
      { partNumber: `NOPE-${tag()}`, name: 'belt', quantity: 1 },
      { partNumber: null, name: 'grease', quantity: 1 },
    ]);
    expect(at).toEqual([true, false, null, null]);
  });
});

describe('the part page', () => {
  it('links the manual pages that name the part number, cited by document, version and page', async () => {
    const s = await store('inv-manual');
    const mpn = s.part.makerPartNumber!;
    const document = await h.db.document.create({
      data: { organizationId: s.w.org.id, title: `Manual ${tag()}`, language: 'en' },
    });
    const version = await h.db.documentVersion.create({
      data: {
        organizationId: s.w.org.id,
        documentId: document.id,
        versionNumber: 1,
        status: 'READY',
        fileName: 'm.pdf',
        sizeBytes: 1000,
        sha256: randomUUID().replace(/-/g, '').padEnd(64, '0'),
        pageCount: 3,
        readyAt: new Date(),
      },
    });
    await h.db.documentPage.createMany({
      data: [
        { versionId: version.id, page: 1, label: '1', text: 'Front matter' },
        {
          versionId: version.id,
          page: 2,
          label: '2',
          text: `Service parts: engine oil filter ${mpn}, replace every 500 h.`,
        },
        // a longer number that merely contains it is another part
        { versionId: version.id, page: 3, label: '3', text: `Kit ${mpn}99 and ${mpn}-A` },
      ],
    });
    await h.db.document.update({ where: { id: document.id }, data: { currentVersionId: version.id } });
    const r = await api.get(s.w.t.MECHANIC, s.w.org.id, `/parts/${s.part.id}`);
    expectStatus(r, 200);
    const refs = (r.body as TPartDetail).manualRefs;
    expect(refs).toEqual([
      expect.objectContaining({
        documentId: document.id,
        versionId: version.id,
        page: 2,
        excerpt: expect.stringContaining(mpn),
      }),
    ]);
    // another org's manual naming the same number is not cited
    const other = await store('inv-manual-b', { makerPartNumber: mpn });
    expect(
      ((await api.get(other.w.t.OWNER, other.w.org.id, `/parts/${other.part.id}`)).body as TPartDetail).manualRefs,
    ).toEqual([]);
  });
});

describe('tenancy and scope', () => {
  it("another org's part, location and work order are 404", async () => {
    const a = await store('inv-a');
    const b = await store('inv-b');
    expectStatus(await receive(b, 3, '100'), 201);
    expectError(await api.get(a.w.t.OWNER, a.w.org.id, `/parts/${b.part.id}`), 404, 'NOT_FOUND');
    expectError(
      await api.post(a.w.t.OWNER, a.w.org.id, '/stock-movements', {
        type: 'ISSUE',
        partId: b.part.id,
        locationId: a.main.id,
        quantity: 1,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.post(a.w.t.OWNER, a.w.org.id, '/stock-movements', {
        type: 'RECEIPT',
        partId: a.part.id,
        locationId: b.main.id,
        quantity: 1,
        unitCostMinor: '1',
      }),
      404,
      'NOT_FOUND',
    );
    const bwo = await workOrder(b);
    expectError(await woAct(a, a.w.t.OWNER, bwo, 'RESERVE', 1), 404, 'NOT_FOUND');
    expect((await api.get(a.w.t.OWNER, a.w.org.id, `/stock?partId=${b.part.id}`)).body).toEqual({ items: [] });
    expect((await stockOf(b)).onHand).toBe(3);
  });

  it('a team-owned van is seen and moved only within the team scope', async () => {
    const s = await store('inv-team');
    const vanId = await teamVan(h, s);
    // the mechanic is TEAM-scoped and in no team: shared locations only
    const m = await h.db.membership.findUniqueOrThrow({ where: { id: s.w.org.users.MECHANIC.membershipId } });
    expect(m.dataScope).toBe('TEAM');
    const seen = await api.get(s.w.t.MECHANIC, s.w.org.id, '/stock-locations');
    const names = (seen.body as { items: TStockLocation[] }).items.map((l) => l.name);
    expect(names).toContain('总库');
    expect(names).not.toContain('Team van');
    const all = await api.get(s.w.t.OWNER, s.w.org.id, '/stock-locations');
    expect((all.body as { items: TStockLocation[] }).items.map((l) => l.id)).toContain(vanId);
  });
});
