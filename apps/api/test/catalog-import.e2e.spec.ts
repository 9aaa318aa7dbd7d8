import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZAsset,
  ZAssetDetail,
  ZImportAssetsResponse,
  ZListAssetsResponse,
  ZListMachineModelsResponse,
  ZMachineModel,
  type TMachineModel,
} from '@amms/contracts/assets';
import { call, createOrg, login, PASSWORD, startApp, type Harness, type TestOrg } from './harness.js';
import { orgApi } from './support/world.js';
import { allModels, expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import { hashPassword } from '../src/auth/password.js';

/**
 * Platform catalog edits (platform admins), org-private model edits with updatedAt as the
 * concurrency token, and the bulk machine import with per-item results.
 */

let h: Harness;
let adminToken: string;
let adminUserId: string;
beforeAll(async () => {
  h = await startApp();
  const email = `platform-admin-${tag()}@platform.test`;
  const u = await h.db.user.create({
    data: { email, name: 'Platform admin', passwordHash: await hashPassword(PASSWORD), isPlatformAdmin: true },
  });
  adminUserId = u.id;
  adminToken = (await login(h.base, email)).accessToken;
});
afterAll(() => h?.close());

function tag() {
  return randomUUID().slice(0, 8);
}
const { get, patch } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown, headers?: Record<string, string>) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers });
const PLATFORM = '/api/v1/platform/machine-models';
const platformPost = (token: string, body: unknown) => call(h.base, 'POST', PLATFORM, { token, body });
const platformPatch = (token: string, id: string, body: unknown) =>
  call(h.base, 'PATCH', `${PLATFORM}/${id}`, { token, body });
const tokenOf = async (org: TestOrg, role: keyof TestOrg['users']) =>
  (await login(h.base, org.users[role].email)).accessToken;

async function newPlatformModel(body: Record<string, unknown> = {}): Promise<TMachineModel> {
  const r = await platformPost(adminToken, {
    manufacturer: `Plat-${tag()}`,
    name: 'P1',
    kind: 'POWER_UNIT',
    operationTypes: ['TILLAGE'],
    powerKw: 120,
    ...body,
  });
  expectStatus(r, 201);
  return ZMachineModel.parse(r.body);
}

async function newOrgModel(token: string, orgId: string, body: Record<string, unknown> = {}): Promise<TMachineModel> {
  const r = await post(token, orgId, '/machine-models', {
    manufacturer: `Own-${tag()}`,
    name: 'O1',
    kind: 'IMPLEMENT',
    operationTypes: ['TILLAGE'],
    ...body,
  });
  expectStatus(r, 201);
  return ZMachineModel.parse(r.body);
}

async function newAsset(token: string, orgId: string, modelId: string) {
  const r = await post(token, orgId, '/assets', { modelId, name: `M ${tag()}`, serialNumber: `SN-${tag()}` });
  expectStatus(r, 201);
  return ZAsset.parse(r.body);
}

const modelIn = async (token: string, orgId: string, id: string) =>
  (await allModels(h.base, token, orgId, '&kind=POWER_UNIT')).find((m) => m.id === id);

