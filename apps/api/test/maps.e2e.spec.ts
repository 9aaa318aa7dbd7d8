import { describe, expect, it } from 'vitest';
import { ZFieldBoundary, ZMapFeatures } from '@amms/contracts/geo';
import { TravelService } from '../src/planning/travel/travel.service.js';
import { RedisService } from '../src/platform/redis/redis.service.js';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { square } from './support/geo-files.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** Field boundaries (PostGIS), the bbox list, the map's features (scoped, cached), the GeoJSON export, travel times. */
const h = appForFile();

const req = (token: string, method: string, org: string, rest: string, body?: unknown) =>
  call(h.base, method, orgPath(org, rest), { token, body });

async function teamMember(org: TestOrg, teamId: string) {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.OWNER.id } });
  const email = `geo-${tag()}@team.test`;
  const u = await h.db.user.create({ data: { email, name: 'Team dispatcher', passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
  });
  await h.db.teamMember.create({ data: { organizationId: org.id, teamId, membershipId: m.id } });
  return (await login(h.base, email, PASSWORD)).accessToken;
}

async function world() {
  const org = await createOrg(h.db, 'geo');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const [north, south] = [
    (await h.db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } })).id,
    (await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } })).id,
  ];
  const field = async (teamId: string, areaHa = 9.3) => {
    const r = await req(owner, 'POST', org.id, '/fields', { name: `F ${tag()}`, areaHa, teamId });
    expectStatus(r, 201);
    return r.body.id as string;
  };
  return { org, owner, north, south, field };
}

