import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZAsset,
  ZAssetDetail,
  ZListAssetsResponse,
  ZListMachineModelsResponse,
  ZListMeterReadingsResponse,
  ZMachineModel,
  ZMeterReading,
  type TAsset,
} from '@amms/contracts/assets';
import { ZTeam } from '@amms/contracts/teams';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { apiAsset, appForFile, orgApi, tag } from './support/world.js';
import { allModelIds, expectError, expectStatus, orgPath } from './assertions.js';

const h = appForFile();

const { get, patch, del } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown, headers?: Record<string, string>) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers });
const tokenOf = async (org: TestOrg, role: keyof TestOrg['users']) =>
  (await login(h.base, org.users[role].email)).accessToken;
const auditCount = (orgId: string) => h.db.auditEvent.count({ where: { organizationId: orgId } });

/** A platform catalog model, seeded directly (the platform-admin API is tested in catalog-import.e2e.spec.ts). */
async function platformModel(kind: 'POWER_UNIT' | 'SELF_PROPELLED' | 'IMPLEMENT' = 'POWER_UNIT') {
  return h.db.machineModel.create({
    data: {
      organizationId: null,
      manufacturer: `Platform-${tag()}`,
      name: 'T1',
      kind,
      operationTypes: ['TILLAGE', 'TRANSPORT'],
      powerKw: 150,
    },
  });
}

async function createModel(token: string, orgId: string, body: Record<string, unknown> = {}) {
  const r = await post(token, orgId, '/machine-models', {
    manufacturer: `Mfr-${tag()}`,
    name: 'X9',
    kind: 'SELF_PROPELLED',
    operationTypes: ['HARVESTING'],
    ...body,
  });
  expectStatus(r, 201);
  return ZMachineModel.parse(r.body);
}

async function createAsset(
  token: string,
  orgId: string,
  modelId: string,
  body: Record<string, unknown> = {},
): Promise<TAsset> {
  return apiAsset(h, token, orgId, modelId, body);
}

async function createTeam(token: string, orgId: string) {
  const r = await post(token, orgId, '/teams', { name: `team-${tag()}` });
  expectStatus(r, 201);
  return ZTeam.parse(r.body);
}