describe('platform catalog (platform admins)', () => {
  it("a platform admin creates and edits a platform model; every org's (cached) model list shows the edit at once; audited on the platform chain", async () => {
    const [a, b] = await Promise.all([createOrg(h.db, 'pc-a'), createOrg(h.db, 'pc-b')]);
    const [va, vb] = await Promise.all([tokenOf(a, 'VIEWER'), tokenOf(b, 'VIEWER')]);
    const m = await newPlatformModel();
    expect(m.organizationId).toBeNull();

    // both orgs read (and cache) their lists first
    expect((await modelIn(va, a.id, m.id))?.name).toBe('P1');
    expect((await modelIn(vb, b.id, m.id))?.name).toBe('P1');
    expect((await modelIn(va, a.id, m.id))?.name).toBe('P1'); // a cache hit now

    const r = await platformPatch(adminToken, m.id, {
      expectedUpdatedAt: m.updatedAt,
      name: 'P1 Mk2',
      operationTypes: ['TILLAGE', 'TRANSPORT'],
    });
    expectStatus(r, 200);
    const edited = ZMachineModel.parse(r.body);
    expect(edited).toMatchObject({
      name: 'P1 Mk2',
      operationTypes: ['TILLAGE', 'TRANSPORT'],
      kind: 'POWER_UNIT',
      organizationId: null,
    });
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThan(new Date(m.updatedAt).getTime());

    expect(await modelIn(va, a.id, m.id)).toMatchObject({ name: 'P1 Mk2', operationTypes: ['TILLAGE', 'TRANSPORT'] });
    expect(await modelIn(vb, b.id, m.id)).toMatchObject({ name: 'P1 Mk2', operationTypes: ['TILLAGE', 'TRANSPORT'] });

    const events = await h.db.auditEvent.findMany({ where: { entityId: m.id }, orderBy: { seq: 'asc' } });
    expect(events.map((e) => [e.chain, e.organizationId, e.action, e.actorUserId])).toEqual([
      ['platform', null, 'machine_model.created', adminUserId],
      ['platform', null, 'machine_model.updated', adminUserId],
    ]);
    expect(events[1]!.data).toEqual({
      before: { name: 'P1', operationTypes: ['TILLAGE'] },
      after: { name: 'P1 Mk2', operationTypes: ['TILLAGE', 'TRANSPORT'] },
    });

    // the platform list has platform models only
    const own = await newOrgModel(await tokenOf(a, 'OWNER'), a.id);
    const list = ZListMachineModelsResponse.parse(
      (await call(h.base, 'GET', `${PLATFORM}?q=${encodeURIComponent(m.manufacturer)}`, { token: adminToken })).body,
    );
    expect(list.items.map((x) => x.id)).toEqual([m.id]);
    const all = ZListMachineModelsResponse.parse(
      (await call(h.base, 'GET', `${PLATFORM}?limit=200&kind=IMPLEMENT`, { token: adminToken })).body,
    );
    expect(all.items.every((x) => x.organizationId === null)).toBe(true);
    expect(all.items.map((x) => x.id)).not.toContain(own.id);
  });

  it('a non-admin (even an org OWNER) gets 403 on every platform route, whatever the body; no token → 401; nothing written', async () => {
    const org = await createOrg(h.db, 'pc');
    const owner = await tokenOf(org, 'OWNER');
    const m = await newPlatformModel();
    // other test files add platform models at the same time: look for this attempt's row, not at a global count
    const attempted = `X-${tag()}`;
    expectError(await call(h.base, 'GET', PLATFORM, { token: owner }), 403, 'FORBIDDEN');
    expectError(
      await platformPost(owner, { manufacturer: attempted, name: 'X', kind: 'IMPLEMENT', operationTypes: ['MOWING'] }),
      403,
      'FORBIDDEN',
    );
    expectError(await platformPost(owner, { junk: true }), 403, 'FORBIDDEN');
    expectError(await platformPatch(owner, m.id, { expectedUpdatedAt: m.updatedAt, name: 'hijack' }), 403, 'FORBIDDEN');
    expectError(await call(h.base, 'GET', PLATFORM), 401, 'UNAUTHENTICATED');
    expect(await h.db.machineModel.count({ where: { manufacturer: attempted } })).toBe(0);
    expect((await h.db.machineModel.findUniqueOrThrow({ where: { id: m.id } })).name).toBe('P1');
  });

  it("platform routes never reach an org's rows: an org-private model id is 404; a platform admin who is not a member gets 404 on org routes", async () => {
    const org = await createOrg(h.db, 'pc');
    const own = await newOrgModel(await tokenOf(org, 'OWNER'), org.id);
    expectError(
      await platformPatch(adminToken, own.id, { expectedUpdatedAt: own.updatedAt, name: 'taken over' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await patch(adminToken, org.id, `/machine-models/${own.id}`, { expectedUpdatedAt: own.updatedAt, name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await get(adminToken, org.id, '/assets'), 404, 'NOT_FOUND');
    expect((await h.db.machineModel.findUniqueOrThrow({ where: { id: own.id } })).name).toBe('O1');
  });

  it('platform edits: stale token → 409 VERSION_CONFLICT; duplicate name → 409 MACHINE_MODEL_EXISTS; kind change under live assets of any org → 409 CONFLICT', async () => {
    const org = await createOrg(h.db, 'pc');
    const owner = await tokenOf(org, 'OWNER');
    const m = await newPlatformModel();
    const other = await newPlatformModel();
    expectError(
      await platformPost(adminToken, {
        manufacturer: m.manufacturer,
        name: m.name,
        kind: 'IMPLEMENT',
        operationTypes: ['MOWING'],
      }),
      409,
      'MACHINE_MODEL_EXISTS',
    );
    expectError(
      await platformPatch(adminToken, other.id, {
        expectedUpdatedAt: other.updatedAt,
        manufacturer: m.manufacturer,
        name: m.name,
      }),
      409,
      'MACHINE_MODEL_EXISTS',
    );

    const ok = ZMachineModel.parse(
      (await platformPatch(adminToken, m.id, { expectedUpdatedAt: m.updatedAt, powerKw: 130 })).body,
    );
    const stale = await platformPatch(adminToken, m.id, { expectedUpdatedAt: m.updatedAt, powerKw: 140 });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({ id: m.id, powerKw: 130, updatedAt: ok.updatedAt });

    await newAsset(owner, org.id, m.id);
    const kind = await platformPatch(adminToken, m.id, { expectedUpdatedAt: ok.updatedAt, kind: 'SELF_PROPELLED' });
    expectError(kind, 409, 'CONFLICT');
    expect(kind.body.error.details).toMatchObject({
      field: 'kind',
      from: 'POWER_UNIT',
      to: 'SELF_PROPELLED',
      liveAssets: 1,
    });
    expect((await h.db.machineModel.findUniqueOrThrow({ where: { id: m.id } })).kind).toBe('POWER_UNIT');
    // operation types may change under live assets
    expectStatus(
      await platformPatch(adminToken, m.id, {
        expectedUpdatedAt: ok.updatedAt,
        operationTypes: ['TILLAGE', 'SOWING_PLANTING'],
      }),
      200,
    );
  });
});

describe('org-private model edits', () => {
  it('an OWNER edits a private model (audited on the org chain with the changed fields); the cached list shows it', async () => {
    const org = await createOrg(h.db, 'om');
    const [owner, viewer] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'VIEWER')]);
    const m = await newOrgModel(owner, org.id, { workingWidthM: 3 });
    const listed = async () => (await allModels(h.base, viewer, org.id, '&kind=IMPLEMENT')).find((x) => x.id === m.id);
    expect((await listed())?.workingWidthM).toBe(3);

    const r = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: m.updatedAt,
      workingWidthM: 4.5,
      name: 'O2',
    });
    expectStatus(r, 200);
    expect(r.body).toMatchObject({ id: m.id, organizationId: org.id, workingWidthM: 4.5, name: 'O2' });
    expect(await listed()).toMatchObject({ workingWidthM: 4.5, name: 'O2' });

    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, entityId: m.id, action: 'machine_model.updated' },
    });
    expect(ev.actorUserId).toBe(org.users.OWNER.id);
    expect(ev.data).toEqual({ before: { name: 'O1', workingWidthM: 3 }, after: { name: 'O2', workingWidthM: 4.5 } });
  });

  it('stale expectedUpdatedAt → 409 VERSION_CONFLICT with the current model; of two racing edits with one token exactly one wins', async () => {
    const org = await createOrg(h.db, 'om');
    const owner = await tokenOf(org, 'OWNER');
    const admin = await tokenOf(org, 'ADMIN');
    const m = await newOrgModel(owner, org.id);
    const races = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        patch(i % 2 ? admin : owner, org.id, `/machine-models/${m.id}`, {
          expectedUpdatedAt: m.updatedAt,
          powerKw: 100 + i,
        }),
      ),
    );
    const won = races.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of races.filter((x) => x.status !== 200)) expectError(r, 409, 'VERSION_CONFLICT');
    const now = await h.db.machineModel.findUniqueOrThrow({ where: { id: m.id } });
    expect(now.powerKw).toBe(won[0]!.body.powerKw);
    const lost = races.find((r) => r.status === 409)!;
    expect(lost.body.error.details.current).toMatchObject({ id: m.id, powerKw: now.powerKw });
    expect(await h.db.auditEvent.count({ where: { entityId: m.id, action: 'machine_model.updated' } })).toBe(1);
  });

  it('kind change with live assets → 409 CONFLICT (operation types still editable); after the asset is deleted the kind can change', async () => {
    const org = await createOrg(h.db, 'om');
    const owner = await tokenOf(org, 'OWNER');
    const m = await newOrgModel(owner, org.id);
    const asset = await newAsset(owner, org.id, m.id);
    const r = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: m.updatedAt,
      kind: 'POWER_UNIT',
    });
    expectError(r, 409, 'CONFLICT');
    expect(r.body.error.details).toMatchObject({ from: 'IMPLEMENT', to: 'POWER_UNIT', liveAssets: 1 });
    const ops = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: m.updatedAt,
      operationTypes: ['TILLAGE', 'SOWING_PLANTING'],
    });
    expectStatus(ops, 200);
    // the same kind is not a change
    const same = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: ops.body.updatedAt,
      kind: 'IMPLEMENT',
    });
    expectStatus(same, 200);

    expectStatus(await call(h.base, 'DELETE', orgPath(org.id, `/assets/${asset.id}`), { token: owner }), 204);
    const changed = await patch(owner, org.id, `/machine-models/${m.id}`, {
      expectedUpdatedAt: same.body.updatedAt,
      kind: 'POWER_UNIT',
    });
    expectStatus(changed, 200);
    expect(changed.body.kind).toBe('POWER_UNIT');
  });

  it("a platform model through the org route → 403; another org's model → 404; VIEWER / DISPATCHER → 403; duplicate → 409; bad body → 400", async () => {
    const [org, other] = await Promise.all([createOrg(h.db, 'om'), createOrg(h.db, 'om-x')]);
    const t = await loginAll(h.base, org);
    const platform = await newPlatformModel();
    const theirs = await newOrgModel(await tokenOf(other, 'OWNER'), other.id);
    const mine = await newOrgModel(t.OWNER, org.id);
    const second = await newOrgModel(t.OWNER, org.id);

    const p = await patch(t.OWNER, org.id, `/machine-models/${platform.id}`, {
      expectedUpdatedAt: platform.updatedAt,
      name: 'mine now',
    });
    expectError(p, 403, 'FORBIDDEN');
    expect(p.body.error.message).toMatch(/platform/i);
    expectError(
      await patch(t.OWNER, org.id, `/machine-models/${theirs.id}`, { expectedUpdatedAt: theirs.updatedAt, name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await patch(t.OWNER, org.id, `/machine-models/${randomUUID()}`, { expectedUpdatedAt: mine.updatedAt, name: 'x' }),
      404,
      'NOT_FOUND',
    );
    for (const role of ['VIEWER', 'DISPATCHER', 'MECHANIC', 'OPERATOR', 'ACCOUNTANT'] as const) {
      expectError(
        await patch(t[role], org.id, `/machine-models/${mine.id}`, { expectedUpdatedAt: mine.updatedAt, name: 'x' }),
        403,
        'FORBIDDEN',
      );
    }
    expectError(
      await patch(t.ADMIN, org.id, `/machine-models/${second.id}`, {
        expectedUpdatedAt: second.updatedAt,
        manufacturer: mine.manufacturer,
        name: mine.name,
      }),
      409,
      'MACHINE_MODEL_EXISTS',
    );
    expectError(
      await patch(t.ADMIN, org.id, `/machine-models/${mine.id}`, { expectedUpdatedAt: mine.updatedAt }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await patch(t.ADMIN, org.id, `/machine-models/${mine.id}`, { name: 'no token' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await patch(t.ADMIN, org.id, `/machine-models/${mine.id}`, {
        expectedUpdatedAt: mine.updatedAt,
        organizationId: null,
      }),
      400,
      'VALIDATION_FAILED',
    );

    expect((await h.db.machineModel.findUniqueOrThrow({ where: { id: platform.id } })).name).toBe('P1');
    expect((await h.db.machineModel.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe('O1');
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id, action: 'machine_model.updated' } })).toBe(0);
  });
});

describe('bulk machine import', () => {
  async function importSetup() {
    const [org, other] = await Promise.all([createOrg(h.db, 'imp'), createOrg(h.db, 'imp-x')]);
    const t = await loginAll(h.base, org);
    const model = await newPlatformModel();
    const foreignModel = await newOrgModel(await tokenOf(other, 'OWNER'), other.id);
    return { org, t, model, foreignModel };
  }
  const item = (modelId: string, extra: Record<string, unknown> = {}) => ({
    modelId,
    name: `Imp ${tag()}`,
    serialNumber: `IMP-${tag()}`,
    ...extra,
  });
  const assetsOf = (orgId: string) => h.db.asset.count({ where: { organizationId: orgId } });
  const createdEvents = (orgId: string) =>
    h.db.auditEvent.count({ where: { organizationId: orgId, action: 'asset.created' } });

  it('3 good + 1 taken serial + 1 malformed + 1 other-org model → 3 created, 3 failed with their codes; nothing else written; the cached list follows', async () => {
    const { org, t, model, foreignModel } = await importSetup();
    const existing = await newAsset(t.OWNER, org.id, model.id);
    // prime the cached asset list
    expect(ZListAssetsResponse.parse((await get(t.VIEWER, org.id, '/assets')).body).items).toHaveLength(1);
    const [assetsBefore, eventsBefore] = await Promise.all([assetsOf(org.id), createdEvents(org.id)]);

    const items = [
      item(model.id, { purchaseCostMinor: '12800000', purchaseDate: '2024-05-01' }),
      item(model.id, { serialNumber: existing.serialNumber }),
      item(model.id),
      { modelId: 'not-a-uuid', name: '', serialNumber: 'X', colour: 'green' },
      item(foreignModel.id),
      item(model.id, { plateNumber: '黑A-00001' }),
    ];
    const r = await post(t.OWNER, org.id, '/assets/import', { items });
    expectStatus(r, 200);
    const body = ZImportAssetsResponse.parse(r.body);
    expect(body).toMatchObject({ created: 3, failed: 3 });
    expect(body.results.map((x) => x.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(body.results.map((x) => (x.ok ? 'ok' : x.error.code))).toEqual([
      'ok',
      'SERIAL_NUMBER_TAKEN',
      'ok',
      'VALIDATION_FAILED',
      'NOT_FOUND',
      'ok',
    ]);
    const [r0, r1, , r3, r4] = body.results;
    expect(r0!.ok && r0!.asset).toMatchObject({
      serialNumber: items[0]!.serialNumber,
      purchaseCostMinor: '12800000',
      purchaseDate: '2024-05-01',
      status: 'ACTIVE',
      version: 1,
    });
    expect(!r1!.ok && r1!.error.details).toEqual({ serialNumber: existing.serialNumber });
    const paths = (!r3!.ok ? (r3!.error.details as { path: string }[]) : []).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['modelId', 'name']));
    expect(!r4!.ok && r4!.error).toMatchObject({ code: 'NOT_FOUND', details: { field: 'modelId' } });

    expect(await assetsOf(org.id)).toBe(assetsBefore + 3);
    expect(await createdEvents(org.id)).toBe(eventsBefore + 3);
    expect(await h.db.asset.count({ where: { serialNumber: existing.serialNumber } })).toBe(1);
    const created = body.results.flatMap((x) => (x.ok ? [x.asset.id] : []));
    const list = ZListAssetsResponse.parse((await get(t.VIEWER, org.id, '/assets')).body);
    expect(list.items.map((a) => a.id).sort()).toEqual([existing.id, ...created].sort());
    const detail = ZAssetDetail.parse((await get(t.VIEWER, org.id, `/assets/${created[0]}`)).body);
    expect(detail.model.id).toBe(model.id);
  });

  it('a serial repeated inside the batch: the first wins, the later one fails and names the first', async () => {
    const { org, t, model } = await importSetup();
    const serial = `DUP-${tag()}`;
    const r = await post(t.ADMIN, org.id, '/assets/import', {
      items: [
        item(model.id, { serialNumber: serial }),
        item(model.id),
        item(model.id, { serialNumber: `  ${serial}  ` }),
      ],
    });
    expectStatus(r, 200);
    const body = ZImportAssetsResponse.parse(r.body);
    expect(body).toMatchObject({ created: 2, failed: 1 });
    const dup = body.results[2]!;
    expect(dup.ok).toBe(false);
    if (!dup.ok) {
      expect(dup.error.code).toBe('SERIAL_NUMBER_TAKEN');
      expect(dup.error.details).toEqual({ serialNumber: serial, duplicateOfIndex: 0 });
    }
    expect(await h.db.asset.count({ where: { organizationId: org.id, serialNumber: serial } })).toBe(1);
  });

  it('roles: OWNER and ADMIN import; VIEWER, DISPATCHER, MECHANIC, OPERATOR, ACCOUNTANT → 403 and nothing written', async () => {
    const { org, t, model } = await importSetup();
    for (const role of ['VIEWER', 'DISPATCHER', 'MECHANIC', 'OPERATOR', 'ACCOUNTANT'] as const) {
      expectError(await post(t[role], org.id, '/assets/import', { items: [item(model.id)] }), 403, 'FORBIDDEN');
    }
    expect(await assetsOf(org.id)).toBe(0);
    for (const role of ['OWNER', 'ADMIN'] as const) {
      const r = await post(t[role], org.id, '/assets/import', { items: [item(model.id)] });
      expectStatus(r, 200);
      expect(r.body).toMatchObject({ created: 1, failed: 0 });
    }
    expect(await assetsOf(org.id)).toBe(2);
  });

  it(
    'the request itself: 0 or 501 items, or items not an array → 400; 500 items (malformed or good) are answered per item',
    { timeout: 60_000 },
    async () => {
      const { org, t, model } = await importSetup();
      expectError(await post(t.OWNER, org.id, '/assets/import', { items: [] }), 400, 'VALIDATION_FAILED');
      expectError(await post(t.OWNER, org.id, '/assets/import', { items: {} }), 400, 'VALIDATION_FAILED');
      expectError(
        await post(t.OWNER, org.id, '/assets/import', { items: [item(model.id)], extra: 1 }),
        400,
        'VALIDATION_FAILED',
      );
      expectError(
        await post(t.OWNER, org.id, '/assets/import', { items: Array.from({ length: 501 }, () => item(model.id)) }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await assetsOf(org.id)).toBe(0);
      // all malformed: 200 with 500 per-item failures (validated without touching the database)
      const bad = await post(t.OWNER, org.id, '/assets/import', {
        items: Array.from({ length: 500 }, () => ({ bogus: true })),
      });
      expectStatus(bad, 200);
      expect(bad.body).toMatchObject({ created: 0, failed: 500 });
      expect(await assetsOf(org.id)).toBe(0);
      // a full batch of good items: one transaction each, all created
      const started = Date.now();
      const full = await post(t.OWNER, org.id, '/assets/import', {
        items: Array.from({ length: 500 }, () => item(model.id)),
      });
      expectStatus(full, 200);
      expect(full.body).toMatchObject({ created: 500, failed: 0 });
      expect(await assetsOf(org.id)).toBe(500);
      console.info(`import of 500 machines: ${Date.now() - started} ms`);
    },
  );

  it('a TEAM-scoped writer imports into their teams only: other items fail with FORBIDDEN (scope rules of a single create)', async () => {
    const { org, t, model } = await importSetup();
    const teamRes = await post(t.OWNER, org.id, '/teams', { name: `team-${tag()}` });
    expectStatus(teamRes, 201);
    const teamId = teamRes.body.id as string;
    expectStatus(
      await patch(t.OWNER, org.id, `/members/${org.users.ADMIN.membershipId}`, {
        dataScope: 'TEAM',
        teamIds: [teamId],
      }),
      200,
    );
    const r = await post(t.ADMIN, org.id, '/assets/import', { items: [item(model.id, { teamId }), item(model.id)] });
    expectStatus(r, 200);
    const body = ZImportAssetsResponse.parse(r.body);
    expect(body.results.map((x) => (x.ok ? 'ok' : x.error.code))).toEqual(['ok', 'FORBIDDEN']);
  });

  it('honours Idempotency-Key: a retry replays the same results and creates nothing more', async () => {
    const { org, t, model } = await importSetup();
    const key = `imp-${tag()}`;
    const payload = { items: [item(model.id), item(model.id)] };
    const first = await post(t.OWNER, org.id, '/assets/import', payload, { 'idempotency-key': key });
    const again = await post(t.OWNER, org.id, '/assets/import', payload, { 'idempotency-key': key });
    expectStatus(first, 200);
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await assetsOf(org.id)).toBe(2);
  });

  it('is documented in the OpenAPI with the item shape, the per-item results and the platform routes', async () => {
    const doc = (await call(h.base, 'GET', '/api/docs-json')).body;
    const imp = doc.paths['/api/v1/orgs/{orgId}/assets/import'].post;
    const req = imp.requestBody.content['application/json'].schema;
    expect(req.properties.items).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    expect(req.properties.items.items.required).toEqual(expect.arrayContaining(['modelId', 'name', 'serialNumber']));
    expect(imp.responses['200'].content['application/json'].schema.properties.results.type).toBe('array');
    expect(doc.paths['/api/v1/platform/machine-models'].get).toBeDefined();
    expect(doc.paths['/api/v1/platform/machine-models'].post).toBeDefined();
    expect(
      doc.paths['/api/v1/platform/machine-models/{id}'].patch.requestBody.content['application/json'].schema.required,
    ).toContain('expectedUpdatedAt');
    expect(doc.paths['/api/v1/orgs/{orgId}/machine-models/{id}'].patch).toBeDefined();
  });
});