describe('field boundary', () => {
  it('round trip: PUT a polygon → measured area, PostGIS centroid on the field, GET the MultiPolygon back', async () => {
    const w = await world();
    const id = await w.field(w.north);
    // a 0.003° square at 33.3°N measures ≈ 92,965 m² on the spheroid
    const put = await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(118.3, 33.3) });
    expectStatus(put, 200);
    const b = ZFieldBoundary.parse(put.body);
    expect(b.measuredAreaM2).toBeGreaterThan(92_500);
    expect(b.measuredAreaM2).toBeLessThan(93_500);
    expect(b.repairs).toEqual([]);
    expect(b.areaDiffers).toBe(false); // entered 9.3 ha vs ≈ 9.30 ha
    expect(b.centroid!.latitude).toBeCloseTo(33.3015, 4);
    expect(b.centroid!.longitude).toBeCloseTo(118.3015, 4);
    const got = ZFieldBoundary.parse((await req(w.owner, 'GET', w.org.id, `/fields/${id}/boundary`)).body);
    expect(got.geometry?.type).toBe('MultiPolygon');
    expect(got.geometry!.coordinates[0]![0]).toHaveLength(5);
    expect(got.measuredAreaM2).toBe(b.measuredAreaM2);
    const f = (await req(w.owner, 'GET', w.org.id, `/fields/${id}`)).body;
    expect(f.measuredAreaM2).toBe(b.measuredAreaM2);
    expect(f.latitude).toBeCloseTo(33.3015, 4);
    expect(f.version).toBe(2);
    // areas more than 5 % apart: both shown
    const big = await w.field(w.north, 20);
    const p2 = ZFieldBoundary.parse(
      (await req(w.owner, 'PUT', w.org.id, `/fields/${big}/boundary`, { boundary: square(118.31, 33.3) })).body,
    );
    expect(p2.areaDiffers).toBe(true);
    expect(p2.enteredAreaM2).toBe(200_000);
    // removed
    expectStatus(await req(w.owner, 'DELETE', w.org.id, `/fields/${big}/boundary`), 204);
    expect(
      ZFieldBoundary.parse((await req(w.owner, 'GET', w.org.id, `/fields/${big}/boundary`)).body).geometry,
    ).toBeNull();
  });

  it('repairs a bow-tie with ST_MakeValid and says so; refuses what cannot be repaired, out-of-range coordinates and far boundaries', async () => {
    const w = await world();
    const id = await w.field(w.north);
    const bowtie = {
      type: 'Polygon',
      coordinates: [
        [
          [118.3, 33.3],
          [118.303, 33.303],
          [118.303, 33.3],
          [118.3, 33.303],
        ],
      ],
    };
    const r = await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: bowtie });
    expectStatus(r, 200);
    const b = ZFieldBoundary.parse(r.body);
    expect(b.repairs.map((x) => x.code).sort()).toEqual(['MADE_VALID', 'RING_CLOSED']);
    expect(b.geometry!.coordinates).toHaveLength(2);
    expect(b.measuredAreaM2).toBeGreaterThan(40_000);

    const folded = {
      type: 'Polygon',
      coordinates: [
        [
          [118.3, 33.3],
          [118.302, 33.302],
          [118.304, 33.304],
          [118.302, 33.302],
          [118.3, 33.3],
        ],
      ],
    };
    expectError(
      await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: folded }),
      422,
      'BOUNDARY_INVALID',
    );
    expectError(
      await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(500_000, 3_700_000, 100) }),
      422,
      'COORDINATES_OUT_OF_RANGE',
    );
    expectError(
      await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, {
        boundary: { type: 'Point', coordinates: [1, 2] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    // another field 600 km away (Beijing vs 33.3°N): refused unless confirmed
    const far = await w.field(w.north);
    expectError(
      await req(w.owner, 'PUT', w.org.id, `/fields/${far}/boundary`, { boundary: square(116.4, 39.9) }),
      422,
      'BOUNDARY_TOO_FAR',
    );
    expectStatus(
      await req(w.owner, 'PUT', w.org.id, `/fields/${far}/boundary`, { boundary: square(116.4, 39.9), allowFar: true }),
      200,
    );
    // the refused writes left the first boundary as it was
    const still = ZFieldBoundary.parse((await req(w.owner, 'GET', w.org.id, `/fields/${id}/boundary`)).body);
    expect(still.measuredAreaM2).toBe(b.measuredAreaM2);
  });

  it('a 2 MB body is 413; a stale version is 409', async () => {
    const w = await world();
    const id = await w.field(w.north);
    const huge = JSON.stringify({ boundary: square(118.3, 33.3), pad: 'x'.repeat(2 * 1024 * 1024) });
    const r = await call(h.base, 'PUT', orgPath(w.org.id, `/fields/${id}/boundary`), { token: w.owner, rawBody: huge });
    expect(r.status).toBe(413);
    expectError(
      await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(118.3, 33.3), version: 7 }),
      409,
      'VERSION_CONFLICT',
    );
  });

  it("another org's field is a 404 for GET, PUT, DELETE and absent from bbox and map queries", async () => {
    const a = await world();
    const b = await world();
    const theirs = await b.field(b.north);
    expectStatus(
      await req(b.owner, 'PUT', b.org.id, `/fields/${theirs}/boundary`, { boundary: square(118.3, 33.3) }),
      200,
    );
    expectError(await req(a.owner, 'GET', a.org.id, `/fields/${theirs}/boundary`), 404, 'NOT_FOUND');
    expectError(
      await req(a.owner, 'PUT', a.org.id, `/fields/${theirs}/boundary`, { boundary: square(118.3, 33.3) }),
      404,
      'NOT_FOUND',
    );
    expectError(await req(a.owner, 'DELETE', a.org.id, `/fields/${theirs}/boundary`), 404, 'NOT_FOUND');
    expectError(await req(a.owner, 'GET', b.org.id, `/fields/${theirs}/boundary`), 404, 'NOT_FOUND');
    const bbox = '118,33,119,34';
    expect((await req(a.owner, 'GET', a.org.id, `/fields?bbox=${bbox}`)).body.items).toEqual([]);
    const map = ZMapFeatures.parse((await req(a.owner, 'GET', a.org.id, `/map/features?bbox=${bbox}`)).body);
    expect(map.features).toEqual([]);
  });
});

