import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import type { TPermission } from '@amms/contracts/permissions';
import { ZAssetDetail } from '@amms/contracts/assets';
import {
  ZAssetTelematicsSummary,
  ZListAssetFaultsResponse,
  ZPositionsResponse,
  ZPushReadingsResponse,
} from '@amms/contracts/telematics';
import { call } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { appForFile, HOUR, machineRow, orgApi, orgWorld, type OrgWorld } from './support/world.js';

/**
 * The push API: a gateway's API key with telematics.write posts up to 1,000 readings. Bad rows
 * are named, good rows written (once: re-sending writes nothing), engine hours go through the
 * meter's plausibility rules, positions into the time series and the last position.
 */
const h = appForFile();
// each test builds one or two fresh orgs (seven sign-ins each): slow on a loaded machine
vi.setConfig({ testTimeout: 120_000 });

const { get } = orgApi(() => h);
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

async function makeKey(w: OrgWorld, scopes: TPermission[] = ['telematics.write']) {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
    token: w.t.OWNER,
    body: { name: `gateway ${randomUUID().slice(0, 6)}`, scopes },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(r, 201);
  return ZCreateApiKeyResponse.parse(r.body).key;
}

const push = (orgId: string, apiKey: string, readings: unknown[]) =>
  call(h.base, 'POST', orgPath(orgId, '/telematics/readings'), { apiKey, body: { readings } });

async function world(label = 'telem') {
  const w = await orgWorld(h, label);
  const tractor = await machineRow(h.db, w.org.id);
  const serial = (await h.db.asset.findUniqueOrThrow({ where: { id: tractor } })).serialNumber;
  return { ...w, tractor, serial, key: await makeKey(w) };
}

