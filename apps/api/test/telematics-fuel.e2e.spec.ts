import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZAnalyticsFuel } from '@amms/contracts/analytics';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import { ZTelematicsSettings } from '@amms/contracts/telematics';
import { call, startApp, type Harness } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { assignedJob, fieldWorld, HOUR, orgApi, type FieldWorld } from './support/world.js';

/**
 * Fuel from the machines' counters (issue #28): a completed job's litres come from its primary
 * machine's cumulative fuel counter when the operator typed none (late readings settle it again),
 * the analytics give fuel per hectare and per hour by operation and machine, and where the org set
 * a fuel price the litres become ONE FUEL cost document per job, in the costs' approval flow.
 * A started job's machine far from its field shows a hint on the job.
 */
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
vi.setConfig({ testTimeout: 180_000 });
afterAll(() => h?.close());

const api = orgApi(() => h);
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

async function gateway(w: FieldWorld) {
  const r = await call(h.base, 'POST', orgPath(w.org.id, '/api-keys'), {
    token: w.t.OWNER,
    body: { name: `gateway ${randomUUID().slice(0, 6)}`, scopes: ['telematics.write'] },
    headers: { 'idempotency-key': randomUUID() },
  });
  expectStatus(r, 201);
  const key = ZCreateApiKeyResponse.parse(r.body).key;
  return async (readings: unknown[]) => {
    const p = await call(h.base, 'POST', orgPath(w.org.id, '/telematics/readings'), {
      apiKey: key,
      body: { readings },
    });
    expectStatus(p, 200);
    expect((p.body as { rejected: number }).rejected).toBe(0);
  };
}

/** A job booked from `from` − 1 h to `to` hours ago (default: 6 h ago → now + 1 h), started `from` hours ago by the operator. */
async function startedJob(w: FieldWorld, from = 5, to = -1): Promise<TJob> {
  const job = await assignedJob(h, w, new Date(Date.now() - (from + 1) * HOUR), new Date(Date.now() - to * HOUR));
  const s = await api.post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { startedAt: ago(from) });
  expectStatus(s, 200);
  return ZJob.parse(s.body);
}

const complete = async (w: FieldWorld, id: string, body: Record<string, unknown> = {}) => {
  const r = await api.post(w.t.OPERATOR, w.org.id, `/jobs/${id}/complete`, {
    completedAt: ago(1),
    areaDoneHa: 8,
    actualHours: 4,
    ...body,
  });
  expectStatus(r, 200);
  return ZJob.parse(r.body);
};

const fuelDocs = async (w: FieldWorld, jobId: string) =>
  h.db.costDocument.findMany({ where: { organizationId: w.org.id, jobId }, include: { lines: true } });

