import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ZListTelematicsUnitsResponse,
  ZTelematicsPollResult,
  ZTelematicsSource,
  type TTelematicsPollResult,
} from '@amms/contracts/telematics-sources';
import {
  FakeAempServer,
  ScriptedFleet,
  type SimSample,
  type SimUnit,
} from '../src/telematics/simulator/aemp-server.js';
import { startApp, type Harness } from './harness.js';
import { expectError, expectStatus } from './assertions.js';
import { HOUR, machineRow, orgApi, orgWorld, tag, type OrgWorld } from './support/world.js';

/**
 * AEMP 2.0 / ISO 15143-3 pull end to end: a source is connected by an admin, the production
 * client pages through a fake ISO 15143-3 server on loopback (allowed through WEBHOOK_ALLOW_HOSTS),
 * units are matched to machines by serial number / PIN or listed as unmatched, and the readings
 * go through the push API's ingest. The fake server fails on request: 401, 429, 500, garbage, a
 * page that never answers.
 */
let h: Harness;
const USER = 'fleet-reader';
const SECRET = `s3cret-${randomUUID()}`;
beforeAll(async () => {
  h = await startApp({
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    TELEMATICS_TIMEOUT_MS: '700',
    TELEMATICS_MAX_ATTEMPTS: '3',
    TELEMATICS_RETRY_BASE_MS: '20',
  });
});
vi.setConfig({ testTimeout: 120_000 });
const servers: FakeAempServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await h?.close();
});

const { get, post, patch, del } = orgApi(() => h);
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** a unit with hourly samples over the last `n` hours, hours counting up from `start` */
function track(start: number, n = 4, step = 0.9): SimSample[] {
  return Array.from({ length: n }, (_, i) => ({
    at: ago(n - i),
    lat: 45.75 + i * 0.001,
    lon: 126.64 + i * 0.001,
    hours: start + i * step,
    fuelL: 1000 + i * 12,
  }));
}

async function fake(units: SimUnit[], data: ScriptedFleet['data'], o: { pageSize?: number; series?: string[] } = {}) {
  const s = new FakeAempServer({ model: new ScriptedFleet(units, data), username: USER, secret: SECRET, ...o });
  await s.listen();
  servers.push(s);
  return s;
}

const unit = (serialNumber: string, extra: Partial<SimUnit> = {}): SimUnit => ({
  equipmentId: `EQ-${tag()}`,
  serialNumber,
  oemName: 'Deere',
  model: '6R 155',
  ...extra,
});

async function connect(w: OrgWorld, baseUrl: string, body: Record<string, unknown> = {}) {
  const r = await post(
    w.t.ADMIN,
    w.org.id,
    '/telematics/sources',
    { name: `JDLink ${tag()}`, baseUrl, authKind: 'BASIC', username: USER, secret: SECRET, ...body },
    randomUUID(),
  );
  expectStatus(r, 201);
  return ZTelematicsSource.parse(r.body);
}

async function poll(w: OrgWorld, sourceId: string): Promise<TTelematicsPollResult> {
  const r = await post(w.t.ADMIN, w.org.id, `/telematics/sources/${sourceId}/poll`, {}, randomUUID());
  expectStatus(r, 200);
  return ZTelematicsPollResult.parse(r.body);
}

const serialOf = async (assetId: string) =>
  (await h.db.asset.findUniqueOrThrow({ where: { id: assetId } })).serialNumber;