describe('POST /telematics/readings', () => {
  it('a batch with bad rows accepts the good ones and names each bad one with a stable code; nothing of a bad row is written', async () => {
    const w = await world();
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const r = await push(w.org.id, w.key, [
      { assetId: w.tractor, at: ago(3), engineHours: 100, lat: 45.1, lon: 126.6 },
      {
        serialNumber: w.serial.toLowerCase() + ' ',
        at: ago(2),
        engineHours: 101.5,
        lat: 45.11,
        lon: 126.61,
        fuelUsedL: 40,
      },
      { assetId: w.tractor, at: future, engineHours: 102 },
      { assetId: w.tractor, at: ago(1), lat: 95, lon: 126.6, engineHours: 102 },
      { assetId: w.tractor, at: ago(1), engineHours: 'NaN' },
      { assetId: w.tractor, at: ago(1) },
      { serialNumber: 'NOPE-1', at: ago(1), engineHours: 3 },
      { assetId: w.tractor, serialNumber: w.serial, at: ago(1), engineHours: 3 },
      'garbage',
    ]);
    expectStatus(r, 200);
    const body = ZPushReadingsResponse.parse(r.body);
    expect(body).toMatchObject({ accepted: 2, duplicates: 0, rejected: 7, flagged: 0 });
    expect(body.results.map((x) => x.status)).toEqual(['ACCEPTED', 'ACCEPTED', ...Array<string>(7).fill('REJECTED')]);
    expect(body.results.slice(2).map((x) => x.error?.code)).toEqual([
      'AT_IN_FUTURE',
      'COORDINATES_OUT_OF_RANGE',
      'VALUE_INVALID',
      'NO_VALUES',
      'ASSET_NOT_FOUND',
      'ASSET_REF_INVALID',
      'ROW_INVALID',
    ]);
    expect(body.results[1]!.assetId).toBe(w.tractor);
    // the row with a bad latitude carried good engine hours: none of it is written
    const meters = await h.db.meterReading.findMany({ where: { assetId: w.tractor }, orderBy: { readAt: 'asc' } });
    expect(meters.map((m) => [Number(m.readingHours), m.source])).toEqual([
      [100, 'TELEMATICS'],
      [101.5, 'TELEMATICS'],
    ]);
    expect(await h.db.assetPosition.count({ where: { assetId: w.tractor } })).toBe(2);
    expect(await h.db.telematicsReading.count({ where: { assetId: w.tractor } })).toBe(3);
  });

  it('the same batch twice writes nothing the second time (idempotent per asset, kind and time)', async () => {
    const w = await world();
    const batch = [
      { assetId: w.tractor, at: ago(2), engineHours: 10, lat: 45.1, lon: 126.6, faultCodes: ['SPN 100 FMI 1'] },
      { assetId: w.tractor, at: ago(1), engineHours: 11, lat: 45.2, lon: 126.7 },
      // repeated inside the batch: a duplicate too
      { assetId: w.tractor, at: ago(1), engineHours: 11, lat: 45.2, lon: 126.7 },
    ];
    const first = ZPushReadingsResponse.parse((await push(w.org.id, w.key, batch)).body);
    expect(first).toMatchObject({ accepted: 2, duplicates: 1, rejected: 0 });
    const count = async () => ({
      meters: await h.db.meterReading.count({ where: { assetId: w.tractor } }),
      positions: await h.db.assetPosition.count({ where: { assetId: w.tractor } }),
      readings: await h.db.telematicsReading.count({ where: { assetId: w.tractor } }),
      faults: await h.db.assetFault.count({ where: { assetId: w.tractor } }),
      audit: await h.db.auditEvent.count({ where: { organizationId: w.org.id } }),
    });
    const before = await count();
    expect(before).toMatchObject({ meters: 2, positions: 2, readings: 3, faults: 1 });
    const again = ZPushReadingsResponse.parse((await push(w.org.id, w.key, batch)).body);
    expect(again).toMatchObject({ accepted: 0, duplicates: 3, rejected: 0 });
    expect(await count()).toEqual(before);
  });

  it('two identical batches at once: one writes, the other finds duplicates (nothing twice)', async () => {
    const w = await world();
    const batch = Array.from({ length: 50 }, (_, i) => ({
      assetId: w.tractor,
      at: new Date(Date.now() - (60 - i) * 60_000).toISOString(),
      engineHours: 200 + i * 0.1,
      lat: 45 + i * 0.001,
      lon: 126.5,
    }));
    const [a, b] = await Promise.all([push(w.org.id, w.key, batch), push(w.org.id, w.key, batch)]);
    expectStatus(a, 200);
    expectStatus(b, 200);
    const accepted = [a, b].map((r) => ZPushReadingsResponse.parse(r.body).accepted).sort();
    expect(accepted).toEqual([0, 50]);
    expect(await h.db.meterReading.count({ where: { assetId: w.tractor } })).toBe(50);
    expect(await h.db.assetPosition.count({ where: { assetId: w.tractor } })).toBe(50);
  });

  it('batches at once over the same machines (points overlapping, in any order, one carrying hours): no deadlock, each point once, the newest last position', async () => {
    const w = await world();
    const machines = [
      w.tractor,
      await machineRow(h.db, w.org.id, 'JD 6R 2', { name: 'T2' }),
      await machineRow(h.db, w.org.id, 'JD 6R 3', { name: 'T3' }),
    ];
    const t0 = Date.now() - 2 * HOUR;
    const point = (assetId: string, i: number) => ({
      assetId,
      at: new Date(t0 + i * 60_000).toISOString(),
      lat: 45 + i * 0.001,
      lon: 126.5 + machines.indexOf(assetId) * 0.01,
    });
    const all = machines.flatMap((m) => Array.from({ length: 20 }, (_, i) => point(m, i)));
    const forward = all.slice(0, 45);
    const backward = all.slice(15).reverse();
    // the first machine's points again, with its hour counter (this batch locks that machine)
    const withHours = Array.from({ length: 20 }, (_, i) => ({ ...point(machines[0]!, i), engineHours: 300 + i * 0.1 }));
    const answers = await Promise.all([
      push(w.org.id, w.key, forward),
      push(w.org.id, w.key, backward),
      push(w.org.id, w.key, withHours),
      push(w.org.id, w.key, [...forward].reverse()),
    ]);
    for (const r of answers) {
      expectStatus(r, 200);
      expect(ZPushReadingsResponse.parse(r.body).rejected).toBe(0);
    }
    expect(await h.db.assetPosition.count({ where: { assetId: { in: machines } } })).toBe(60);
    expect(await h.db.meterReading.count({ where: { assetId: machines[0]!, source: 'TELEMATICS' } })).toBe(20);
    const last = await h.db.assetLastPosition.findMany({ where: { assetId: { in: machines } } });
    expect(last).toHaveLength(3);
    for (const l of last) {
      const newest = point(l.assetId, 19);
      expect({ at: l.at.toISOString(), lat: l.latitude, lon: l.longitude }).toEqual({
        at: newest.at,
        lat: newest.lat,
        lon: newest.lon,
      });
    }
  });

  it('more than 1,000 rows (20,000) is refused whole with a stable code; nothing is written', async () => {
    const w = await world();
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      assetId: w.tractor,
      at: new Date(Date.now() - (i + 1) * 1000).toISOString(),
      lat: 45,
      lon: 126,
    }));
    const r = await push(w.org.id, w.key, rows);
    expect([413, 422]).toContain(r.status);
    expect(['TELEMATICS_BATCH_TOO_LARGE', 'PAYLOAD_TOO_LARGE']).toContain(r.body.error.code);
    expectError(await push(w.org.id, w.key, rows.slice(0, 1001)), 413, 'TELEMATICS_BATCH_TOO_LARGE');
    expect(await h.db.assetPosition.count({ where: { assetId: w.tractor } })).toBe(0);
    expectStatus(await push(w.org.id, w.key, rows.slice(0, 1000)), 200);
    expect(await h.db.assetPosition.count({ where: { assetId: w.tractor } })).toBe(1000);
  });

  it('a serial number matching two machines (case or spaces apart) is named, not guessed', async () => {
    const w = await world();
    const other = await machineRow(h.db, w.org.id, 'Twin');
    await h.db.asset.update({ where: { id: other }, data: { serialNumber: w.serial.toLowerCase() } });
    const r = ZPushReadingsResponse.parse(
      (await push(w.org.id, w.key, [{ serialNumber: w.serial, at: ago(1), engineHours: 5 }])).body,
    );
    expect(r.results[0]!.error?.code).toBe('SERIAL_NUMBER_AMBIGUOUS');
    expect(await h.db.telematicsReading.count({ where: { assetId: { in: [w.tractor, other] } } })).toBe(0);
  });

  it('engine hours pass the meter rules: a counter going backwards or jumping too far is kept apart, flagged', async () => {
    const w = await world();
    const r = ZPushReadingsResponse.parse(
      (
        await push(w.org.id, w.key, [
          { assetId: w.tractor, at: ago(5), engineHours: 500 },
          { assetId: w.tractor, at: ago(4), engineHours: 498 },
          { assetId: w.tractor, at: ago(3), engineHours: 9000 },
          { assetId: w.tractor, at: ago(2), engineHours: 502 },
        ])
      ).body,
    );
    expect(r).toMatchObject({ accepted: 4, flagged: 2 });
    expect(r.results.map((x) => x.flags.map((f) => f.code))).toEqual([
      [],
      ['METER_BACKWARDS'],
      ['METER_IMPLAUSIBLE'],
      [],
    ]);
    const meters = await h.db.meterReading.findMany({ where: { assetId: w.tractor }, orderBy: { readAt: 'asc' } });
    expect(meters.map((m) => Number(m.readingHours))).toEqual([500, 502]);
    const flagged = await h.db.telematicsReading.findMany({
      where: { assetId: w.tractor, flagCode: { not: null } },
      orderBy: { at: 'asc' },
    });
    expect(flagged.map((f) => [Number(f.engineHours), f.flagCode, f.meterReadingId])).toEqual([
      [498, 'METER_BACKWARDS', null],
      [9000, 'METER_IMPLAUSIBLE', null],
    ]);
    // the operator's next reading is judged against the telematics one
    const op = await call(h.base, 'POST', orgPath(w.org.id, `/assets/${w.tractor}/meter-readings`), {
      token: w.t.DISPATCHER,
      body: { readingHours: 501, readAt: ago(1) },
    });
    expectError(op, 422, 'METER_BACKWARDS');
  });

  it('another org cannot write readings for our machine, by id or by serial number', async () => {
    const ours = await world('ours');
    const theirs = await world('theirs');
    const r = ZPushReadingsResponse.parse(
      (
        await push(theirs.org.id, theirs.key, [
          { assetId: ours.tractor, at: ago(1), engineHours: 1 },
          { serialNumber: ours.serial, at: ago(1), engineHours: 1 },
        ])
      ).body,
    );
    expect(r.results.map((x) => x.error?.code)).toEqual(['ASSET_NOT_FOUND', 'ASSET_NOT_FOUND']);
    // their key on our org's path: not a member
    const cross = await push(ours.org.id, theirs.key, [{ assetId: ours.tractor, at: ago(1), engineHours: 1 }]);
    expect([401, 403, 404]).toContain(cross.status);
    expect(await h.db.telematicsReading.count({ where: { assetId: ours.tractor } })).toBe(0);
  });

  it('a key without telematics.write and a member without it are refused', async () => {
    const w = await world();
    const readOnly = await makeKey(w, ['asset.read']);
    expectError(await push(w.org.id, readOnly, [{ assetId: w.tractor, at: ago(1), engineHours: 1 }]), 403, 'FORBIDDEN');
    const byDispatcher = await call(h.base, 'POST', orgPath(w.org.id, '/telematics/readings'), {
      token: w.t.DISPATCHER,
      body: { readings: [{ assetId: w.tractor, at: ago(1), engineHours: 1 }] },
    });
    expectError(byDispatcher, 403, 'FORBIDDEN');
  });
});