describe('machine model catalog', () => {
  it("lists platform models and the org's own, never another org's; filters by kind, operation type and text", async () => {
    const a = await createOrg(h.db, 'as-a');
    const b = await createOrg(h.db, 'as-b');
    const [ownerA, ownerB, viewerA] = await Promise.all([
      tokenOf(a, 'OWNER'),
      tokenOf(b, 'OWNER'),
      tokenOf(a, 'VIEWER'),
    ]);
    const platform = await platformModel('POWER_UNIT');
    const mine = await createModel(ownerA, a.id, { workingWidthM: 9.15, powerKw: 300 });
    const theirs = await createModel(ownerB, b.id);
    expect(mine).toMatchObject({ organizationId: a.id, workingWidthM: 9.15, powerKw: 300, kind: 'SELF_PROPELLED' });

    // platform models are shared by every org, and the test database keeps those of earlier runs:
    // read every page rather than assuming the first one holds ours
    const allIds = (query: string) => allModelIds(h.base, viewerA, a.id, query);
    const ids = await allIds('');
    expect(ids).toContain(platform.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);

    const byText = ZListMachineModelsResponse.parse(
      (await get(viewerA, a.id, `/machine-models?q=${encodeURIComponent(mine.manufacturer.toLowerCase())}`)).body,
    );
    expect(byText.items.map((m) => m.id)).toEqual([mine.id]);
    const byKind = ZListMachineModelsResponse.parse(
      (await get(viewerA, a.id, '/machine-models?kind=SELF_PROPELLED&limit=200')).body,
    );
    expect(byKind.items.every((m) => m.kind === 'SELF_PROPELLED')).toBe(true);
    expect(await allIds('&kind=SELF_PROPELLED')).toContain(mine.id);
    const byOp = await allIds('&operationType=TILLAGE');
    expect(byOp).toContain(platform.id);
    expect(byOp).not.toContain(mine.id);

    const page1 = ZListMachineModelsResponse.parse((await get(viewerA, a.id, '/machine-models?limit=1')).body);
    expect(page1.items).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = ZListMachineModelsResponse.parse(
      (await get(viewerA, a.id, `/machine-models?limit=1&cursor=${page1.nextCursor}`)).body,
    );
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id);
  });

  it('creates org-private models (audited); a duplicate is 409; a VIEWER is 403; bad input is 400 with paths', async () => {
    const org = await createOrg(h.db, 'as');
    const [owner, viewer] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'VIEWER')]);
    const m = await createModel(owner, org.id, { manufacturer: 'Dup', name: 'One' });
    const ev = await h.db.auditEvent.findFirstOrThrow({ where: { organizationId: org.id, entityId: m.id } });
    expect(ev.action).toBe('machine_model.created');
    const dup = await post(owner, org.id, '/machine-models', {
      manufacturer: 'Dup',
      name: 'One',
      kind: 'IMPLEMENT',
      operationTypes: ['MOWING'],
    });
    expectError(dup, 409, 'MACHINE_MODEL_EXISTS');
    expectError(
      await post(viewer, org.id, '/machine-models', {
        manufacturer: 'V',
        name: 'V',
        kind: 'IMPLEMENT',
        operationTypes: ['MOWING'],
      }),
      403,
      'FORBIDDEN',
    );

    const bad = await post(owner, org.id, '/machine-models', {
      manufacturer: '',
      name: 'W',
      kind: 'BOAT',
      operationTypes: [],
      workingWidthM: 1.234,
      organizationId: null,
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    const paths = (bad.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['manufacturer', 'kind', 'operationTypes', 'workingWidthM']));
    expect(await h.db.machineModel.count({ where: { organizationId: org.id } })).toBe(1);
  });
});

