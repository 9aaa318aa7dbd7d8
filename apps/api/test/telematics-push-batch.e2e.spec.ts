import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZPushReadingsResponse } from '@amms/contracts/telematics';
import { call } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { appForFile, HOUR, machineRow, orgApi, orgWorld } from './support/world.js';

/**
 * A push batch at full size and with counters for several machines: what the throughput work
 * (statements on the pool, one JSON parameter per statement, deflated idempotency answers) must
 * keep: the replay of a stored answer, one audit event per machine on an intact chain, meter
 * readings judged against the latest one that counts.
 */
const h = appForFile();
vi.setConfig({ testTimeout: 120_000 });

const { get } = orgApi(() => h);

async function setup() {
  const w = await orgWorld(h, 'telem-batch');
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
    token: w.t.OWNER,
    body: { name: `gateway ${randomUUID().slice(0, 6)}`, scopes: ['telematics.write'] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(r, 201);
  return { ...w, key: ZCreateApiKeyResponse.parse(r.body).key };
}

const push = (orgId: string, apiKey: string, readings: unknown[], idempotencyKey?: string) =>
  call(h.base, 'POST', orgPath(orgId, '/telematics/readings'), {
    apiKey,
    body: { readings },
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });

describe('POST /telematics/readings, full batches', () => {
  it('a 1,000-row batch re-sent with its Idempotency-Key answers the stored answer (stored deflated) and writes nothing', async () => {
    const w = await setup();
    const tractor = await machineRow(h.db, w.org.id);
    const t0 = Date.now() - 2 * HOUR;
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      assetId: tractor,
      at: new Date(t0 + i * 1000).toISOString(),
      lat: 45.7 + i * 1e-5,
      lon: 126.6,
    }));
    const key = randomUUID();
    const first = await push(w.org.id, w.key, rows, key);
    expectStatus(first, 200);
    expect(ZPushReadingsResponse.parse(first.body)).toMatchObject({ accepted: 1000, duplicates: 0, rejected: 0 });

    // the stored answer is sealed deflated (v2): ~100 KB of answer, a fraction of it at rest
    const stored = await h.db.idempotencyKey.findFirstOrThrow({
      where: { scope: { startsWith: `${w.org.id}:k:` }, path: { endsWith: '/telematics/readings' } },
    });
    const sealed = stored.responseBody as { v: number; ct: string };
    expect(sealed.v).toBe(2);
    expect(Buffer.from(sealed.ct, 'base64').length).toBeLessThan(JSON.stringify(first.body).length / 3);

    const again = await push(w.org.id, w.key, rows, key);
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await h.db.assetPosition.count({ where: { assetId: tractor } })).toBe(1000);
  });

  it("several machines' hours in one batch: meter readings judged against the latest that counts (a voided one does not), one audit event per machine, the chain verifies", async () => {
    const w = await setup();
    const [a, b] = [await machineRow(h.db, w.org.id, 'A 1'), await machineRow(h.db, w.org.id, 'B 2')];
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
    // b's latest reading that counts is 500 h; a newer 900 h one was voided
    await h.db.meterReading.createMany({
      data: [
        { organizationId: w.org.id, assetId: b, readingHours: '500.0', readAt: at(10), source: 'MANUAL' },
        {
          organizationId: w.org.id,
          assetId: b,
          readingHours: '900.0',
          readAt: at(9),
          source: 'MANUAL',
          voidedAt: new Date(),
          voidReason: 'typo',
        },
      ],
    });
    const r = await push(w.org.id, w.key, [
      { assetId: a, at: at(3).toISOString(), engineHours: 100 },
      { assetId: a, at: at(2).toISOString(), engineHours: 101 },
      { assetId: b, at: at(3).toISOString(), engineHours: 505 },
      { assetId: b, at: at(2).toISOString(), engineHours: 490 }, // backwards from 505: kept apart, flagged
    ]);
    expectStatus(r, 200);
    const body = ZPushReadingsResponse.parse(r.body);
    expect(body).toMatchObject({ accepted: 4, rejected: 0, flagged: 1 });
    expect(body.results[3]!.flags).toEqual([
      expect.objectContaining({ kind: 'ENGINE_HOURS', code: 'METER_BACKWARDS' }),
    ]);

    const meters = await h.db.meterReading.findMany({
      where: { organizationId: w.org.id, source: 'TELEMATICS' },
      orderBy: [{ assetId: 'asc' }, { readAt: 'asc' }],
      select: { assetId: true, readingHours: true, recordedByUserId: true },
    });
    expect(meters.map((m) => [m.assetId, Number(m.readingHours)]).sort()).toEqual(
      [
        [a, 100],
        [a, 101],
        [b, 505],
      ].sort(),
    );
    const linked = await h.db.telematicsReading.findMany({
      where: { organizationId: w.org.id, kind: 'ENGINE_HOURS' },
      select: { meterReadingId: true, flagCode: true, engineHours: true },
    });
    expect(linked.filter((l) => l.meterReadingId !== null)).toHaveLength(3);
    expect(linked.filter((l) => l.flagCode === 'METER_BACKWARDS').map((l) => Number(l.engineHours))).toEqual([490]);

    for (const [asset, hours, readings] of [
      [a, 101, 2],
      [b, 505, 1],
    ] as const) {
      const trail = await get(w.t.OWNER, w.org.id, `/audit-events?entityType=asset&entityId=${asset}&limit=50`);
      expectStatus(trail, 200);
      const events = (trail.body as { items: { action: string; data: unknown }[] }).items.filter(
        (e) => e.action === 'asset.meter_recorded',
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.data).toMatchObject({ after: { readingHours: hours }, source: 'TELEMATICS', readings });
    }
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expect(verify.body).toMatchObject({ ok: true, firstBroken: null });
  });
});
