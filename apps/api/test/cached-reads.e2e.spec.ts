import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAnalyticsOverview } from '@amms/contracts/analytics';
import { ZAsset, ZAssetDetail, ZListAssetsResponse, ZMachineModel } from '@amms/contracts/assets';
import { call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { TEST_DATABASE_URL } from './env.js';
import { startPgRoundTripCounter, type PgRoundTripCounter } from './pg-round-trips.js';

// Issue #16: a cached read costs exactly one database round trip (the access query: session,
// membership and teams in one statement) and its bytes are the ones a cache miss sent. Round
// trips are counted on the wire, by a relay between the app and Postgres.

let counter: PgRoundTripCounter;
let h: Harness;
let org: TestOrg;
let token: string;

beforeAll(async () => {
  counter = await startPgRoundTripCounter(TEST_DATABASE_URL);
  h = await startApp({ DATABASE_URL: counter.url, CACHE_ENABLED: 'true' });
  org = await createOrg(h.db, 'cached-reads');
  token = (await login(h.base, org.users.OWNER.email)).accessToken;
  const model = await call(h.base, 'POST', orgPath(org.id, '/machine-models'), {
    token,
    body: { manufacturer: `Mfr-${tag()}`, name: 'C1', kind: 'POWER_UNIT', operationTypes: ['TILLAGE'] },
  });
  expectStatus(model, 201);
  const modelId = ZMachineModel.parse(model.body).id;
  for (let i = 0; i < 3; i++) {
    const a = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token,
      body: { modelId, name: `Tractor ${tag()}`, serialNumber: `SN-${tag()}` },
    });
    expectStatus(a, 201);
    ZAsset.parse(a.body);
  }
});

afterAll(async () => {
  await h?.close();
  await counter?.close();
});

/** Transactions Postgres ended for the app during `fn`. */
async function transactionsOf(fn: () => Promise<unknown>): Promise<number> {
  const before = counter.transactions;
  await fn();
  return counter.transactions - before;
}

/** Round trips the app made to Postgres during `fn`. */
async function roundTripsOf(fn: () => Promise<unknown>): Promise<number> {
  const before = counter.roundTrips;
  await fn();
  return counter.roundTrips - before;
}

const get = (rest: string) => call<string>(h.base, 'GET', orgPath(org.id, rest), { token, headers: {} });

describe('cached reads: one database round trip each, the same bytes as the miss', () => {
  for (const [name, rest, schema] of [
    ['asset list', '/assets?limit=50', ZListAssetsResponse],
    ['analytics overview', '/analytics/overview', ZAnalyticsOverview],
  ] as const) {
    it(`${name}: the miss loads, then every hit makes exactly one round trip`, async () => {
      let miss: Awaited<ReturnType<typeof get>> | undefined;
      const missTrips = await roundTripsOf(async () => (miss = await get(rest)));
      expectStatus(miss!, 200);
      schema.parse(miss!.body);
      expect(missTrips).toBeGreaterThan(1); // access query + the loader's reads: the counter sees them

      const hits = 10;
      const bodies: unknown[] = [];
      const trips = await roundTripsOf(async () => {
        for (let i = 0; i < hits; i++) {
          const r = await get(rest);
          expectStatus(r, 200);
          expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(r.headers.get('x-request-id')).toBeTruthy();
          bodies.push(r.body);
        }
      });
      expect(trips).toBe(hits);
      for (const b of bodies) expect(b).toEqual(miss!.body);
    });
  }

  it('asset detail: a hit is one round trip too', async () => {
    const list = ZListAssetsResponse.parse((await get('/assets?limit=1')).body);
    const id = list.items[0]!.id;
    const first = await get(`/assets/${id}`);
    expectStatus(first, 200);
    ZAssetDetail.parse(first.body);
    const trips = await roundTripsOf(async () => {
      for (let i = 0; i < 5; i++) expect((await get(`/assets/${id}`)).body).toEqual(first.body);
    });
    expect(trips).toBe(5);
  });

  it('concurrent hits: still one round trip per request', async () => {
    await get('/assets?limit=50');
    const n = 40;
    const trips = await roundTripsOf(() =>
      Promise.all(Array.from({ length: n }, () => get('/assets?limit=50').then((r) => expectStatus(r, 200)))),
    );
    expect(trips).toBe(n);
  });

  it('the access check still runs on a hit: a removed member is refused at once (404), never served from the cache', async () => {
    const member = org.users.VIEWER;
    const viewerToken = (await login(h.base, member.email)).accessToken;
    const path = orgPath(org.id, '/assets?limit=50');
    expectStatus(await call(h.base, 'GET', path, { token: viewerToken }), 200);
    expectStatus(await call(h.base, 'GET', path, { token: viewerToken }), 200);
    await h.db.membership.update({ where: { id: member.membershipId }, data: { status: 'REMOVED' } });
    expectError(await call(h.base, 'GET', path, { token: viewerToken }), 404, 'NOT_FOUND');
  });
});

// Issue #30 §2: a miss of an analytics figure reads one snapshot (one read-only transaction), not
// a transaction per statement; 64 readers of a key just invalidated rebuild it once.
describe('analytics misses: one snapshot transaction, and one rebuild for a herd', () => {
  let day = 0;
  /** a period no earlier request asked for: a cache miss */
  const freshPeriod = () => {
    day++;
    const d = (n: number) => new Date(Date.UTC(2030, 0, 1) + (day * 2 + n) * 86_400_000).toISOString().slice(0, 10);
    return `from=${d(0)}&to=${d(1)}`;
  };

  for (const endpoint of ['overview', 'utilization', 'maintenance', 'operations', 'costs']) {
    it(`${endpoint}: the miss is the access query + one transaction`, async () => {
      let status = 0;
      const tx = await transactionsOf(async () => {
        status = (await get(`/analytics/${endpoint}?${freshPeriod()}`)).status;
      });
      expect(status).toBe(200);
      expect(tx).toBeLessThanOrEqual(3);
    });
  }

  it('overview miss: the access query + two round trips (the timezone, then every row in one statement)', async () => {
    let status = 0;
    const trips = await roundTripsOf(async () => {
      status = (await get(`/analytics/overview?${freshPeriod()}`)).status;
    });
    expect(status).toBe(200);
    expect(trips).toBeLessThanOrEqual(3);
  });

  it('64 concurrent readers of an invalidated overview: one rebuild (single flight)', async () => {
    const q = `/analytics/overview?${freshPeriod()}`;
    expectStatus(await get(q), 200);
    // a field write bumps the analytics family: the next readers all miss
    const inv = await call(h.base, 'POST', orgPath(org.id, '/fields'), {
      token,
      body: { name: `F ${tag()}`, areaHa: 3 },
    });
    expectStatus(inv, 201);
    const n = 64;
    const trips = await roundTripsOf(() =>
      Promise.all(Array.from({ length: n }, () => get(q).then((r) => expectStatus(r, 200)))),
    );
    // each reader's access query, plus ONE loader's reads (a handful of statements in one transaction)
    expect(trips).toBeLessThan(n + 20);
    expect(trips).toBeGreaterThan(n);
  });
});