describe('assets', () => {
  it('create → detail (model, no reading) → list with filters → update → soft delete, each write audited', async () => {
    const org = await createOrg(h.db, 'as');
    const [owner, viewer] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'VIEWER')]);
    const model = await platformModel();
    const team = await createTeam(owner, org.id);
    const big = '99999999999999999'; // > 2^53: survives only as a string
    const a = await createAsset(owner, org.id, model.id, {
      teamId: team.id,
      name: 'JD 6R 150',
      plateNumber: '黑A-12345',
      purchaseDate: '2024-03-15',
      purchaseCostMinor: big,
    });
    expect(a).toMatchObject({
      modelId: model.id,
      teamId: team.id,
      status: 'ACTIVE',
      version: 1,
      purchaseDate: '2024-03-15',
      purchaseCostMinor: big,
    });
    const other = await createAsset(owner, org.id, model.id, { name: 'Other' });

    const detail = ZAssetDetail.parse((await get(viewer, org.id, `/assets/${a.id}`)).body);
    expect(detail.model.id).toBe(model.id);
    expect(detail.latestMeterReading).toBeNull();
    expect(detail.purchaseCostMinor).toBe(big);

    const byTeam = ZListAssetsResponse.parse((await get(viewer, org.id, `/assets?teamId=${team.id}`)).body);
    expect(byTeam.items.map((x) => x.id)).toEqual([a.id]);
    const byQ = ZListAssetsResponse.parse((await get(viewer, org.id, `/assets?q=${encodeURIComponent('jd 6r')}`)).body);
    expect(byQ.items.map((x) => x.id)).toEqual([a.id]);
    const byModel = ZListAssetsResponse.parse((await get(viewer, org.id, `/assets?modelId=${model.id}`)).body);
    expect(byModel.items.map((x) => x.id).sort()).toEqual([a.id, other.id].sort());
    const page = ZListAssetsResponse.parse((await get(viewer, org.id, '/assets?limit=1')).body);
    expect(page.items).toHaveLength(1);
    const page2 = ZListAssetsResponse.parse(
      (await get(viewer, org.id, `/assets?limit=1&cursor=${page.nextCursor}`)).body,
    );
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();

    const u = await patch(owner, org.id, `/assets/${a.id}`, {
      version: 1,
      name: 'JD 6R 155',
      teamId: null,
      purchaseCostMinor: '100',
    });
    expectStatus(u, 200);
    expect(ZAsset.parse(u.body)).toMatchObject({
      name: 'JD 6R 155',
      teamId: null,
      purchaseCostMinor: '100',
      version: 2,
    });
    const upd = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, entityId: a.id, action: 'asset.updated' },
    });
    expect(upd.data).toEqual({
      before: { name: 'JD 6R 150', teamId: team.id, purchaseCostMinor: big },
      after: { name: 'JD 6R 155', teamId: null, purchaseCostMinor: '100' },
    });

    const byStatus = ZListAssetsResponse.parse((await get(viewer, org.id, '/assets?status=IN_MAINTENANCE')).body);
    expect(byStatus.items).toEqual([]);

    expectStatus(await del(owner, org.id, `/assets/${a.id}`), 204);
    expectError(await get(viewer, org.id, `/assets/${a.id}`), 404, 'NOT_FOUND');
    expectError(await del(owner, org.id, `/assets/${a.id}`), 404, 'NOT_FOUND');
    expectError(await patch(owner, org.id, `/assets/${a.id}`, { version: 3, name: 'ghost' }), 404, 'NOT_FOUND');
    const list = ZListAssetsResponse.parse((await get(viewer, org.id, '/assets')).body);
    expect(list.items.map((x) => x.id)).toEqual([other.id]);
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: a.id } })).deletedAt).not.toBeNull();
    const actions = (
      await h.db.auditEvent.findMany({ where: { organizationId: org.id, entityId: a.id }, orderBy: { seq: 'asc' } })
    ).map((e) => e.action);
    expect(actions).toEqual(['asset.created', 'asset.updated', 'asset.deleted']);
  });

  it('serial numbers are unique among live assets (409), and a deleted asset frees its serial', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const model = await platformModel();
    const a = await createAsset(owner, org.id, model.id, { serialNumber: 'SN-1' });
    const b = await createAsset(owner, org.id, model.id, { serialNumber: 'SN-2' });
    expectError(
      await post(owner, org.id, '/assets', { modelId: model.id, name: 'x', serialNumber: 'SN-1' }),
      409,
      'SERIAL_NUMBER_TAKEN',
    );
    expectError(
      await patch(owner, org.id, `/assets/${b.id}`, { version: 1, serialNumber: 'SN-1' }),
      409,
      'SERIAL_NUMBER_TAKEN',
    );
    expectStatus(await del(owner, org.id, `/assets/${a.id}`), 204);
    await createAsset(owner, org.id, model.id, { serialNumber: 'SN-1' });
    // another org may use the same serial
    const other = await createOrg(h.db, 'as');
    await createAsset(await tokenOf(other, 'OWNER'), other.id, model.id, { serialNumber: 'SN-1' });
  });

  it('POST /assets honours Idempotency-Key: a retry returns the same asset, one row', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const model = await platformModel();
    const body = { modelId: model.id, name: 'Retry', serialNumber: `SN-${tag()}` };
    const key = randomUUID();
    const r1 = await post(owner, org.id, '/assets', body, { 'idempotency-key': key });
    const r2 = await post(owner, org.id, '/assets', body, { 'idempotency-key': key });
    expectStatus(r1, 201);
    expectStatus(r2, 201);
    expect(r2.body.id).toBe(r1.body.id);
    expect(await h.db.asset.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it('a stale version is 409 VERSION_CONFLICT with the current asset, and changes nothing', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const a = await createAsset(owner, org.id, (await platformModel()).id);
    expectStatus(await patch(owner, org.id, `/assets/${a.id}`, { version: 1, name: 'first' }), 200);
    const audit = await auditCount(org.id);
    const r = await patch(owner, org.id, `/assets/${a.id}`, { version: 1, name: 'second' });
    expectError(r, 409, 'VERSION_CONFLICT');
    expect(r.body.error.details.current).toMatchObject({ id: a.id, name: 'first', version: 2 });
    expect(await h.db.asset.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ name: 'first', version: 2 });
    expect(await auditCount(org.id)).toBe(audit);
  });

  it('status: ACTIVE ↔ IN_MAINTENANCE, any → RETIRED; RETIRED is final (409 INVALID_TRANSITION)', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const model = await platformModel();
    const a = await createAsset(owner, org.id, model.id);
    let v = 1;
    for (const status of ['IN_MAINTENANCE', 'ACTIVE', 'IN_MAINTENANCE', 'RETIRED'] as const) {
      const r = await patch(owner, org.id, `/assets/${a.id}`, { version: v, status });
      expectStatus(r, 200);
      expect(r.body).toMatchObject({ status, version: v + 1 });
      v += 1;
    }
    const ev = await h.db.auditEvent.findMany({
      where: { organizationId: org.id, entityId: a.id, action: 'asset.status_changed' },
      orderBy: { seq: 'asc' },
    });
    expect(ev.map((e) => e.data)).toEqual([
      { before: { status: 'ACTIVE' }, after: { status: 'IN_MAINTENANCE' } },
      { before: { status: 'IN_MAINTENANCE' }, after: { status: 'ACTIVE' } },
      { before: { status: 'ACTIVE' }, after: { status: 'IN_MAINTENANCE' } },
      { before: { status: 'IN_MAINTENANCE' }, after: { status: 'RETIRED' } },
    ]);
    for (const status of ['ACTIVE', 'IN_MAINTENANCE'] as const) {
      const r = await patch(owner, org.id, `/assets/${a.id}`, { version: v, status });
      expectError(r, 409, 'INVALID_TRANSITION');
      expect(r.body.error.details).toEqual({ from: 'RETIRED', to: status });
    }
    // ACTIVE → RETIRED directly
    const b = await createAsset(owner, org.id, model.id);
    expectStatus(await patch(owner, org.id, `/assets/${b.id}`, { version: 1, status: 'RETIRED' }), 200);
    expect(await h.db.asset.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({
      status: 'RETIRED',
      version: v,
    });
  });

  it("another org's model or team in the body is a 404 and nothing is written", async () => {
    const a = await createOrg(h.db, 'as-a');
    const b = await createOrg(h.db, 'as-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    const modelB = await createModel(ownerB, b.id);
    const teamB = await createTeam(ownerB, b.id);
    const platform = await platformModel();
    expectError(
      await post(ownerA, a.id, '/assets', { modelId: modelB.id, name: 'x', serialNumber: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await post(ownerA, a.id, '/assets', { modelId: platform.id, teamId: teamB.id, name: 'x', serialNumber: 'x' }),
      404,
      'NOT_FOUND',
    );
    const asset = await createAsset(ownerA, a.id, platform.id);
    expectError(await patch(ownerA, a.id, `/assets/${asset.id}`, { version: 1, modelId: modelB.id }), 404, 'NOT_FOUND');
    expectError(await patch(ownerA, a.id, `/assets/${asset.id}`, { version: 1, teamId: teamB.id }), 404, 'NOT_FOUND');
    expect(await h.db.asset.count({ where: { organizationId: a.id } })).toBe(1);
    expect(await h.db.asset.findUniqueOrThrow({ where: { id: asset.id } })).toMatchObject({
      version: 1,
      modelId: platform.id,
      teamId: null,
    });
  });

  it('validation errors are 400 with field paths, and nothing is written', async () => {
    const org = await createOrg(h.db, 'as');
    const other = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const audit = await auditCount(org.id);
    const r = await post(owner, org.id, '/assets', {
      modelId: 'nope',
      name: '',
      serialNumber: 'ok',
      purchaseDate: '2024-13-45',
      purchaseCostMinor: 12.5,
      organizationId: other.id,
    });
    expectError(r, 400, 'VALIDATION_FAILED');
    const paths = (r.body.error.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['modelId', 'name', 'purchaseDate', 'purchaseCostMinor']));
    expect(JSON.stringify(r.body.error.details)).toContain('organizationId');
    // money as a JSON number is refused even when it is an integer
    const num = await post(owner, org.id, '/assets', {
      modelId: randomUUID(),
      name: 'n',
      serialNumber: 's',
      purchaseCostMinor: 100,
    });
    expectError(num, 400, 'VALIDATION_FAILED');
    const a = await createAsset(owner, org.id, (await platformModel()).id);
    const p = await patch(owner, org.id, `/assets/${a.id}`, { version: 1, status: 'SOLD' });
    expectError(p, 400, 'VALIDATION_FAILED');
    expect((p.body.error.details as { path: string }[]).map((d) => d.path)).toEqual(['status']);
    expectError(await patch(owner, org.id, `/assets/${a.id}`, { name: 'no version' }), 400, 'VALIDATION_FAILED');
    expectError(await patch(owner, org.id, `/assets/${a.id}`, { version: 1 }), 400, 'VALIDATION_FAILED');
    expectError(await get(owner, org.id, '/assets/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expect(await h.db.asset.count({ where: { organizationId: org.id } })).toBe(1);
    expect(await h.db.asset.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ version: 1 });
    expect(await auditCount(org.id)).toBe(audit + 1);
  });

  it('deleting a team keeps its assets, without a team', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const team = await createTeam(owner, org.id);
    const a = await createAsset(owner, org.id, (await platformModel()).id, { teamId: team.id });
    expectStatus(await del(owner, org.id, `/teams/${team.id}`), 204);
    expect(await h.db.asset.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ teamId: null, version: 2 });
  });
});

