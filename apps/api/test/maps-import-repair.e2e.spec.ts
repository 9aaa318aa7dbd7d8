import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBoundaryImportCommitResponse, ZBoundaryImportPreview } from '@amms/contracts/geo';
import { call, createOrg, login, startApp, type Harness } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { cwSquare, dbf, kmlDoc, shp, WGS84_PRJ, zip } from './support/geo-files.js';
import { ccwSquare, commitBoundaries, signedArea2, uploadBoundaries } from './support/geo-import.js';

/**
 * Repaired and refused geometry in KML and Shapefile imports: a self-intersecting ring is repaired
 * (MADE_VALID), an unclosed ring closed (RING_CLOSED), a ring wound the wrong way for its format
 * turned round (RINGS_REORIENTED), and stored with GeoJSON's right-hand rule (outer rings counter-
 * clockwise) whatever the file's convention; a ring with no area is refused per row
 * (BOUNDARY_INVALID) and a commit with it writes nothing.
 */
// ≈ 25 requests per test: 120 s each, for a loaded machine
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h?.close());

const tag = () => randomUUID().slice(0, 8);
type Ring = [number, number][];

const bowTie = (lon: number, lat: number): Ring => [
  [lon, lat],
  [lon + 0.003, lat + 0.003],
  [lon + 0.003, lat],
  [lon, lat + 0.003],
  [lon, lat],
];
/** all corners on one line: nothing survives ST_MakeValid */
const flat = (lon: number, lat: number): Ring => [
  [lon, lat],
  [lon + 0.001, lat + 0.001],
  [lon + 0.002, lat + 0.002],
  [lon, lat],
];
const open = (ring: Ring): Ring => ring.slice(0, -1);
const codes = (row: { repairs: { code: string }[] }) =>
  row.repairs
    .map((r) => r.code)
    .filter((c) => c !== 'Z_DROPPED')
    .sort();

async function world(names: number) {
  const org = await createOrg(h.db, 'geo-repair');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const fields: { id: string; name: string }[] = [];
  for (let i = 0; i < names; i++) {
    const name = `地块${i + 1} ${tag()}`;
    const r = await call(h.base, 'POST', orgPath(org.id, '/fields'), { token: owner, body: { name, areaHa: 9.3 } });
    expectStatus(r, 201);
    fields.push({ id: r.body.id as string, name });
  }
  const boundary = async (id: string) =>
    (await call(h.base, 'GET', orgPath(org.id, `/fields/${id}/boundary`), { token: owner })).body as {
      geometry: { coordinates: number[][][][] } | null;
      measuredAreaM2: number | null;
    };
  const upload = (content: string | Buffer, fileName: string) => uploadBoundaries(h, owner, org.id, content, fileName);
  const commit = (id: string) => commitBoundaries(h, owner, org.id, id);
  return { org, owner, fields, boundary, upload, commit };
}

/** Every stored polygon keeps GeoJSON's right-hand rule: outer ring counter-clockwise, holes clockwise. */
function expectRightHandRule(geometry: { coordinates: number[][][][] } | null) {
  expect(geometry).not.toBeNull();
  for (const polygon of geometry!.coordinates) {
    expect(signedArea2(polygon[0]!)).toBeGreaterThan(0);
    for (const hole of polygon.slice(1)) expect(signedArea2(hole)).toBeLessThan(0);
  }
}

const shapefile = (rings: Ring[][], names: string[]) =>
  zip([
    { name: 'p.shp', data: shp(rings) },
    {
      name: 'p.dbf',
      data: dbf(
        ['DKMC'],
        names.map((n) => [n]),
      ),
    },
    { name: 'p.prj', data: Buffer.from(WGS84_PRJ) },
    { name: 'p.cpg', data: Buffer.from('UTF-8') },
  ]);