describe('bbox and map features', () => {
  it('honour TEAM scope inside the query, and colour fields by the day and week', async () => {
    const w = await world();
    const n1 = await w.field(w.north);
    const s1 = await w.field(w.south);
    const outside = await w.field(w.north);
    for (const [id, lon] of [
      [n1, 118.3],
      [s1, 118.31],
      [outside, 118.6],
    ] as const)
      expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(lon, 33.3) }), 200);
    const job = await req(w.owner, 'POST', w.org.id, '/jobs', {
      fieldId: n1,
      operationType: 'TILLAGE',
      estimatedHours: 4,
      windowStart: '2031-05-05T00:00:00+08:00',
      windowEnd: '2031-05-06T00:00:00+08:00',
    });
    expectStatus(job, 201);
    const bbox = '118.29,33.29,118.4,33.4';
    const ids = (r: { body: { items: { id: string }[] } }) => r.body.items.map((f) => f.id).sort();
    expect(ids(await req(w.owner, 'GET', w.org.id, `/fields?bbox=${bbox}`))).toEqual([n1, s1].sort());
    const team = await teamMember(w.org, w.north);
    expect(ids(await req(team, 'GET', w.org.id, `/fields?bbox=${bbox}`))).toEqual([n1]);
    expectError(await req(w.owner, 'GET', w.org.id, '/fields?bbox=118,33,117,34'), 400, 'VALIDATION_FAILED');

    const map = ZMapFeatures.parse(
      (await req(team, 'GET', w.org.id, `/map/features?bbox=${bbox}&date=2031-05-05`)).body,
    );
    expect(map.features.map((f) => f.id)).toEqual([`field:${n1}`]);
    const props = map.features[0]!.properties as { today: string; week: string; operationTypes: string[] };
    expect(props).toMatchObject({ today: 'PLANNED', week: 'PLANNED', operationTypes: ['TILLAGE'] });
    const later = ZMapFeatures.parse(
      (await req(team, 'GET', w.org.id, `/map/features?bbox=${bbox}&date=2031-05-07`)).body,
    );
    expect(later.features[0]!.properties).toMatchObject({ today: 'NONE', week: 'PLANNED' });
    const whole = ZMapFeatures.parse(
      (await req(w.owner, 'GET', w.org.id, '/map/features?operationType=TILLAGE&date=2031-05-05')).body,
    );
    expect(whole.features.map((f) => f.id)).toEqual([`field:${n1}`]);
  });

  it('the cached map changes after a boundary change', async () => {
    const w = await world();
    const id = await w.field(w.north);
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(118.3, 33.3) }), 200);
    const read = async () =>
      ZMapFeatures.parse((await req(w.owner, 'GET', w.org.id, '/map/features?date=2031-01-01')).body).features[0]!;
    const first = await read();
    expect(await read()).toEqual(first); // served from the cache the second time
    const key = await h.app.get(RedisService).client.keys(`amms:v1:${w.org.id}:map:*`);
    expect(key.length).toBeGreaterThan(0);
    expectStatus(
      await req(w.owner, 'PUT', w.org.id, `/fields/${id}/boundary`, { boundary: square(118.3, 33.3, 0.004) }),
      200,
    );
    const after = await read();
    expect(after.properties).toMatchObject({ kind: 'field' });
    expect((after.properties as { measuredAreaM2: number }).measuredAreaM2).toBeGreaterThan(
      (first.properties as { measuredAreaM2: number }).measuredAreaM2,
    );
  });
});

