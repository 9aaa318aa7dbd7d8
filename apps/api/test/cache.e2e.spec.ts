import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAsset, ZAssetDetail, ZListAssetsResponse, ZMachineModel, type TAsset } from '@amms/contracts/assets';
import { ZTeam } from '@amms/contracts/teams';
import { CacheService } from '../src/platform/cache/cache.service.js';
import { applyCacheInvalidation } from '../src/worker/cache-invalidate.js';
import { JOBS } from '../src/platform/queue/registry.js';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { tag } from './support/world.js';
import { allModelIds, expectError, expectStatus, orgPath } from './assertions.js';
import { freePort, killProcess, startRedis, waitForPort } from './processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sum of a Prometheus counter's samples whose labels include `labels`. */
async function metric(h: Harness, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await call<string>(h.base, 'GET', '/metrics')).body;
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{([^}]*)\})? ([0-9.e+-]+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      (m[2] ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('=').map((s) => s.replace(/"/g, '')) as [string, string]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

/** Counter deltas around `fn`, for `amms_cache_requests_total{resource,result}`. */
async function cacheDelta(h: Harness, resource: string, fn: () => Promise<unknown>) {
  const results = ['hit', 'miss', 'coalesced', 'error', 'bypass'] as const;
  const before = await Promise.all(
    results.map((result) => metric(h, 'amms_cache_requests_total', { resource, result })),
  );
  await fn();
  const after = await Promise.all(
    results.map((result) => metric(h, 'amms_cache_requests_total', { resource, result })),
  );
  return Object.fromEntries(results.map((r, i) => [r, after[i]! - before[i]!])) as Record<
    (typeof results)[number],
    number
  >;
}

function client(h: Harness) {
  return {
    get: (token: string, org: string, rest: string) => call(h.base, 'GET', orgPath(org, rest), { token }),
    post: (token: string, org: string, rest: string, body: unknown) =>
      call(h.base, 'POST', orgPath(org, rest), { token, body }),
    patch: (token: string, org: string, rest: string, body: unknown) =>
      call(h.base, 'PATCH', orgPath(org, rest), { token, body }),
    del: (token: string, org: string, rest: string) => call(h.base, 'DELETE', orgPath(org, rest), { token }),
    token: async (org: TestOrg, role: keyof TestOrg['users']) =>
      (await login(h.base, org.users[role].email)).accessToken,
    async model(token: string, orgId: string) {
      const r = await call(h.base, 'POST', orgPath(orgId, '/machine-models'), {
        token,
        body: { manufacturer: `Mfr-${tag()}`, name: 'C1', kind: 'POWER_UNIT', operationTypes: ['TILLAGE'] },
      });
      expectStatus(r, 201);
      return ZMachineModel.parse(r.body);
    },
    async asset(token: string, orgId: string, modelId: string, body: Record<string, unknown> = {}): Promise<TAsset> {
      const r = await call(h.base, 'POST', orgPath(orgId, '/assets'), {
        token,
        body: { modelId, name: `Tractor ${tag()}`, serialNumber: `SN-${tag()}`, ...body },
      });
      expectStatus(r, 201);
      return ZAsset.parse(r.body);
    },
    async team(token: string, orgId: string) {
      const r = await call(h.base, 'POST', orgPath(orgId, '/teams'), { token, body: { name: `team-${tag()}` } });
      expectStatus(r, 201);
      return ZTeam.parse(r.body);
    },
  };
}

describe('cache-aside on the shared Redis', () => {
  let h: Harness;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    h = await startApp();
    c = client(h);
  });
  afterAll(() => h?.close());

  it('asset detail: second read is a hit; PATCH, a meter reading and DELETE show on the next read', async () => {
    const org = await createOrg(h.db, 'ca');
    const owner = await c.token(org, 'OWNER');
    const model = await c.model(owner, org.id);
    const a = await c.asset(owner, org.id, model.id, { name: 'Before', purchaseCostMinor: '99999999999999999' });

    const first = await cacheDelta(h, 'asset', async () =>
      expectStatus(await c.get(owner, org.id, `/assets/${a.id}`), 200),
    );
    expect(first).toMatchObject({ miss: 1, hit: 0 });
    const avoidedBefore = await metric(h, 'amms_cache_db_queries_avoided_total', { resource: 'asset' });
    let cached!: Awaited<ReturnType<typeof c.get>>;
    const second = await cacheDelta(h, 'asset', async () => (cached = await c.get(owner, org.id, `/assets/${a.id}`)));
    expect(second).toMatchObject({ miss: 0, hit: 1 });
    expect(await metric(h, 'amms_cache_db_queries_avoided_total', { resource: 'asset' })).toBe(avoidedBefore + 1);
    // the cached DTO is the same contract: money still a digit string
    expect(ZAssetDetail.parse(cached.body)).toMatchObject({
      name: 'Before',
      purchaseCostMinor: '99999999999999999',
      latestMeterReading: null,
    });

    const okBefore = await metric(h, 'amms_cache_invalidations_total', { result: 'ok' });
    expectStatus(await c.patch(owner, org.id, `/assets/${a.id}`, { version: a.version, name: 'After' }), 200);
    expect(await metric(h, 'amms_cache_invalidations_total', { result: 'ok' })).toBe(okBefore + 1);
    expect(ZAssetDetail.parse((await c.get(owner, org.id, `/assets/${a.id}`)).body)).toMatchObject({
      name: 'After',
      version: a.version + 1,
    });

    expectStatus(await c.post(owner, org.id, `/assets/${a.id}/meter-readings`, { readingHours: 1234.5 }), 201);
    expect(ZAssetDetail.parse((await c.get(owner, org.id, `/assets/${a.id}`)).body).latestMeterReading).toMatchObject({
      readingHours: 1234.5,
    });

    expectStatus(await c.del(owner, org.id, `/assets/${a.id}`), 204);
    expectError(await c.get(owner, org.id, `/assets/${a.id}`), 404, 'NOT_FOUND');
    // a 404 is never cached: every read asks Postgres
    const notFound = await cacheDelta(h, 'asset', async () =>
      expectError(await c.get(owner, org.id, `/assets/${a.id}`), 404, 'NOT_FOUND'),
    );
    expect(notFound).toMatchObject({ miss: 1, hit: 0 });
  });

  it('asset list: hit on repeat; create, PATCH and DELETE show on the next read; a filter order change is the same entry', async () => {
    const org = await createOrg(h.db, 'ca');
    const owner = await c.token(org, 'OWNER');
    const model = await c.model(owner, org.id);
    const a = await c.asset(owner, org.id, model.id);
    const list = async (qs = '?limit=50&status=ACTIVE') =>
      ZListAssetsResponse.parse((await c.get(owner, org.id, `/assets${qs}`)).body);

    expect((await list()).items.map((x) => x.id)).toEqual([a.id]);
    const repeat = await cacheDelta(h, 'asset', async () => {
      await list();
      await list('?status=ACTIVE&limit=50'); // same query, other parameter order
    });
    expect(repeat).toMatchObject({ hit: 2, miss: 0 });

    const b = await c.asset(owner, org.id, model.id);
    expect((await list()).items.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expectStatus(
      await c.patch(owner, org.id, `/assets/${a.id}`, { version: a.version, status: 'IN_MAINTENANCE' }),
      200,
    );
    expect((await list()).items.map((x) => x.id)).toEqual([b.id]);
    expect((await list('?limit=50&status=IN_MAINTENANCE')).items.map((x) => x.id)).toEqual([a.id]);
    expectStatus(await c.del(owner, org.id, `/assets/${b.id}`), 204);
    expect((await list()).items).toEqual([]);
  });

  it('machine-model list: cached; an org model shows at once; a platform catalog edit reaches every org', async () => {
    const [o1, o2] = [await createOrg(h.db, 'ca'), await createOrg(h.db, 'ca')];
    const [t1, t2] = await Promise.all([c.token(o1, 'OWNER'), c.token(o2, 'OWNER')]);
    // every page (platform models of earlier runs stay in the test database); each page is an entry
    const models = (token: string, orgId: string) => allModelIds(h.base, token, orgId);
    await models(t1, o1.id);
    await models(t2, o2.id);
    const again = await cacheDelta(h, 'machine-model', () => models(t1, o1.id));
    expect(again.miss).toBe(0);
    expect(again.hit).toBeGreaterThanOrEqual(1);

    const mine = await c.model(t1, o1.id);
    expect(await models(t1, o1.id)).toContain(mine.id);
    expect(await models(t2, o2.id)).not.toContain(mine.id);

    // a platform model written directly (no platform-admin API yet) is invisible until the global generation moves
    const platform = await h.db.machineModel.create({
      data: {
        organizationId: null,
        manufacturer: `Platform-${tag()}`,
        name: 'P',
        kind: 'IMPLEMENT',
        operationTypes: ['MOWING'],
      },
    });
    expect(await models(t2, o2.id)).not.toContain(platform.id);
    expect(await h.app.get(CacheService).invalidate(null, { platformResources: ['machine-model'] })).toBe('ok');
    expect(await models(t1, o1.id)).toContain(platform.id);
    expect(await models(t2, o2.id)).toContain(platform.id);
  });

  it('data scopes never share an entry: ORG and TEAM members read the same query and get their own answer', async () => {
    const org = await createOrg(h.db, 'ca');
    const other = await createOrg(h.db, 'ca');
    const [owner, mechanic, outsider] = await Promise.all([
      c.token(org, 'OWNER'),
      c.token(org, 'MECHANIC'),
      c.token(other, 'OWNER'),
    ]);
    const [team1, team2] = [await c.team(owner, org.id), await c.team(owner, org.id)];
    expectStatus(
      await c.patch(owner, org.id, `/members/${org.users.MECHANIC.membershipId}`, { teamIds: [team1.id] }),
      200,
    );
    const model = await c.model(owner, org.id);
    const inTeam = await c.asset(owner, org.id, model.id, { teamId: team1.id });
    const elsewhere = await c.asset(owner, org.id, model.id, { teamId: team2.id });
    const ids = async (token: string) =>
      ZListAssetsResponse.parse((await c.get(token, org.id, '/assets?limit=50')).body)
        .items.map((x) => x.id)
        .sort();

    // ORG member fills first (twice: the second is a hit), then the TEAM member asks the same query
    expect(await ids(owner)).toEqual([inTeam.id, elsewhere.id].sort());
    expect(await ids(owner)).toEqual([inTeam.id, elsewhere.id].sort());
    expect(await ids(mechanic)).toEqual([inTeam.id]);
    expect(await ids(mechanic)).toEqual([inTeam.id]);
    expect(await ids(owner)).toEqual([inTeam.id, elsewhere.id].sort());

    // detail: the ORG member's cached copy does not answer the TEAM member (404), nor another org
    expectStatus(await c.get(owner, org.id, `/assets/${elsewhere.id}`), 200);
    expectStatus(await c.get(owner, org.id, `/assets/${elsewhere.id}`), 200);
    expectError(await c.get(mechanic, org.id, `/assets/${elsewhere.id}`), 404, 'NOT_FOUND');
    expectError(await c.get(outsider, other.id, `/assets/${elsewhere.id}`), 404, 'NOT_FOUND');

    // the member's teams are part of the key: joining team2 widens the answer immediately
    expectStatus(
      await c.patch(owner, org.id, `/members/${org.users.MECHANIC.membershipId}`, { teamIds: [team1.id, team2.id] }),
      200,
    );
    expect(await ids(mechanic)).toEqual([inTeam.id, elsewhere.id].sort());
    expectStatus(await c.get(mechanic, org.id, `/assets/${elsewhere.id}`), 200);
  });

  it('parallel reads around a PATCH: every answer is a valid contract and the final read shows the write', async () => {
    const org = await createOrg(h.db, 'ca');
    const owner = await c.token(org, 'OWNER');
    const model = await c.model(owner, org.id);
    const a = await c.asset(owner, org.id, model.id, { name: 'v1' });
    const reads = () => Array.from({ length: 12 }, () => c.get(owner, org.id, `/assets/${a.id}`));
    const cold = await cacheDelta(h, 'asset', async () => {
      const res = await Promise.all(reads());
      for (const r of res) expect(ZAssetDetail.parse(r.body).name).toBe('v1');
    });
    expect(cold.miss + cold.hit + cold.coalesced).toBe(12);
    expect(cold.miss).toBeLessThan(12); // coalesced or served from the fill

    const [patched, ...during] = await Promise.all([
      c.patch(owner, org.id, `/assets/${a.id}`, { version: a.version, name: 'v2' }),
      ...reads(),
    ]);
    expectStatus(patched, 200);
    for (const r of during) expect(['v1', 'v2']).toContain(ZAssetDetail.parse(r.body).name);
    for (const r of await Promise.all(reads())) expect(ZAssetDetail.parse(r.body).name).toBe('v2');
  });
});

// ---------------------------------------------------------------------------------------------
// Redis down: a private redis-server this file owns, killed and restarted mid-test.

const stopRedis = killProcess;

/** Polls until `check` passes (the app's ioredis reconnects with up to 2 s between attempts). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('condition not met in time');
}

describe('Redis down: the API keeps answering from Postgres and defers invalidations to the outbox', () => {
  let h: Harness;
  let c: ReturnType<typeof client>;
  let redis: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = startRedis(port);
    await waitForPort(port);
    h = await startApp({ REDIS_URL: `redis://127.0.0.1:${port}/0` });
    c = client(h);
  });
  afterAll(async () => {
    await h?.close();
    await stopRedis(redis);
  });

  it('reads and writes answer correctly while Redis is dead; the failed invalidation is an outbox row; hits return after a restart', async () => {
    const org = await createOrg(h.db, 'cd');
    const owner = await c.token(org, 'OWNER');
    const model = await c.model(owner, org.id);
    const a = await c.asset(owner, org.id, model.id, { name: 'Up' });
    const detail = async () => {
      const r = await c.get(owner, org.id, `/assets/${a.id}`);
      expectStatus(r, 200);
      return ZAssetDetail.parse(r.body);
    };
    await eventually(async () => (await cacheDelta(h, 'asset', detail)).hit === 1);

    await stopRedis(redis);
    // the connection drop is noticed within a moment; from then on Redis is skipped (bypass) or fails fast (error)
    await eventually(async () => {
      const d = await cacheDelta(h, 'asset', detail);
      return d.bypass + d.error === 1;
    });
    expect((await detail()).name).toBe('Up');

    // writes commit and answer; their invalidation cannot reach Redis → outbox row for the worker
    const outboxRows = () =>
      h.db.outboxEvent.findMany({
        where: { organizationId: org.id, name: 'cache.invalidate' },
        orderBy: { createdAt: 'asc' },
      });
    expect(await outboxRows()).toHaveLength(0);
    const patched = await c.patch(owner, org.id, `/assets/${a.id}`, { version: a.version, name: 'Down' });
    expectStatus(patched, 200);
    expect((await detail()).name).toBe('Down');
    expectStatus(await c.post(owner, org.id, `/assets/${a.id}/meter-readings`, { readingHours: 42 }), 201);
    expect((await detail()).latestMeterReading?.readingHours).toBe(42);
    const b = await c.asset(owner, org.id, model.id, { name: 'Created while down' });
    const list = ZListAssetsResponse.parse((await c.get(owner, org.id, '/assets?limit=50')).body);
    expect(list.items.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());

    const rows = await outboxRows();
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.queue === JOBS['cache.invalidate'].queue && r.dispatchedAt === null)).toBe(true);
    expect(rows[0]!.payload).toEqual({
      organizationId: org.id,
      resources: ['asset', 'analytics', 'map'],
      details: [{ resource: 'asset', id: a.id }],
      platformResources: [],
    });
    expect(await metric(h, 'amms_cache_invalidations_total', { result: 'deferred' })).toBeGreaterThanOrEqual(3);

    // many parallel reads while down: all answer (loaders bounded by the semaphore, not refused)
    const burst = await Promise.all(Array.from({ length: 40 }, () => c.get(owner, org.id, `/assets/${a.id}`)));
    expect(burst.every((r) => r.status === 200 && (r.body as { name: string }).name === 'Down')).toBe(true);
    expect(h.app.get(CacheService).loadSlots).toEqual({ inUse: 0, waiting: 0 });

    // Redis back on the same port (empty: no persistence). Reads fill again, then hit.
    redis = startRedis(port);
    await waitForPort(port);
    await eventually(async () => (await cacheDelta(h, 'asset', detail)).hit === 1);
    expect((await detail()).name).toBe('Down');

    // what the worker does with the deferred rows once Redis answers: apply them (idempotent)
    const cache = h.app.get(CacheService);
    for (const r of rows) await applyCacheInvalidation(cache, JOBS['cache.invalidate'].payload.parse(r.payload));
    await h.db.outboxEvent.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { dispatchedAt: new Date() },
    });
    expect(await cacheDelta(h, 'asset', detail)).toMatchObject({ miss: 1, hit: 0 });
    expect((await detail()).name).toBe('Down');
  });
});