describe('fuel from the machine counters', () => {
  it("a job's litres come from its machine's counter (late readings settle it again); analytics fuel per ha and per h by operation and machine; no cost lines while the price is off", async () => {
    const w = await fieldWorld(h, 'fuel');
    const push = await gateway(w);
    const job = await startedJob(w);
    // the counter before the start, during the job, and after its completion (not counted)
    await push([
      { assetId: w.tractor, at: ago(6), fuelUsedL: 1000 },
      { assetId: w.tractor, at: ago(4), fuelUsedL: 1010 },
      { assetId: w.tractor, at: ago(2), fuelUsedL: 1050 },
      { assetId: w.tractor, at: ago(0.5), fuelUsedL: 1090 },
    ]);
    const done = await complete(w, job.id);
    expect(done).toMatchObject({ fuelLiters: 50, fuelSource: 'TELEMATICS', fuelLitersPerHour: 12.5 });
    // a pulled reading arrives a poll late, still inside the job
    await push([{ assetId: w.tractor, at: ago(1.5), fuelUsedL: 1062 }]);
    const after = ZJob.parse((await api.get(w.t.VIEWER, w.org.id, `/jobs/${job.id}`)).body);
    expect(after).toMatchObject({ fuelLiters: 62, fuelSource: 'TELEMATICS', fuelLitersPerHour: 15.5 });

    const f = await api.get(w.t.DISPATCHER, w.org.id, '/analytics/fuel');
    expectStatus(f, 200);
    const fuel = ZAnalyticsFuel.parse(f.body);
    const figures = { jobs: 1, telematicsJobs: 1, litres: 62, hectares: 8, hours: 4, litresPerHectare: 7.75 };
    expect(fuel.totals).toMatchObject({ ...figures, litresPerHour: 15.5 });
    expect(fuel.byOperation).toEqual([expect.objectContaining({ operationType: 'TILLAGE', ...figures })]);
    expect(fuel.byMachine).toEqual([expect.objectContaining({ assetId: w.tractor, ...figures })]);
    expect(await fuelDocs(w, job.id)).toEqual([]);
    // the operator's own figure wins over the counter
    const typed = await startedJob(w, 12, 8);
    const typedDone = await complete(w, typed.id, { fuelLiters: 30, actualHours: 3, completedAt: ago(9) });
    expect(typedDone).toMatchObject({ fuelLiters: 30, fuelSource: 'OPERATOR', fuelLitersPerHour: 10 });
    await push([
      { assetId: w.tractor, at: ago(11), fuelUsedL: 900 },
      { assetId: w.tractor, at: ago(9.5), fuelUsedL: 960 },
    ]);
    expect(ZJob.parse((await api.get(w.t.VIEWER, w.org.id, `/jobs/${typed.id}`)).body).fuelSource).toBe('OPERATOR');
  });

  it('with a fuel price the litres become one DRAFT FUEL cost document per job: late readings update it, concurrent ones never double it, a submitted one is left alone', async () => {
    const w = await fieldWorld(h, 'fuelcost');
    expectError(
      await api.patch(w.t.DISPATCHER, w.org.id, '/telematics/settings', { fuelPriceMinorPerLitre: '780' }),
      403,
      'FORBIDDEN',
    );
    const set = await api.patch(w.t.ADMIN, w.org.id, '/telematics/settings', { fuelPriceMinorPerLitre: '780' });
    expectStatus(set, 200);
    expect(ZTelematicsSettings.parse(set.body)).toEqual({ fuelPriceMinorPerLitre: '780', farFromFieldMeters: 500 });
    const push = await gateway(w);
    const job = await startedJob(w);
    await push([
      { assetId: w.tractor, at: ago(5.5), fuelUsedL: 500 },
      { assetId: w.tractor, at: ago(3), fuelUsedL: 540 },
    ]);
    await complete(w, job.id);
    let docs = await fuelDocs(w, job.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ category: 'FUEL', status: 'DRAFT', assetId: w.tractor, totalMinor: 40n * 780n });
    expect(docs[0]!.lines).toEqual([
      expect.objectContaining({ unit: 'L', unitPriceMinor: 780n, amountMinor: 31_200n }),
    ]);
    // two late batches at once: one document, its line the newest figure
    await Promise.all([
      push([{ assetId: w.tractor, at: ago(2), fuelUsedL: 555 }]),
      push([{ assetId: w.tractor, at: ago(1.5), fuelUsedL: 560.5 }]),
    ]);
    docs = await fuelDocs(w, job.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.totalMinor).toBe(47_190n); // 60.5 L × 7.80
    // once submitted it is a person's document: a later reading does not touch it
    const path = `/cost-documents/${docs[0]!.id}`;
    const d = (await api.get(w.t.ACCOUNTANT, w.org.id, path)).body as { version: number };
    expectStatus(await api.post(w.t.ACCOUNTANT, w.org.id, `${path}/submit`, { version: d.version }, randomUUID()), 200);
    await push([{ assetId: w.tractor, at: ago(1.2), fuelUsedL: 570 }]);
    docs = await fuelDocs(w, job.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ status: 'SUBMITTED', totalMinor: 47_190n });
    expect(ZJob.parse((await api.get(w.t.VIEWER, w.org.id, `/jobs/${job.id}`)).body).fuelLiters).toBe(70);
    // bad settings: clear 400s, nothing written
    expectError(
      await api.patch(w.t.ADMIN, w.org.id, '/telematics/settings', { fuelPriceMinorPerLitre: '7.8' }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await api.patch(w.t.ADMIN, w.org.id, '/telematics/settings', { farFromFieldMeters: -1 }),
      400,
      'VALIDATION_FAILED',
    );
    const now = await api.get(w.t.VIEWER, w.org.id, '/telematics/settings');
    expect(now.body).toEqual({ fuelPriceMinorPerLitre: '780', farFromFieldMeters: 500 });
  });
});