describe('GeoJSON export', () => {
  it('exports the fields list as a FeatureCollection with boundaries, in scope', async () => {
    const w = await world();
    const n1 = await w.field(w.north);
    const s1 = await w.field(w.south);
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${n1}/boundary`, { boundary: square(118.3, 33.3) }), 200);
    const r = await fetch(`${h.base}${orgPath(w.org.id, '/fields/export?format=geojson')}`, {
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/geo+json');
    const fc = (await r.json()) as { type: string; features: { id: string; geometry: { type: string } | null }[] };
    expect(fc.type).toBe('FeatureCollection');
    const byId = new Map(fc.features.map((f) => [f.id, f]));
    expect(byId.get(n1)!.geometry!.type).toBe('MultiPolygon');
    expect(byId.get(s1)!.geometry).toBeNull();
    const team = await teamMember(w.org, w.south);
    const t = await fetch(`${h.base}${orgPath(w.org.id, '/fields/export?format=geojson')}`, {
      headers: { authorization: `Bearer ${team}` },
    });
    expect(((await t.json()) as { features: { id: string }[] }).features.map((f) => f.id)).toEqual([s1]);
  });
});

/** A self-propelled harvesting machine written straight into the org (the model's speed unset). */
async function combineOf(orgId: string) {
  const model = await h.db.machineModel.create({
    data: {
      organizationId: orgId,
      manufacturer: 'T',
      name: `C ${tag()}`,
      kind: 'SELF_PROPELLED',
      operationTypes: ['HARVESTING'],
    },
  });
  return h.db.asset.create({
    data: { organizationId: orgId, modelId: model.id, name: 'Combine', serialNumber: `S-${tag()}` },
  });
}

describe('travel matrix', () => {
  it('is PostGIS distance × road factor ÷ the machine set’s road speed, org-bound', async () => {
    const w = await world();
    const a = await w.field(w.north);
    const b = await w.field(w.north);
    const c = await w.field(w.north); // no location
    // two squares 0.1° of longitude apart at 33.3°N: ≈ 9.3 km centroid to centroid, 9.0 km edge to edge
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${a}/boundary`, { boundary: square(118.3, 33.3) }), 200);
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${b}/boundary`, { boundary: square(118.4, 33.3) }), 200);
    const combine = await combineOf(w.org.id);
    const travel = h.app.get(TravelService);
    const m = await travel.matrix(w.org.id, [a, b, c], [combine.id]);
    expect(m.roadFactor).toBe(1.3);
    expect(m.speedKmh).toBe(20);
    const straightKm = m.km[0]![1]! / 1.3;
    expect(straightKm).toBeGreaterThan(9.0); // boundary to boundary: 0.097° of longitude
    expect(straightKm).toBeLessThan(9.1);
    expect(m.minutes[0]![1]).toBe(Math.ceil((m.km[0]![1]! / 20) * 60));
    expect(m.km[0]![2]).toBeNull();
    await h.db.organization.update({ where: { id: w.org.id }, data: { roadFactor: 1.5 } });
    const slower = await travel.matrix(w.org.id, [a, b], [combine.id]);
    expect(slower.km[0]![1]! / 1.5).toBeCloseTo(straightKm, 1);
    // the model's own road speed, through the API
    const own = await req(w.owner, 'POST', w.org.id, '/machine-models', {
      manufacturer: 'T',
      name: `Fast ${tag()}`,
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
      roadSpeedKmh: 40,
    });
    expectStatus(own, 201);
    expect(own.body).toMatchObject({ roadSpeedKmh: 40, effectiveRoadSpeedKmh: 40 });
    const sprayer = await req(w.owner, 'POST', w.org.id, '/machine-models', {
      manufacturer: 'T',
      name: `Sprayer ${tag()}`,
      kind: 'SELF_PROPELLED',
      operationTypes: ['CROP_PROTECTION'],
    });
    expect(sprayer.body).toMatchObject({ roadSpeedKmh: null, effectiveRoadSpeedKmh: 35 });
    // another org's fields: no pairs
    const other = await world();
    expect((await travel.matrix(other.org.id, [a, b], [])).km[0]![1]).toBeNull();
  });
});

describe('road factor setting and the scheduler’s travel facts', () => {
  it('GET / PATCH /map-settings: owners set it (audited), others read it; the scheduler’s km follow it', async () => {
    const w = await world();
    const a = await w.field(w.north);
    const b = await w.field(w.north);
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${a}/boundary`, { boundary: square(118.3, 33.3) }), 200);
    expectStatus(await req(w.owner, 'PUT', w.org.id, `/fields/${b}/boundary`, { boundary: square(118.4, 33.3) }), 200);
    const got = await req(w.owner, 'GET', w.org.id, '/map-settings');
    expectStatus(got, 200);
    expect(got.body).toEqual({ roadFactor: 1.3 });
    expectError(await req(w.owner, 'PATCH', w.org.id, '/map-settings', { roadFactor: 0.5 }), 400, 'VALIDATION_FAILED');
    const viewer = (await login(h.base, w.org.users.VIEWER.email)).accessToken;
    expectStatus(await req(viewer, 'GET', w.org.id, '/map-settings'), 200);
    expectError(await req(viewer, 'PATCH', w.org.id, '/map-settings', { roadFactor: 1.5 }), 403, 'FORBIDDEN');
    const set = await req(w.owner, 'PATCH', w.org.id, '/map-settings', { roadFactor: 1.6 });
    expectStatus(set, 200);
    expect(set.body).toEqual({ roadFactor: 1.6 });
    expect((await req(viewer, 'GET', w.org.id, '/map-settings')).body).toEqual({ roadFactor: 1.6 });
    const audit = await h.db.auditEvent.findFirst({
      where: { organizationId: w.org.id, action: 'org.map_settings_updated' },
    });
    expect(audit).not.toBeNull();

    const combine = await combineOf(w.org.id);
    const t = await h.app.get(TravelService).forScheduler(w.org.id, [b, a, a], [combine.id]);
    expect(t.fieldIds).toEqual([a, b].sort());
    expect(t.speedKmh).toEqual({ [combine.id]: 20 });
    expect(t.km[0]![1]! / 1.6).toBeGreaterThan(9.0);
    expect(t.km[0]![1]! / 1.6).toBeLessThan(9.1);
  });
});
