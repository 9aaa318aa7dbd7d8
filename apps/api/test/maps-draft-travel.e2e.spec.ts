import { describe, expect, it, vi } from 'vitest';
import { ZAgentRun, ZDraftDetail, editedItem } from '@amms/contracts/drafts';
import { ZDraftTravel, ZMapFeatures } from '@amms/contracts/geo';
import { ZJob } from '@amms/contracts/jobs';
import { createOrg, login } from './harness.js';
import { expectError, expectStatus, loginAll } from './assertions.js';
import { nextWeek } from './draft-fixtures.js';
import { square } from './support/geo-files.js';
import { appForFile, combineModel, orgApi, tag } from './support/world.js';

/**
 * A schedule draft's routes (GET /drafts/:id/travel): per machine and day the fields in order,
 * each leg's road km (PostGIS × road factor) and minutes (the machine's road speed), the totals;
 * the TRAVEL reason in the evidence; a hand edit the machine cannot drive in time is
 * UNREACHABLE_IN_TIME; fields without a location are in the map's features with no geometry.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const h = appForFile();
const api = orgApi(() => h);

/** one combine, two fields of one village (600 m apart) and one 0.5° east (≈ 47 km; ≈ 60 road km) */
async function world() {
  const org = await createOrg(h.db, 'route');
  const t = await loginAll(h.base, org);
  const model = await combineModel(h.db, org.id);
  const combine = await h.db.asset.create({
    data: { organizationId: org.id, modelId: model.id, name: `收割机${tag()}`, serialNumber: `SN-${tag()}` },
  });
  const fields: Record<string, string> = {};
  for (const [key, lon] of [
    ['a', 118.3],
    ['a2', 118.31],
    ['b', 118.8],
  ] as const) {
    const f = await api.post(t.OWNER, org.id, '/fields', { name: `${key}-${tag()}`, areaHa: 16 });
    expectStatus(f, 201);
    expectStatus(
      await api.put(t.OWNER, org.id, `/fields/${f.body.id}/boundary`, { boundary: square(lon, 33.3, 0.004) }),
      200,
    );
    fields[key] = f.body.id as string;
  }
  const at = nextWeek();
  const jobs: Record<string, string> = {};
  for (const key of ['a', 'b', 'a2']) {
    const r = await api.post(t.DISPATCHER, org.id, '/jobs', {
      fieldId: fields[key],
      operationType: 'HARVESTING',
      estimatedHours: 4,
      windowStart: at(1, 0),
      windowEnd: at(3, 0),
    });
    expectStatus(r, 201);
    jobs[key] = ZJob.parse(r.body).id;
  }
  return { org, t, combine: combine.id, fields, jobs };
}

describe('a draft’s routes', () => {
  it('legs in road km and minutes per machine and day, totals, the TRAVEL reason; cross-org 404', async () => {
    const w = await world();
    const r = await api.post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '安排下周的收获作业' });
    expectStatus(r, 201);
    const run = ZAgentRun.parse(r.body);
    expect(run.status).toBe('COMPLETED');
    const d = run.draft!;
    expect(d.items).toHaveLength(3);
    const got = await api.get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/travel`);
    expectStatus(got, 200);
    const travel = ZDraftTravel.parse(got.body);
    expect(travel).toMatchObject({ draftId: d.id, version: 1, roadFactor: 1.3 });
    expect(travel.machines).toHaveLength(1);
    const m = travel.machines[0]!;
    expect(m).toMatchObject({ assetId: w.combine, speedKmh: 20 });
    const stops = m.days.flatMap((x) => x.stops);
    const legs = m.days.flatMap((x) => x.legs);
    expect(stops.map((s) => s.fieldId).sort()).toEqual(Object.values(w.fields).sort());
    expect(stops.every((s) => s.position !== null)).toBe(true);
    expect(legs).toHaveLength(2);
    // the village's two fields follow each other: one trip to b (≈ 60 road km), one short hop
    const far = legs.filter((l) => l.km! > 50);
    const near = legs.filter((l) => l.km! < 2);
    expect([far.length, near.length]).toEqual([1, 1]);
    expect(far[0]!.minutes).toBe(Math.ceil((far[0]!.km! / 20) * 60));
    expect(far[0]!.gapMinutes).toBeGreaterThanOrEqual(far[0]!.minutes!);
    expect(m.totalKm).toBeCloseTo(far[0]!.km! + near[0]!.km!, 1);
    expect(m.totalMinutes).toBe(far[0]!.minutes! + near[0]!.minutes!);
    // the item after the short hop says so
    const hopTo = d.items[near[0]!.toItemIndex]!;
    const why = d.evidence.find((e) => e.itemKey === hopTo.itemKey)!.why!;
    const road = why.find((x) => x.code === 'TRAVEL')!;
    expect(road.text).toContain('与上一项作业在同一片村');
    expect(road.params.near).toBe(1);

    const other = await createOrg(h.db, 'route-x');
    const stranger = (await login(h.base, other.users.OWNER.email)).accessToken;
    expectError(await api.get(stranger, other.id, `/drafts/${d.id}/travel`), 404, 'NOT_FOUND');
    expectError(await api.get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/travel?version=9`), 404, 'NOT_FOUND');
  });

  it('a hand edit that leaves the combine too little road time is UNREACHABLE_IN_TIME', async () => {
    const w = await world();
    const r = ZAgentRun.parse(
      (await api.post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '安排下周的收获作业' })).body,
    );
    const d = r.draft!;
    const items = d.items.map(editedItem);
    const sorted = [...items].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    // the job on b right after the last of the village's jobs (no time to drive 60 km)
    const onB = sorted.find((i) => i.jobId === w.jobs.b)!;
    const last = sorted.filter((i) => i.jobId !== w.jobs.b).at(-1)!;
    const len = Date.parse(onB.endsAt) - Date.parse(onB.startsAt);
    const edited = items.map((i) =>
      i.jobId === w.jobs.b
        ? { ...i, startsAt: last.endsAt, endsAt: new Date(Date.parse(last.endsAt) + len).toISOString() }
        : i,
    );
    const e = await api.post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/versions`, {
      basedOnVersion: 1,
      items: edited,
    });
    expectStatus(e, 201);
    const v2 = ZDraftDetail.parse(e.body).versions[0]!;
    const codes = v2.validation.violations.map((v) => v.code);
    expect(codes).toContain('UNREACHABLE_IN_TIME');
    const v = v2.validation.violations.find((x) => x.code === 'UNREACHABLE_IN_TIME')!;
    expect(v2.items[v.itemIndex]!.jobId).toBe(w.jobs.b);
  });

  it('the map lists a field without any location (geometry null), so a boundary can be drawn for it', async () => {
    const w = await world();
    const f = await api.post(w.t.OWNER, w.org.id, '/fields', { name: `无位置 ${tag()}`, areaHa: 3 });
    expectStatus(f, 201);
    const fc = ZMapFeatures.parse((await api.get(w.t.OWNER, w.org.id, '/map/features')).body);
    const row = fc.features.find((x) => x.properties.kind === 'field' && x.properties.fieldId === f.body.id);
    expect(row).toBeDefined();
    expect(row!.geometry).toBeNull();
    expect(fc.features.filter((x) => x.geometry?.type === 'MultiPolygon')).toHaveLength(3);
  });
});