describe("a started job's machine against its field", () => {
  it('in the field, near it, far from it (boundary, PostGIS); by the centroid without a boundary; none before a position or once completed', async () => {
    const w = await fieldWorld(h, 'farfield', { latitude: 45.75, longitude: 126.65 });
    const push = await gateway(w);
    const job = await startedJob(w);
    const check = async () => ZJob.parse((await api.get(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`)).body).fieldCheck;
    expect(await check()).toBeNull();
    // no boundary: the field is the circle of its 10 ha (r ≈ 178 m) around the centroid
    await push([{ assetId: w.tractor, at: ago(0.9), lat: 45.751, lon: 126.65 }]); // 111 m from the centroid
    expect(await check()).toMatchObject({ state: 'IN_FIELD', measuredFrom: 'CENTROID', distanceM: 0 });
    await push([{ assetId: w.tractor, at: ago(0.8), lat: 45.78, lon: 126.65 }]); // 3.3 km north
    const far = await check();
    expect(far).toMatchObject({ state: 'FAR_FROM_FIELD', measuredFrom: 'CENTROID', thresholdM: 500 });
    expect(far!.distanceM).toBeGreaterThan(3000);
    expect(far!.distanceM).toBeLessThan(3300);
    // a boundary: ~ 300 m × 220 m around the centroid
    const b = await api.put(w.t.OWNER, w.org.id, `/fields/${w.fieldId}/boundary`, {
      boundary: {
        type: 'Polygon',
        coordinates: [
          [
            [126.648, 45.749],
            [126.652, 45.749],
            [126.652, 45.751],
            [126.648, 45.751],
            [126.648, 45.749],
          ],
        ],
      },
    });
    expectStatus(b, 200);
    expect(await check()).toMatchObject({ state: 'FAR_FROM_FIELD', measuredFrom: 'BOUNDARY' });
    await push([{ assetId: w.tractor, at: ago(0.7), lat: 45.75, lon: 126.65 }]);
    expect(await check()).toMatchObject({ state: 'IN_FIELD', measuredFrom: 'BOUNDARY', distanceM: 0 });
    await push([{ assetId: w.tractor, at: ago(0.6), lat: 45.753, lon: 126.65 }]); // ~ 220 m north of the edge
    const near = await check();
    expect(near).toMatchObject({ state: 'NEAR_FIELD', measuredFrom: 'BOUNDARY' });
    expect(near!.distanceM).toBeGreaterThan(200);
    expect(near!.distanceM).toBeLessThan(240);
    // the org's setting decides what is far
    expectStatus(await api.patch(w.t.ADMIN, w.org.id, '/telematics/settings', { farFromFieldMeters: 100 }), 200);
    expect(await check()).toMatchObject({ state: 'FAR_FROM_FIELD', thresholdM: 100 });
    // another org's reader: 404 as for any job
    const other = await fieldWorld(h, 'farfield-other');
    expectError(await api.get(other.t.DISPATCHER, other.org.id, `/jobs/${job.id}`), 404, 'NOT_FOUND');
    // a completed job carries no check
    const done = await complete(w, job.id);
    expect(ZJob.parse((await api.get(w.t.DISPATCHER, w.org.id, `/jobs/${done.id}`)).body).fieldCheck).toBeUndefined();
  });
});