describe('AEMP pull: paging, mapping, unmatched units', () => {
  it('pages through the fleet, links units by serial number or PIN, lists the rest, and ingests once', async () => {
    const w = await orgWorld(h, 'pull');
    const other = await orgWorld(h, 'pull-other');
    const a1 = await machineRow(h.db, w.org.id, 'Tractor 1');
    const a2 = await machineRow(h.db, w.org.id, 'Tractor 2');
    const a3 = await machineRow(h.db, w.org.id, 'Tractor 3');
    const theirs = await machineRow(h.db, other.org.id, 'Their tractor');
    const u1 = unit((await serialOf(a1)).toLowerCase()); // case differs
    const u2 = unit('UNKNOWN-SERIAL', { pin: await serialOf(a2) }); // matched by its PIN
    const u3 = unit(`NOPE-${tag()}`); // no machine: listed
    const u4 = unit(await serialOf(theirs)); // another org's machine: never ours
    const u5 = unit(`LATER-${tag()}`); // linked by hand below
    const server = await fake(
      [u1, u2, u3, u4, u5],
      new Map([
        [u1.equipmentId, { samples: track(100), faults: [] }],
        [u2.equipmentId, { samples: track(200), faults: [] }],
        [u3.equipmentId, { samples: track(300), faults: [] }],
        [u4.equipmentId, { samples: track(400), faults: [] }],
        [u5.equipmentId, { samples: track(500), faults: [] }],
      ]),
      { pageSize: 2 },
    );
    const src = await connect(w, server.base);
    expect(src).toMatchObject({ status: 'NEW', hasSecret: true, authKind: 'BASIC' });

    const first = await poll(w, src.id);
    expect(first).toMatchObject({ ok: true, pages: 3, units: 5, linked: 2, unmatched: 3, rejected: 0, error: null });
    expect(server.requests.filter((r) => /^\/Fleet\/\d+$/.test(r.path)).map((r) => r.path)).toEqual([
      '/Fleet/1',
      '/Fleet/2',
      '/Fleet/3',
    ]);
    // every request signed in
    expect(server.requests.every((r) => r.auth?.startsWith('Basic '))).toBe(true);
    // the time series of the linked units only, paged too: 4 samples = 2 pages each, no fault codes = 1 page
    const seriesOf = (eq: string) => server.requests.filter((r) => r.path.includes(`/ID/${eq}/`)).length;
    expect(seriesOf(u1.equipmentId)).toBe(2 + 2 + 2 + 1);
    expect(seriesOf(u3.equipmentId)).toBe(0);
    // hours as meter readings (the series' 4 samples), positions as a track
    const meters = await h.db.meterReading.findMany({ where: { assetId: a1 }, orderBy: { readAt: 'asc' } });
    expect(meters.map((m) => [Number(m.readingHours), m.source])).toEqual(
      [100, 100.9, 101.8, 102.7].map((x) => [x, 'TELEMATICS']),
    );
    expect(await h.db.assetPosition.count({ where: { assetId: a2 } })).toBe(4);
    expect(await h.db.telematicsReading.count({ where: { assetId: a1, origin: 'PULL', kind: 'FUEL_USED' } })).toBe(4);
    expect(await h.db.meterReading.count({ where: { assetId: theirs } })).toBe(0);
    // fuel per engine hour on the machine's page: 36 L over 2.7 h
    const summary = await get(w.t.ADMIN, w.org.id, `/assets/${a1}/telematics`);
    expectStatus(summary, 200);
    expect((summary.body as { fuel30d: unknown }).fuel30d).toMatchObject({
      litres: 36,
      engineHours: 2.7,
      litresPerHour: 13.3,
    });

    const un = ZListTelematicsUnitsResponse.parse((await get(w.t.ADMIN, w.org.id, '/telematics/unmatched')).body);
    expect(un.items.map((u) => u.serialNumber).sort()).toEqual(
      [u3.serialNumber, u4.serialNumber, u5.serialNumber].sort(),
    );
    expect(un.items.every((u) => u.reason === 'NO_MATCH' && u.sourceId === src.id)).toBe(true);
    const listed = ZTelematicsSource.parse((await get(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`)).body);
    expect(listed).toMatchObject({ status: 'OK', linkedUnits: 2, unmatchedUnits: 3, lastError: null });

    // link one by hand, ignore another: the next cycle reads the linked one; nothing else is new
    const toLink = un.items.find((u) => u.serialNumber === u5.serialNumber)!;
    const toIgnore = un.items.find((u) => u.serialNumber === u3.serialNumber)!;
    expectStatus(
      await post(w.t.ADMIN, w.org.id, `/telematics/unmatched/${toLink.id}/link`, { assetId: a3 }, randomUUID()),
      200,
    );
    expectStatus(
      await post(w.t.ADMIN, w.org.id, `/telematics/unmatched/${toIgnore.id}/link`, { ignore: true }, randomUUID()),
      200,
    );
    // another org's machine cannot be linked
    expectError(
      await post(w.t.ADMIN, w.org.id, `/telematics/unmatched/${toLink.id}/link`, { assetId: theirs }, randomUUID()),
      404,
      'NOT_FOUND',
    );
    const second = await poll(w, src.id);
    expect(second).toMatchObject({ ok: true, linked: 3, unmatched: 2 });
    expect(await h.db.meterReading.count({ where: { assetId: a3 } })).toBe(1); // the snapshot; its series window starts at the last cycle
    expect(await h.db.meterReading.count({ where: { assetId: a1 } })).toBe(4); // nothing twice
    const after = ZListTelematicsUnitsResponse.parse((await get(w.t.ADMIN, w.org.id, '/telematics/unmatched')).body);
    expect(after.items.map((u) => u.serialNumber)).toEqual([u4.serialNumber]);

    // the other org's source with our serial number does not reach our machine
    const theirSrc = await connect(other, server.base);
    const theirPoll = await poll(other, theirSrc.id);
    expect(theirPoll).toMatchObject({ ok: true, linked: 1 });
    expect(await h.db.telematicsReading.count({ where: { assetId: a1, organizationId: other.org.id } })).toBe(0);
    // and our source is 404 to them
    expectError(await get(other.t.ADMIN, other.org.id, `/telematics/sources/${src.id}`), 404, 'NOT_FOUND');
    expectError(
      await post(other.t.ADMIN, other.org.id, `/telematics/sources/${src.id}/poll`, {}, randomUUID()),
      404,
      'NOT_FOUND',
    );
  });

  it('a backwards hour counter is flagged and counts nowhere; time series not offered are skipped', async () => {
    const w = await orgWorld(h, 'pull-back');
    const a = await machineRow(h.db, w.org.id);
    const u = unit(await serialOf(a));
    const samples = track(900, 3);
    samples.push({ at: ago(0.5), lat: 45.8, lon: 126.7, hours: 850, fuelL: 1100 });
    const server = await fake([u], new Map([[u.equipmentId, { samples, faults: [] }]]), {
      series: ['Locations', 'CumulativeOperatingHours'],
    });
    const src = await connect(w, server.base);
    const r = await poll(w, src.id);
    expect(r).toMatchObject({ ok: true, linked: 1, flagged: 1 });
    const flagged = await h.db.telematicsReading.findMany({ where: { assetId: a, flagCode: { not: null } } });
    expect(flagged.map((f) => [Number(f.engineHours), f.flagCode])).toEqual([[850, 'METER_BACKWARDS']]);
    expect(await h.db.meterReading.count({ where: { assetId: a, readingHours: 850 } })).toBe(0);
    expect(await h.db.meterReading.count({ where: { assetId: a } })).toBe(3);
    // the snapshot's point is the series' last one: 4 positions, not 5
    expect(await h.db.assetPosition.count({ where: { assetId: a } })).toBe(4);
    // FuelUsed and FaultCodes answer 404 (not offered): asked once, no error, fuel only from the snapshot
    expect(server.requests.filter((q) => q.path.includes('/FuelUsed/')).length).toBe(1);
    expect(server.requests.filter((q) => q.path.includes('/FaultCodes/')).length).toBe(1);
    expect(await h.db.telematicsReading.count({ where: { assetId: a, kind: 'FUEL_USED' } })).toBe(1);
  });
});

describe('AEMP pull: failures, retries and status', () => {
  async function oneUnit(label: string) {
    const w = await orgWorld(h, label);
    const a = await machineRow(h.db, w.org.id);
    const u = unit(await serialOf(a));
    const server = await fake([u], new Map([[u.equipmentId, { samples: track(10), faults: [] }]]), { series: [] });
    return { w, a, server, src: await connect(w, server.base) };
  }

  it('429 and 500 are retried with backoff; a source that keeps failing is FAILING with its reason, then recovers', async () => {
    const { w, server, src } = await oneUnit('pull-retry');
    server.failNext('429', 1, /^\/Fleet\/1$/);
    server.failNext('500', 1, /^\/Fleet\/1$/);
    const ok = await poll(w, src.id);
    expect(ok).toMatchObject({ ok: true, linked: 1 });
    expect(server.requests.filter((r) => r.path === '/Fleet/1').length).toBe(3);

    server.failNext('500', 3, /^\/Fleet\/1$/);
    const bad = await poll(w, src.id);
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/HTTP 500 \(after 3 attempts\)/);
    server.failNext('garbage', 1);
    expect((await poll(w, src.id)).error).toMatch(/not JSON/);
    server.failNext('not-iso', 1);
    expect((await poll(w, src.id)).error).toMatch(/not an ISO 15143-3 answer/);
    const failing = ZTelematicsSource.parse((await get(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`)).body);
    expect(failing).toMatchObject({ status: 'FAILING', consecutiveFailures: 3 });
    expect(failing.lastError).toMatch(/not an ISO 15143-3 answer/);

    const back = await poll(w, src.id);
    expect(back.ok).toBe(true);
    expect(
      ZTelematicsSource.parse((await get(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`)).body),
    ).toMatchObject({ status: 'OK', consecutiveFailures: 0, lastError: null });
  });

  it('a page that never answers times out (each attempt bounded), the cycle fails in bounded time', async () => {
    const { w, server, src } = await oneUnit('pull-hang');
    server.failNext('hang', 3, /^\/Fleet\/1$/);
    const t0 = Date.now();
    const r = await poll(w, src.id);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/timed out after 700 ms/);
    expect(Date.now() - t0).toBeLessThan(10_000);
  });

  it('wrong credentials: FAILING with the reason (401 is not retried); rotating the secret fixes it', async () => {
    const { w, server, src } = await oneUnit('pull-auth');
    const wrong = await patch(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`, {
      version: src.version,
      secret: 'wrong',
    });
    expectStatus(wrong, 200);
    const before = server.requests.length;
    const r = await poll(w, src.id);
    expect(r).toMatchObject({ ok: false, error: 'the source refused our credentials (HTTP 401)' });
    expect(server.requests.length - before).toBe(1);
    const v = ZTelematicsSource.parse(wrong.body).version;
    expectStatus(
      await patch(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`, { version: v, secret: SECRET }),
      200,
    );
    expect((await poll(w, src.id)).ok).toBe(true);
  });

  it('OAuth2 client credentials: a token is fetched, and fetched again after it expires', async () => {
    const w = await orgWorld(h, 'pull-oauth');
    const a = await machineRow(h.db, w.org.id);
    const u = unit(await serialOf(a));
    const server = await fake([u], new Map([[u.equipmentId, { samples: track(10), faults: [] }]]), { series: [] });
    const src = await connect(w, server.base, { authKind: 'OAUTH2', tokenUrl: `${server.base}/oauth/token` });
    expect((await poll(w, src.id)).ok).toBe(true);
    server.expireTokens();
    expect((await poll(w, src.id)).ok).toBe(true);
    expect(server.requests.filter((r) => r.path === '/oauth/token').length).toBe(2);
    expect(server.requests.filter((r) => r.path.startsWith('/Fleet')).every((r) => r.auth?.startsWith('Bearer '))).toBe(
      true,
    );
  });
});

describe('AEMP sources: secrets, outbound rules, permissions', () => {
  it('the secret is sealed in the database and never answered; a deleted source keeps no secret', async () => {
    const w = await orgWorld(h, 'pull-secret');
    const server = await fake([], new Map());
    const src = await connect(w, server.base);
    const row = await h.db.telematicsSource.findUniqueOrThrow({ where: { id: src.id } });
    expect(row.secretSealed).not.toContain(SECRET);
    expect(row.secretSealed).toMatch(/^v1\./);
    const list = await get(w.t.ADMIN, w.org.id, '/telematics/sources');
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    expect(JSON.stringify(list.body)).not.toContain(row.secretSealed);
    // the sealed secret copied onto another source's row does not open there
    const other = await connect(w, server.base, { secret: 'different' });
    await h.db.telematicsSource.update({ where: { id: other.id }, data: { secretSealed: row.secretSealed } });
    expect((await poll(w, other.id)).error).toMatch(/stored secret cannot be opened/);
    expectStatus(await del(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`), 204);
    expect((await h.db.telematicsSource.findUniqueOrThrow({ where: { id: src.id } })).secretSealed).toBe('');
    expectError(await get(w.t.ADMIN, w.org.id, `/telematics/sources/${src.id}`), 404, 'NOT_FOUND');
  });

  it('private, loopback and link-local targets are refused unless allowed; credentials in the URL too', async () => {
    const w = await orgWorld(h, 'pull-ssrf');
    for (const baseUrl of [
      'http://10.1.2.3/aemp',
      'http://169.254.169.254/latest',
      'http://localhost:8080/',
      'http://[::1]/',
    ]) {
      expectError(
        await post(
          w.t.ADMIN,
          w.org.id,
          '/telematics/sources',
          { name: 'x', baseUrl, authKind: 'BASIC', username: 'u', secret: 's' },
          randomUUID(),
        ),
        422,
        'TELEMATICS_URL_REFUSED',
      );
    }
    expectError(
      await post(
        w.t.ADMIN,
        w.org.id,
        '/telematics/sources',
        { name: 'x', baseUrl: 'http://u:p@example.com/', authKind: 'BASIC', username: 'u', secret: 's' },
        randomUUID(),
      ),
      400,
      'VALIDATION_FAILED',
    );
    expect(await h.db.telematicsSource.count({ where: { organizationId: w.org.id } })).toBe(0);
  });

  it('only telematics.manage reaches the sources: a mechanic and a dispatcher are refused', async () => {
    const w = await orgWorld(h, 'pull-perm');
    for (const role of ['MECHANIC', 'DISPATCHER', 'VIEWER'] as const) {
      expectError(await get(w.t[role], w.org.id, '/telematics/sources'), 403, 'FORBIDDEN');
      expectError(await get(w.t[role], w.org.id, '/telematics/unmatched'), 403, 'FORBIDDEN');
    }
    expectStatus(await get(w.t.OWNER, w.org.id, '/telematics/sources'), 200);
  });
});