describe('positions, last position and faults', () => {
  it('GET /assets/:id/positions answers a GeoJSON track; the detail carries the last position; faults open and clear', async () => {
    const w = await world();
    const t = [ago(3), ago(2), ago(1)];
    expectStatus(
      await push(w.org.id, w.key, [
        { assetId: w.tractor, at: t[0], lat: 45.0, lon: 126.0, faultCodes: ['spn 100 fmi 1', '  SPN 110 FMI 0'] },
        { assetId: w.tractor, at: t[1], lat: 45.1, lon: 126.1, faultCodes: ['SPN 100 FMI 1'] },
        { assetId: w.tractor, at: t[2], lat: 45.2, lon: 126.2, faultCodes: ['SPN 100 FMI 1'] },
      ]),
      200,
    );
    // a late, older point does not move the last position back
    expectStatus(await push(w.org.id, w.key, [{ assetId: w.tractor, at: ago(4), lat: 44, lon: 125 }]), 200);
    const p = ZPositionsResponse.parse((await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/positions`)).body);
    expect(p.features[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [125, 44],
        [126, 45],
        [126.1, 45.1],
        [126.2, 45.2],
      ],
    });
    expect(p.features).toHaveLength(5);
    const narrow = ZPositionsResponse.parse(
      (await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/positions?from=${encodeURIComponent(ago(1.5))}`)).body,
    );
    expect(narrow.features.map((f) => f.geometry.type)).toEqual(['Point']);
    const d = ZAssetDetail.parse((await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}`)).body);
    expect(d.lastPosition).toMatchObject({ latitude: 45.2, longitude: 126.2 });

    const f = ZListAssetFaultsResponse.parse((await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/faults`)).body);
    const byCode = Object.fromEntries(f.items.map((x) => [x.code, x]));
    expect(Object.keys(byCode).sort()).toEqual(['SPN 100 FMI 1', 'SPN 110 FMI 0']);
    // one active row for a code seen three times (not raised again), last seen at the newest report
    expect(byCode['SPN 100 FMI 1']).toMatchObject({ clearedAt: null, firstSeenAt: t[0], lastSeenAt: t[2] });
    // missing from the second report: cleared at its time
    expect(byCode['SPN 110 FMI 0']!.clearedAt).toBe(t[1]);
    const active = ZListAssetFaultsResponse.parse(
      (await get(w.t.VIEWER, w.org.id, `/assets/${w.tractor}/faults?active=true`)).body,
    );
    expect(active.items.map((x) => x.code)).toEqual(['SPN 100 FMI 1']);

    // another org's id → 404; a role without telematics.read → 403
    const other = await world('other');
    expectError(await get(other.t.OWNER, other.org.id, `/assets/${w.tractor}/positions`), 404, 'NOT_FOUND');
    expectError(await get(other.t.OWNER, other.org.id, `/assets/${w.tractor}/faults`), 404, 'NOT_FOUND');
    expectError(await get(w.t.OPERATOR, w.org.id, `/assets/${w.tractor}/positions`), 403, 'FORBIDDEN');
  });
});