describe('boundary import repairs: KML', () => {
  it('repairs a bow-tie, closes an open ring, turns a clockwise ring round, refuses a flat one; all or nothing', async () => {
    const w = await world(5);
    const [ok, tie, unclosed, clockwise, line] = w.fields;
    const placemarks = [
      { name: ok!.name, ring: ccwSquare(118.3, 33.3) },
      { name: tie!.name, ring: bowTie(118.31, 33.3) },
      { name: unclosed!.name, ring: open(ccwSquare(118.32, 33.3)) },
      { name: clockwise!.name, ring: cwSquare(118.33, 33.3) },
      { name: line!.name, ring: flat(118.34, 33.3) },
    ];
    const p = ZBoundaryImportPreview.parse((await w.upload(kmlDoc(placemarks), 'fields.kml')).body);
    expect(p.format).toBe('kml');
    expect(p.rows.map(codes)).toEqual([[], ['MADE_VALID'], ['RING_CLOSED'], ['RINGS_REORIENTED'], []]);
    expect(p.rows[1]!.repairs.find((r) => r.code === 'MADE_VALID')!.message).toMatch(/Self-intersection/i);
    expect(p.rows.slice(0, 4).map((r) => r.errors)).toEqual([[], [], [], []]);
    expect(p.rows[4]!.errors.map((e) => e.code)).toEqual(['BOUNDARY_INVALID']);
    // a bow-tie of a 0.003° square keeps its two triangles: half the square's area
    expect(p.rows[1]!.measuredAreaM2! / p.rows[0]!.measuredAreaM2!).toBeCloseTo(0.5, 2);
    expect(p.rows[2]!.measuredAreaM2).toBe(p.rows[0]!.measuredAreaM2);
    expect(Math.abs(p.rows[3]!.measuredAreaM2! - p.rows[0]!.measuredAreaM2!)).toBeLessThan(50);

    // the flat ring refuses the whole commit: nothing is half-written
    expectError(await w.commit(p.id), 422, 'IMPORT_ROWS_INVALID');
    for (const f of w.fields) expect((await w.boundary(f.id)).geometry).toBeNull();

    // without it, the repaired rows commit, stored counter-clockwise
    const fixed = ZBoundaryImportPreview.parse((await w.upload(kmlDoc(placemarks.slice(0, 4)), 'fields.kml')).body);
    expect(fixed.invalid).toBe(0);
    const done = await w.commit(fixed.id);
    expectStatus(done, 201);
    expect(ZBoundaryImportCommitResponse.parse(done.body)).toMatchObject({ updated: 4, created: 0 });
    for (const f of [ok, tie, unclosed, clockwise]) expectRightHandRule((await w.boundary(f!.id)).geometry);
    expect((await w.boundary(tie!.id)).geometry!.coordinates).toHaveLength(2);
    expect((await w.boundary(line!.id)).geometry).toBeNull();
  }, 120_000);
});

describe('boundary import repairs: zipped Shapefile', () => {
  it("stores the format's clockwise rings counter-clockwise without a note; repairs and refuses like KML", async () => {
    const w = await world(6);
    const [ok, withHole, tie, unclosed, ccw, line] = w.fields;
    // Shapefile convention: outer rings clockwise, holes counter-clockwise
    const hole = ccwSquare(118.3111, 33.3011, 0.001);
    const rings: Ring[][] = [
      [cwSquare(118.3, 33.3)],
      [cwSquare(118.31, 33.3), hole],
      [bowTie(118.32, 33.3)],
      [open(cwSquare(118.33, 33.3))],
      [ccwSquare(118.34, 33.3)],
      [flat(118.35, 33.3)],
    ];
    const file = shapefile(
      rings,
      w.fields.map((f) => f.name),
    );
    const p = ZBoundaryImportPreview.parse((await w.upload(file, 'plots.zip')).body);
    expect(p.format).toBe('shapefile');
    expect(p.rows.map(codes)).toEqual([[], [], ['MADE_VALID'], ['RING_CLOSED'], ['RINGS_REORIENTED'], []]);
    expect(p.rows.slice(0, 5).map((r) => r.errors)).toEqual([[], [], [], [], []]);
    expect(p.rows[5]!.errors.map((e) => e.code)).toEqual(['BOUNDARY_INVALID']);
    // the hole is cut out of its field: 1 − (0.001 / 0.003)² of the plain square
    expect(p.rows[1]!.measuredAreaM2! / p.rows[0]!.measuredAreaM2!).toBeCloseTo(8 / 9, 2);
    expect(p.rows[2]!.measuredAreaM2! / p.rows[0]!.measuredAreaM2!).toBeCloseTo(0.5, 2);

    expectError(await w.commit(p.id), 422, 'IMPORT_ROWS_INVALID');
    for (const f of w.fields) expect((await w.boundary(f.id)).geometry).toBeNull();

    const fixed = ZBoundaryImportPreview.parse(
      (
        await w.upload(
          shapefile(
            rings.slice(0, 5),
            w.fields.slice(0, 5).map((f) => f.name),
          ),
          'plots.zip',
        )
      ).body,
    );
    expect(fixed.invalid).toBe(0);
    expectStatus(await w.commit(fixed.id), 201);
    for (const f of [ok, withHole, tie, unclosed, ccw]) expectRightHandRule((await w.boundary(f!.id)).geometry);
    expect((await w.boundary(withHole!.id)).geometry!.coordinates[0]).toHaveLength(2);
    expect((await w.boundary(line!.id)).geometry).toBeNull();

    // the export follows RFC 7946's right-hand rule too
    const res = await fetch(`${h.base}${orgPath(w.org.id, '/fields/export?format=geojson')}`, {
      headers: { authorization: `Bearer ${w.owner}` },
    });
    const fc = (await res.json()) as { features: { geometry: { coordinates: number[][][][] } | null }[] };
    const shapes = fc.features.filter((f) => f.geometry);
    expect(shapes).toHaveLength(5);
    for (const f of shapes) expectRightHandRule(f.geometry);
  }, 120_000);
});