describe('meter readings', () => {
  it('cumulative: increases accepted, lower → 422 METER_BACKWARDS, replacement accepted, future → 400, older → 422', async () => {
    const org = await createOrg(h.db, 'as');
    const [owner, operator, viewer, dispatcher] = await Promise.all([
      tokenOf(org, 'OWNER'),
      tokenOf(org, 'OPERATOR'),
      tokenOf(org, 'VIEWER'),
      tokenOf(org, 'DISPATCHER'),
    ]);
    const a = await createAsset(owner, org.id, (await platformModel()).id);
    const path = `/assets/${a.id}/meter-readings`;
    const t0 = Date.now() - 4 * 86_400_000; // four days: room for the jumps below at 24 h/day
    const at = (min: number) => new Date(t0 + min * 60_000).toISOString();

    const r1 = await post(dispatcher, org.id, path, { readingHours: 100, readAt: at(0) });
    expectStatus(r1, 201);
    expect(ZMeterReading.parse(r1.body)).toMatchObject({
      readingHours: 100,
      source: 'MANUAL',
      isReplacement: false,
      recordedByUserId: org.users.DISPATCHER.id,
    });
    expectStatus(await post(owner, org.id, path, { readingHours: 150.5, readAt: at(3000), source: 'TELEMATICS' }), 201);
    expectStatus(await post(owner, org.id, path, { readingHours: 150.5, readAt: at(3001) }), 201); // equal: engine did not run

    const back = await post(owner, org.id, path, { readingHours: 120, readAt: at(3010) });
    expectError(back, 422, 'METER_BACKWARDS');
    expect(back.body.error.details).toEqual({ latestHours: 150.5, readingHours: 120 });
    expectError(await post(owner, org.id, path, { readingHours: 200, readAt: at(5) }), 422, 'METER_OUT_OF_ORDER');
    const future = await post(owner, org.id, path, {
      readingHours: 200,
      readAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expectError(future, 400, 'VALIDATION_FAILED');
    expect(future.body.error.details[0].path).toBe('readAt');
    const precise = await post(owner, org.id, path, { readingHours: 200.25 });
    expectError(precise, 400, 'VALIDATION_FAILED');
    expect(precise.body.error.details[0].path).toBe('readingHours');

    const rep = await post(owner, org.id, path, { readingHours: 3, readAt: at(3020), isReplacement: true });
    expectStatus(rep, 201);
    expect(rep.body).toMatchObject({ readingHours: 3, isReplacement: true });
    expectStatus(await post(owner, org.id, path, { readingHours: 4.5 }), 201);

    expect(await h.db.meterReading.count({ where: { assetId: a.id } })).toBe(5);
    const detail = ZAssetDetail.parse((await get(viewer, org.id, `/assets/${a.id}`)).body);
    expect(detail.latestMeterReading).toMatchObject({ readingHours: 4.5 });

    const p1 = ZListMeterReadingsResponse.parse((await get(viewer, org.id, `${path}?limit=2`)).body);
    expect(p1.items.map((r) => r.readingHours)).toEqual([4.5, 3]);
    const p2 = ZListMeterReadingsResponse.parse(
      (await get(viewer, org.id, `${path}?limit=2&cursor=${p1.nextCursor}`)).body,
    );
    expect(p2.items.map((r) => r.readingHours)).toEqual([150.5, 150.5]);
    const p3 = ZListMeterReadingsResponse.parse(
      (await get(viewer, org.id, `${path}?limit=2&cursor=${p2.nextCursor}`)).body,
    );
    expect(p3.items.map((r) => r.readingHours)).toEqual([100]);
    expect(p3.nextCursor).toBeNull();
    expectError(await get(viewer, org.id, `${path}?cursor=garbage`), 400, 'VALIDATION_FAILED');

    const events = await h.db.auditEvent.findMany({
      where: { organizationId: org.id, entityId: a.id, action: 'asset.meter_recorded' },
    });
    expect(events).toHaveLength(5);

    // roles: a VIEWER cannot write readings; an OPERATOR (ASSIGNED scope) has no assets yet → 404
    expectError(await post(viewer, org.id, path, { readingHours: 5 }), 403, 'FORBIDDEN');
    expectError(await post(operator, org.id, path, { readingHours: 5 }), 404, 'NOT_FOUND');
  });

  it('10 concurrent readings with increasing values: no accepted reading is lower than an earlier accepted one', async () => {
    const org = await createOrg(h.db, 'as');
    const owner = await tokenOf(org, 'OWNER');
    const a = await createAsset(owner, org.id, (await platformModel()).id);
    const values = Array.from({ length: 10 }, (_, i) => 100 + i * 0.1); // within the plausible jump (1 h grace)
    const results = await Promise.all(
      values.map((v) => post(owner, org.id, `/assets/${a.id}/meter-readings`, { readingHours: v })),
    );
    for (const r of results) {
      if (r.status !== 201) expect(['METER_BACKWARDS', 'METER_OUT_OF_ORDER']).toContain(r.body.error.code);
    }
    const accepted = results.filter((r) => r.status === 201).map((r) => r.body.readingHours as number);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    const rows = await h.db.meterReading.findMany({
      where: { assetId: a.id },
      orderBy: [{ readAt: 'asc' }, { createdAt: 'asc' }],
    });
    expect(rows).toHaveLength(accepted.length);
    const hours = rows.map((r) => Number(r.readingHours));
    for (let i = 1; i < hours.length; i++) expect(hours[i]!).toBeGreaterThanOrEqual(hours[i - 1]!);
    // commit order (createdAt) agrees with readAt order too
    const byCommit = [...rows]
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())
      .map((r) => Number(r.readingHours));
    for (let i = 1; i < byCommit.length; i++) expect(byCommit[i]!).toBeGreaterThanOrEqual(byCommit[i - 1]!);
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id, action: 'asset.meter_recorded' } })).toBe(
      accepted.length,
    );
  });
});