describe('operator and terminal on the same meter', () => {
  it("an operator's reading far from the terminal's at about the same time is shown on the machine", async () => {
    const w = await world();
    const t = { terminal: ago(10), operator: ago(9) };
    expectStatus(await push(w.org.id, w.key, [{ assetId: w.tractor, at: t.terminal, engineHours: 100 }]), 200);
    const summary = async () =>
      ZAssetTelematicsSummary.parse((await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/telematics`)).body);
    expect(await summary()).toMatchObject({
      latestTelematicsHours: { hours: 100, at: t.terminal, flagCode: null },
      meterDisagreement: null,
      activeFaults: [],
      flaggedReadings30d: 0,
    });
    // the operator types 110 an hour later (a confirmed jump: the meter rules alone let it through)
    const op = await call(h.base, 'POST', orgPath(w.org.id, `/assets/${w.tractor}/meter-readings`), {
      token: w.t.DISPATCHER,
      body: { readingHours: 110, readAt: t.operator, confirmJump: true },
    });
    expectStatus(op, 201);
    expect((await summary()).meterDisagreement).toEqual({
      operatorHours: 110,
      operatorAt: t.operator,
      telematicsHours: 100,
      telematicsAt: t.terminal,
      differenceHours: 10,
      thresholdHours: 2,
    });
    // the terminal's next readings are below the operator's: flagged, counted
    expectStatus(await push(w.org.id, w.key, [{ assetId: w.tractor, at: ago(8), engineHours: 101 }]), 200);
    const s = await summary();
    expect(s.latestTelematicsHours).toMatchObject({ hours: 101, flagCode: 'METER_BACKWARDS' });
    expect(s.flaggedReadings30d).toBe(1);
    const other = await world('other');
    expectError(await get(other.t.OWNER, other.org.id, `/assets/${w.tractor}/telematics`), 404, 'NOT_FOUND');
  });
});
