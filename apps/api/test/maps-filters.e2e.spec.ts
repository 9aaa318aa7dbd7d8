import { describe, expect, it } from 'vitest';
import { ZMapFeatures, type TMapFeatures } from '@amms/contracts/geo';
import { ZListFieldsResponse } from '@amms/contracts/jobs';
import { RedisService } from '../src/platform/redis/redis.service.js';
import { createOrg, login } from './harness.js';
import { expectError, expectStatus } from './assertions.js';
import { appForFile, assetRow, machineModel, orgApi, tag } from './support/world.js';

/**
 * The fields page's list (`boundary=with|without`) and the map page's filters (team, operation
 * type, machine kind) on `GET /map/features`: applied in the query, inside the caller's scope,
 * cached under keys of their own, and refused when malformed.
 */
const h = appForFile();
const api = orgApi(() => h);

const square = (lon: number, lat: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lon, lat],
      [lon + 0.003, lat],
      [lon + 0.003, lat + 0.003],
      [lon, lat + 0.003],
      [lon, lat],
    ],
  ],
});

async function world() {
  const org = await createOrg(h.db, 'geo-filter');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const [north, south] = [
    (await h.db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } })).id,
    (await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } })).id,
  ];
  const field = async (teamId: string, lon: number | null) => {
    const r = await api.post(owner, org.id, '/fields', { name: `F ${tag()}`, areaHa: 9.3, teamId });
    expectStatus(r, 201);
    const id = (r.body as { id: string }).id;
    if (lon !== null)
      expectStatus(await api.put(owner, org.id, `/fields/${id}/boundary`, { boundary: square(lon, 33.3) }), 200);
    return id;
  };
  /** a machine of `kind` in `teamId`, reported by telematics at (lon, 33.3) */
  const machine = async (kind: 'POWER_UNIT' | 'SELF_PROPELLED', teamId: string, lon: number) => {
    const model = await machineModel(h.db, org.id, { kind });
    const id = await assetRow(h.db, org.id, model.id, `M ${tag()}`, { teamId });
    await h.db.assetLastPosition.create({
      data: { assetId: id, organizationId: org.id, at: new Date(), latitude: 33.3, longitude: lon },
    });
    return id;
  };
  return { org, owner, north, south, field, machine };
}

const ids = (fc: TMapFeatures, kind: 'field' | 'machine') =>
  fc.features
    .filter((f) => f.properties.kind === kind)
    .map((f) => (f.properties.kind === 'field' ? f.properties.fieldId : f.properties.assetId))
    .sort();

describe('fields list: boundary yes / no', () => {
  it('boundary=with lists the fields that have one, without the others; a bad value is a 400', async () => {
    const w = await world();
    const drawn = await w.field(w.north, 118.3);
    const bare = await w.field(w.north, null);
    const list = async (q: string) =>
      ZListFieldsResponse.parse((await api.get(w.owner, w.org.id, `/fields${q}`)).body)
        .items.map((f) => f.id)
        .sort();
    expect(await list('')).toEqual([drawn, bare].sort());
    expect(await list('?boundary=with')).toEqual([drawn]);
    expect(await list('?boundary=without')).toEqual([bare]);
    // removing the boundary moves the field to the other side
    expectStatus(await api.del(w.owner, w.org.id, `/fields/${drawn}/boundary`), 204);
    expect(await list('?boundary=without')).toEqual([drawn, bare].sort());
    expectError(await api.get(w.owner, w.org.id, '/fields?boundary=maybe'), 400, 'VALIDATION_FAILED');
  });
});

describe('map features: team, operation type, machine kind', () => {
  it('filter fields and machines in the query, each filter cached under its own key', async () => {
    const w = await world();
    const n = await w.field(w.north, 118.3);
    const s = await w.field(w.south, 118.31);
    const tractorN = await w.machine('POWER_UNIT', w.north, 118.301);
    const combineS = await w.machine('SELF_PROPELLED', w.south, 118.311);
    const job = await api.post(w.owner, w.org.id, '/jobs', {
      fieldId: s,
      operationType: 'HARVESTING',
      estimatedHours: 4,
      windowStart: '2031-06-03T00:00:00+08:00',
      windowEnd: '2031-06-04T00:00:00+08:00',
    });
    expectStatus(job, 201);
    const read = async (q: string) =>
      ZMapFeatures.parse((await api.get(w.owner, w.org.id, `/map/features?date=2031-06-02${q}`)).body);

    const all = await read('');
    expect(ids(all, 'field')).toEqual([n, s].sort());
    expect(ids(all, 'machine')).toEqual([tractorN, combineS].sort());

    const north = await read(`&teamId=${w.north}`);
    expect(ids(north, 'field')).toEqual([n]);
    expect(ids(north, 'machine')).toEqual([tractorN]);

    // the harvest is on Tuesday: Sunday's week (Monday–Sunday) holds it
    const harvest = await read('&operationType=HARVESTING');
    expect(ids(harvest, 'field')).toEqual([s]);
    expect(ids(await read('&operationType=TILLAGE'), 'field')).toEqual([]);

    const combines = await read('&machineKind=SELF_PROPELLED');
    expect(ids(combines, 'machine')).toEqual([combineS]);
    expect(ids(combines, 'field')).toEqual([n, s].sort()); // the fields stay

    // together: the south team's combines on fields harvested that week
    const both = await read(`&teamId=${w.south}&operationType=HARVESTING&machineKind=SELF_PROPELLED`);
    expect(both.features.map((f) => f.id)).toEqual([`field:${s}`, `machine:${combineS}`]);

    // each filter is its own cache entry: the unfiltered answer, read again, is still the whole map
    const keys = await h.app.get(RedisService).client.keys(`amms:v1:${w.org.id}:map:*`);
    expect(keys.length).toBeGreaterThanOrEqual(6);
    expect(await read('')).toEqual(all);

    // a job write invalidates every filtered entry
    expectStatus(
      await api.post(w.owner, w.org.id, '/jobs', {
        fieldId: n,
        operationType: 'HARVESTING',
        estimatedHours: 4,
        windowStart: '2031-06-05T00:00:00+08:00',
        windowEnd: '2031-06-06T00:00:00+08:00',
      }),
      201,
    );
    expect(ids(await read('&operationType=HARVESTING'), 'field')).toEqual([n, s].sort());
  });

  it('malformed filters are a 400, another org’s team shows nothing', async () => {
    const w = await world();
    await w.field(w.north, 118.3);
    for (const q of ['operationType=PLOUGHING', 'machineKind=TRUCK', 'teamId=not-a-uuid', 'zoom=30'])
      expectError(await api.get(w.owner, w.org.id, `/map/features?${q}`), 400, 'VALIDATION_FAILED');
    const other = await world();
    const theirs = await other.field(other.north, 118.3);
    const fc = ZMapFeatures.parse((await api.get(w.owner, w.org.id, `/map/features?teamId=${other.north}`)).body);
    expect(fc.features).toEqual([]);
    expect(JSON.stringify(fc)).not.toContain(theirs);
  });
});