describe('access', () => {
  it("every asset route with another org's ids is a 404 and changes nothing", async () => {
    const a = await createOrg(h.db, 'as-a');
    const b = await createOrg(h.db, 'as-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    const modelB = await createModel(ownerB, b.id);
    const assetB = await createAsset(ownerB, b.id, modelB.id);
    expectStatus(await post(ownerB, b.id, `/assets/${assetB.id}/meter-readings`, { readingHours: 10 }), 201);
    const auditB = await auditCount(b.id);
    const modelA = await createModel(ownerA, a.id);

    // B's org in the path
    for (const r of [
      await get(ownerA, b.id, '/machine-models'),
      await post(ownerA, b.id, '/machine-models', {
        manufacturer: 'x',
        name: 'y',
        kind: 'IMPLEMENT',
        operationTypes: ['OTHER'],
      }),
      await get(ownerA, b.id, '/assets'),
      await get(ownerA, b.id, `/assets/${assetB.id}`),
      await post(ownerA, b.id, '/assets', { modelId: modelB.id, name: 'x', serialNumber: 'x' }),
      await patch(ownerA, b.id, `/assets/${assetB.id}`, { version: 1, name: 'pwned' }),
      await del(ownerA, b.id, `/assets/${assetB.id}`),
      await get(ownerA, b.id, `/assets/${assetB.id}/meter-readings`),
      await post(ownerA, b.id, `/assets/${assetB.id}/meter-readings`, { readingHours: 1, isReplacement: true }),
    ]) {
      expectError(r, 404, 'NOT_FOUND');
      expect(JSON.stringify(r.body)).not.toContain(assetB.serialNumber);
    }
    // B's ids through A's own routes
    for (const r of [
      await get(ownerA, a.id, `/assets/${assetB.id}`),
      await patch(ownerA, a.id, `/assets/${assetB.id}`, { version: 1, name: 'pwned' }),
      await del(ownerA, a.id, `/assets/${assetB.id}`),
      await get(ownerA, a.id, `/assets/${assetB.id}/meter-readings`),
      await post(ownerA, a.id, `/assets/${assetB.id}/meter-readings`, { readingHours: 1, isReplacement: true }),
      await post(ownerA, a.id, '/assets', { modelId: modelB.id, name: 'x', serialNumber: 'x' }),
    ]) {
      expectError(r, 404, 'NOT_FOUND');
    }
    const listA = ZListAssetsResponse.parse((await get(ownerA, a.id, `/assets?modelId=${modelB.id}`)).body);
    expect(listA.items).toEqual([]);
    expect(await allModelIds(h.base, ownerA, a.id)).toContain(modelA.id);

    expect(await h.db.asset.findUniqueOrThrow({ where: { id: assetB.id } })).toMatchObject({
      name: assetB.name,
      version: 1,
      deletedAt: null,
    });
    expect(await h.db.meterReading.count({ where: { assetId: assetB.id } })).toBe(1);
    expect(await h.db.machineModel.count({ where: { organizationId: b.id } })).toBe(1);
    expect(await h.db.asset.count({ where: { organizationId: a.id } })).toBe(0);
    expect(await auditCount(b.id)).toBe(auditB);
  });

  it('roles: OPERATOR cannot create assets (403), VIEWER reads but cannot write', async () => {
    const org = await createOrg(h.db, 'as');
    const [owner, operator, viewer] = await Promise.all([
      tokenOf(org, 'OWNER'),
      tokenOf(org, 'OPERATOR'),
      tokenOf(org, 'VIEWER'),
    ]);
    const model = await platformModel();
    const a = await createAsset(owner, org.id, model.id);
    expectError(
      await post(operator, org.id, '/assets', { modelId: model.id, name: 'x', serialNumber: 'op' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await post(viewer, org.id, '/assets', { modelId: model.id, name: 'x', serialNumber: 'vw' }),
      403,
      'FORBIDDEN',
    );
    expectError(await patch(viewer, org.id, `/assets/${a.id}`, { version: 1, name: 'x' }), 403, 'FORBIDDEN');
    expectError(await del(viewer, org.id, `/assets/${a.id}`), 403, 'FORBIDDEN');
    expectStatus(await get(viewer, org.id, `/assets/${a.id}`), 200);
    expect(ZListAssetsResponse.parse((await get(viewer, org.id, '/assets')).body).items.map((x) => x.id)).toEqual([
      a.id,
    ]);
    expectStatus(await get(viewer, org.id, `/assets/${a.id}/meter-readings`), 200);
    // OPERATOR's default scope is ASSIGNED: no assets until jobs assign them
    expect(ZListAssetsResponse.parse((await get(operator, org.id, '/assets')).body).items).toEqual([]);
    expectError(await get(operator, org.id, `/assets/${a.id}`), 404, 'NOT_FOUND');
    expect(await h.db.asset.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("a TEAM-scoped member sees and meters only their teams' assets", async () => {
    const org = await createOrg(h.db, 'as');
    const [owner, mechanic] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'MECHANIC')]);
    const [t1, t2] = [await createTeam(owner, org.id), await createTeam(owner, org.id)];
    expectStatus(await patch(owner, org.id, `/members/${org.users.MECHANIC.membershipId}`, { teamIds: [t1.id] }), 200);
    const model = await platformModel();
    const mine = await createAsset(owner, org.id, model.id, { teamId: t1.id });
    const theirs = await createAsset(owner, org.id, model.id, { teamId: t2.id });
    const none = await createAsset(owner, org.id, model.id);

    const list = ZListAssetsResponse.parse((await get(mechanic, org.id, '/assets')).body);
    expect(list.items.map((x) => x.id)).toEqual([mine.id]);
    expect(ZListAssetsResponse.parse((await get(mechanic, org.id, `/assets?teamId=${t2.id}`)).body).items).toEqual([]);
    expectStatus(await get(mechanic, org.id, `/assets/${mine.id}`), 200);
    for (const id of [theirs.id, none.id]) {
      expectError(await get(mechanic, org.id, `/assets/${id}`), 404, 'NOT_FOUND');
      expectError(await get(mechanic, org.id, `/assets/${id}/meter-readings`), 404, 'NOT_FOUND');
      expectError(await post(mechanic, org.id, `/assets/${id}/meter-readings`, { readingHours: 1 }), 404, 'NOT_FOUND');
    }
    expectStatus(await post(mechanic, org.id, `/assets/${mine.id}/meter-readings`, { readingHours: 12.3 }), 201);

    // a TEAM-scoped writer cannot create or move assets outside their teams
    expectStatus(
      await patch(owner, org.id, `/members/${org.users.ADMIN.membershipId}`, { dataScope: 'TEAM', teamIds: [t1.id] }),
      200,
    );
    const admin = await tokenOf(org, 'ADMIN');
    expectError(
      await post(admin, org.id, '/assets', { modelId: model.id, name: 'x', serialNumber: 'no-team' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await post(admin, org.id, '/assets', { modelId: model.id, teamId: t2.id, name: 'x', serialNumber: 'other-team' }),
      403,
      'FORBIDDEN',
    );
    expectError(await patch(admin, org.id, `/assets/${mine.id}`, { version: 1, teamId: t2.id }), 403, 'FORBIDDEN');
    expectError(await patch(admin, org.id, `/assets/${theirs.id}`, { version: 1, name: 'x' }), 404, 'NOT_FOUND');
    await createAsset(admin, org.id, model.id, { teamId: t1.id });
  });
});
