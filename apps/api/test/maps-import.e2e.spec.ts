import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBoundaryImportCommitResponse, ZBoundaryImportPreview, ZMapFeatures } from '@amms/contracts/geo';
import { call, createOrg, login, PASSWORD, startApp, type Harness, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { cwSquare, dbf, kmlDoc, shp, WGS84_PRJ, zip } from './support/geo-files.js';
import { ccwSquare, commitBoundaries, uploadBoundaries } from './support/geo-import.js';

/** Boundary import: GeoJSON, KML and zipped Shapefile through preview → commit; repaired and refused cases. */
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h?.close());

const tag = () => randomUUID().slice(0, 8);
const upload = (token: string, org: string, content: string | Buffer, fileName: string, query = '') =>
  uploadBoundaries(h, token, org, content, fileName, query);
const commit = (token: string, org: string, id: string) => commitBoundaries(h, token, org, id);

const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
const feature = (properties: Record<string, unknown>, geometry: unknown) => ({ type: 'Feature', properties, geometry });
const collection = (...features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

async function world() {
  const org: TestOrg = await createOrg(h.db, 'geo-import');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const field = async (name: string, teamId?: string) => {
    const r = await call(h.base, 'POST', orgPath(org.id, '/fields'), {
      token: owner,
      body: { name, areaHa: 9.3, ...(teamId ? { teamId } : {}) },
    });
    expectStatus(r, 201);
    return r.body.id as string;
  };
  return { org, owner, field };
}

const boundaryOf = async (token: string, org: string, id: string) =>
  (await call(h.base, 'GET', orgPath(org, `/fields/${id}/boundary`), { token })).body;

describe('boundary import: GeoJSON', () => {
  it('matches by name, repairs a bow-tie with a note, refuses unknown names / points / folded rings; all or nothing', async () => {
    const w = await world();
    const [a, b, c] = [`东地 ${tag()}`, `西地 ${tag()}`, `南地 ${tag()}`];
    const [idA, idB] = [await w.field(a), await w.field(b)];
    await w.field(c);
    const bowTie = [
      [118.31, 33.31],
      [118.313, 33.313],
      [118.313, 33.31],
      [118.31, 33.313],
      [118.31, 33.31],
    ];
    const file = collection(
      feature({ name: a }, polygon(ccwSquare(118.3, 33.3))),
      feature({ 名称: b }, polygon(bowTie)),
      feature({ name: `Nowhere ${tag()}` }, polygon(ccwSquare(118.32, 33.3))),
      feature({ name: c }, { type: 'Point', coordinates: [118.3, 33.3] }),
    );
    const r = await upload(w.owner, w.org.id, file, 'fields.geojson');
    expectStatus(r, 201);
    const p = ZBoundaryImportPreview.parse(r.body);
    expect(p.format).toBe('geojson');
    expect(p.total).toBe(4);
    expect(p.rows[0]).toMatchObject({ action: 'UPDATE', fieldId: idA, errors: [] });
    expect(p.rows[0]!.measuredAreaM2).toBeGreaterThan(92_500);
    expect(p.rows[1]).toMatchObject({ action: 'UPDATE', fieldId: idB, errors: [] });
    expect(p.rows[1]!.repairs.map((x) => x.code)).toEqual(['MADE_VALID']);
    expect(p.rows[1]!.repairs[0]!.message).toMatch(/Self-intersection/i);
    expect(p.rows[2]!.errors.map((e) => e.code)).toEqual(['UNKNOWN_FIELD']);
    expect(p.rows[3]!.errors.map((e) => e.code)).toEqual(['GEOMETRY_NOT_POLYGON']);
    // the preview wrote nothing
    expect((await boundaryOf(w.owner, w.org.id, idA)).geometry).toBeNull();
    // a commit with refused rows writes nothing
    expectError(await commit(w.owner, w.org.id, p.id), 422, 'IMPORT_ROWS_INVALID');
    expect((await boundaryOf(w.owner, w.org.id, idA)).geometry).toBeNull();

    // a folded ring (no area survives ST_MakeValid) is refused per row
    const folded = collection(
      feature(
        { name: a },
        polygon([
          [118.3, 33.3],
          [118.31, 33.31],
          [118.3, 33.3],
          [118.31, 33.31],
        ]),
      ),
    );
    const f = ZBoundaryImportPreview.parse((await upload(w.owner, w.org.id, folded, 'f.json')).body);
    expect(f.rows[0]!.errors.map((e) => e.code)).toEqual(['BOUNDARY_INVALID']);
  });

  it('creates missing fields when asked, commits once, and the map shows the new boundaries', async () => {
    const w = await world();
    const known = `Known ${tag()}`;
    const idKnown = await w.field(known);
    const fresh = `New ${tag()}`;
    const bbox = '118.2,33.2,118.5,33.5';
    const before = ZMapFeatures.parse(
      (await call(h.base, 'GET', orgPath(w.org.id, `/map/features?bbox=${bbox}`), { token: w.owner })).body,
    );
    expect(before.features.filter((x) => x.geometry?.type === 'MultiPolygon')).toHaveLength(0);
    const file = collection(
      feature({ name: known }, polygon(ccwSquare(118.3, 33.3))),
      feature({ name: fresh }, polygon(ccwSquare(118.305, 33.3, 0.002))),
      feature({ name: fresh }, polygon(ccwSquare(118.31, 33.3))),
    );
    const dup = ZBoundaryImportPreview.parse(
      (await upload(w.owner, w.org.id, file, 'a.geojson', '?createMissing=true')).body,
    );
    expect(dup.rows[2]!.errors.map((e) => e.code)).toEqual(['DUPLICATE_IN_FILE']);
    const ok = collection(
      feature({ name: known }, polygon(ccwSquare(118.3, 33.3))),
      feature({ name: fresh }, polygon(ccwSquare(118.305, 33.3, 0.002))),
    );
    const p = ZBoundaryImportPreview.parse(
      (await upload(w.owner, w.org.id, ok, 'a.geojson', '?createMissing=true')).body,
    );
    expect(p.rows.map((r) => r.action)).toEqual(['UPDATE', 'CREATE']);
    expect(p.invalid).toBe(0);
    // the preview's created field was rolled back
    expect(await h.db.field.count({ where: { organizationId: w.org.id, name: fresh } })).toBe(0);
    const done = await commit(w.owner, w.org.id, p.id);
    expectStatus(done, 201);
    const out = ZBoundaryImportCommitResponse.parse(done.body);
    expect(out).toMatchObject({ created: 1, updated: 1 });
    expect(out.fieldIds[0]).toBe(idKnown);
    const created = await h.db.field.findFirstOrThrow({ where: { organizationId: w.org.id, name: fresh } });
    expect(created.measuredAreaM2).toBeGreaterThan(40_000);
    expect(Math.abs(created.areaM2 - created.measuredAreaM2!)).toBeLessThan(100);
    expectError(await commit(w.owner, w.org.id, p.id), 409, 'IMPORT_ALREADY_COMMITTED');
    // the cached map features were invalidated by the commit
    const after = ZMapFeatures.parse(
      (await call(h.base, 'GET', orgPath(w.org.id, `/map/features?bbox=${bbox}`), { token: w.owner })).body,
    );
    expect(after.features.filter((x) => x.geometry?.type === 'MultiPolygon')).toHaveLength(2);
    const audit = await h.db.auditEvent.findFirst({ where: { organizationId: w.org.id, action: 'data.imported' } });
    expect(audit).not.toBeNull();
  });

  it('a 6 MB file is 413, out-of-range coordinates and far boundaries are row errors', async () => {
    const w = await world();
    const name = `F ${tag()}`;
    await w.field(name);
    const big = collection(feature({ name, pad: 'x'.repeat(6 * 1024 * 1024) }, polygon(ccwSquare(118.3, 33.3))));
    expectError(await upload(w.owner, w.org.id, big, 'big.geojson'), 413, 'PAYLOAD_TOO_LARGE');
    const projected = collection(feature({ name }, polygon(ccwSquare(500_000, 3_700_000, 300))));
    const p = ZBoundaryImportPreview.parse((await upload(w.owner, w.org.id, projected, 'p.geojson')).body);
    expect(p.rows[0]!.errors.map((e) => e.code)).toEqual(['COORDINATES_OUT_OF_RANGE']);
    const other = `G ${tag()}`;
    const idOther = await w.field(other);
    await call(h.base, 'PUT', orgPath(w.org.id, `/fields/${idOther}/boundary`), {
      token: w.owner,
      body: { boundary: polygon(ccwSquare(118.3, 33.3)) },
    });
    const far = collection(feature({ name }, polygon(ccwSquare(87.6, 43.8))));
    const pf = ZBoundaryImportPreview.parse((await upload(w.owner, w.org.id, far, 'far.geojson')).body);
    expect(pf.rows[0]!.errors.map((e) => e.code)).toEqual(['BOUNDARY_TOO_FAR']);
    const allowed = ZBoundaryImportPreview.parse(
      (await upload(w.owner, w.org.id, far, 'far.geojson', '?allowFar=true')).body,
    );
    expect(allowed.rows[0]!.errors).toEqual([]);
    expect(allowed.rows[0]!.distanceKm).toBeGreaterThan(2000);
    expectError(await upload(w.owner, w.org.id, 'hello', 'x.txt'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it("another org's field id and a TEAM writer's other team are refused per row", async () => {
    const w = await world();
    const other = await world();
    const theirs = await other.field(`Theirs ${tag()}`);
    const team = (await h.db.team.create({ data: { organizationId: w.org.id, name: `T ${tag()}` } })).id;
    const otherTeam = (await h.db.team.create({ data: { organizationId: w.org.id, name: `U ${tag()}` } })).id;
    const mine = `Mine ${tag()}`;
    const notMine = `NotMine ${tag()}`;
    await w.field(mine, team);
    await w.field(notMine, otherTeam);
    const like = await h.db.user.findUniqueOrThrow({ where: { id: w.org.users.OWNER.id } });
    const email = `geo-imp-${tag()}@team.test`;
    const u = await h.db.user.create({ data: { email, name: 'Team', passwordHash: like.passwordHash } });
    const m = await h.db.membership.create({
      data: { organizationId: w.org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
    });
    await h.db.teamMember.create({ data: { organizationId: w.org.id, teamId: team, membershipId: m.id } });
    const token = (await login(h.base, email, PASSWORD)).accessToken;
    const file = collection(
      feature({ fieldId: theirs, name: 'x' }, polygon(ccwSquare(118.3, 33.3))),
      feature({ name: mine }, polygon(ccwSquare(118.31, 33.3))),
      feature({ name: notMine }, polygon(ccwSquare(118.32, 33.3))),
    );
    const p = ZBoundaryImportPreview.parse((await upload(token, w.org.id, file, 'a.geojson')).body);
    expect(p.rows[0]!.errors.map((e) => e.code)).toEqual(['UNKNOWN_FIELD']);
    expect(p.rows[1]!.errors).toEqual([]);
    expect(p.rows[2]!.errors.map((e) => e.code)).toEqual(['UNKNOWN_FIELD']);
    expect((await boundaryOf(other.owner, other.org.id, theirs)).geometry).toBeNull();
    // another org cannot commit this org's preview
    expectError(await commit(other.owner, other.org.id, p.id), 404, 'NOT_FOUND');
  });
});

describe('boundary import: KML', () => {
  it('reads placemarks by name and refuses a DOCTYPE / external entity (XXE) without resolving it', async () => {
    const w = await world();
    const name = `河滩地 ${tag()}`;
    const id = await w.field(name);
    const doc = kmlDoc([{ name, ring: ccwSquare(118.3, 33.3) }]);
    const p = ZBoundaryImportPreview.parse((await upload(w.owner, w.org.id, doc, 'fields.kml')).body);
    expect(p.format).toBe('kml');
    expect(p.rows[0]).toMatchObject({ action: 'UPDATE', fieldId: id, errors: [] });
    expect(p.rows[0]!.repairs.map((r) => r.code)).toEqual(['Z_DROPPED']);
    expectStatus(await commit(w.owner, w.org.id, p.id), 201);
    expect((await boundaryOf(w.owner, w.org.id, id)).measuredAreaM2).toBeGreaterThan(92_500);

    const xxe = kmlDoc(
      [{ name: '&xxe;', ring: ccwSquare(118.3, 33.3) }],
      '<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    );
    const r = await upload(w.owner, w.org.id, xxe, 'evil.kml');
    expectError(r, 422, 'IMPORT_FILE_UNSAFE');
    expect(JSON.stringify(r.body)).not.toContain('root:');
    expectError(await upload(w.owner, w.org.id, '<kml><Document>', 'broken.kml'), 422, 'IMPORT_FILE_INVALID');
  });
});

describe('boundary import: zipped Shapefile', () => {
  it('reads polygons with UTF-8 attributes; refuses a zip bomb and an archive that lies about its sizes', async () => {
    const w = await world();
    const name = `北洼 ${tag()}`;
    const id = await w.field(name);
    const parts = [
      { name: 'plots/plots.shp', data: shp([[cwSquare(118.3, 33.3)], [cwSquare(118.31, 33.3)]]) },
      { name: 'plots/plots.dbf', data: dbf(['DKMC'], [[name], ['']]) },
      { name: 'plots/plots.prj', data: Buffer.from(WGS84_PRJ) },
      { name: 'plots/plots.cpg', data: Buffer.from('UTF-8') },
    ];
    const p = ZBoundaryImportPreview.parse((await upload(w.owner, w.org.id, zip(parts), 'plots.zip')).body);
    expect(p.format).toBe('shapefile');
    expect(p.rows[0]).toMatchObject({ name, action: 'UPDATE', fieldId: id, errors: [] });
    expect(p.rows[0]!.measuredAreaM2).toBeGreaterThan(92_500);
    expect(p.rows[1]!.errors.map((e) => e.code)).toEqual(['NAME_MISSING']);

    // 200 MB of zeros deflate to ≈ 200 KB: refused before (declared size) and while (inflate cap) unpacking
    const zeros = Buffer.alloc(200 * 1024 * 1024);
    const bomb = zip([{ name: 'plots.shp', data: zeros }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expectError(await upload(w.owner, w.org.id, bomb, 'bomb.zip'), 413, 'ARCHIVE_TOO_LARGE');
    const liar = zip([{ name: 'plots.shp', data: zeros, declaredSize: 1000 }]);
    expectError(await upload(w.owner, w.org.id, liar, 'liar.zip'), 413, 'ARCHIVE_TOO_LARGE');
    expectError(
      await upload(w.owner, w.org.id, zip([{ name: 'readme.txt', data: Buffer.from('hi') }]), 'x.zip'),
      422,
      'IMPORT_FILE_INVALID',
    );
    expect((await boundaryOf(w.owner, w.org.id, id)).geometry).toBeNull();
  });
});
