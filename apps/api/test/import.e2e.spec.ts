import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { ZImportCommitResponse } from '@amms/contracts/integrations';
import { csv, rowErrors, sheetsApi, xlsx } from './support/sheets.js';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { appForFile, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** File import: upload → preview (row errors) → commit all rows or none, idempotent, audited, scoped. */
const h = appForFile();

const req = (
  token: string,
  method: string,
  org: string,
  rest: string,
  body?: unknown,
  headers?: Record<string, string>,
) => call(h.base, method, orgPath(org, rest), { token, body, headers });

const { upload, preview } = sheetsApi(() => h);

async function world() {
  const org = await createOrg(h.db, 'import');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `约翰迪尔-${tag()}`,
      name: '6B-1204',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
    },
  });
  const north = await h.db.team.create({ data: { organizationId: org.id, name: `North ${tag()}` } });
  const south = await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } });
  return { org, owner, model, north, south };
}

async function teamDispatcher(org: TestOrg, teamId: string) {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.OWNER.id } });
  const email = `disp-${tag()}@import.test`;
  const u = await h.db.user.create({ data: { email, name: 'Team dispatcher', passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({
    data: { organizationId: org.id, userId: u.id, role: 'DISPATCHER', dataScope: 'TEAM' },
  });
  await h.db.teamMember.create({ data: { organizationId: org.id, teamId, membershipId: m.id } });
  return (await login(h.base, email, PASSWORD)).accessToken;
}

describe('import of machines', () => {
  it('the template is the header row (keys or labels)', async () => {
    const w = await world();
    const res = await fetch(`${h.base}${orgPath(w.org.id, '/imports/assets/template?lang=keys')}`, {
      headers: { authorization: `Bearer ${w.owner}` },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'name,serialNumber,model,team,plateNumber,purchaseDate,purchaseCost\r\n',
    );
    const x = await fetch(`${h.base}${orgPath(w.org.id, '/imports/fields/template?format=xlsx')}`, {
      headers: { authorization: `Bearer ${w.owner}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['名称 *', '面积（公顷） *']);
  });

  it('a file with bad rows: the preview names each row and error; the commit creates nothing and reports the rows', async () => {
    const w = await world();
    const taken = `SN-${tag()}`;
    expectStatus(
      await req(w.owner, 'POST', w.org.id, '/assets', { modelId: w.model.id, name: 'Existing', serialNumber: taken }),
      201,
    );
    const before = await h.db.asset.count({ where: { organizationId: w.org.id } });
    const modelName = `${w.model.manufacturer} 6B-1204`;
    const dup = `SN-${tag()}`;
    const file = csv([
      ['名称', '出厂编号', '机型', '班组', '购置日期', '购置价格（元）', 'ignored column'],
      ['Good 1', `SN-${tag()}`, modelName, w.north.name, '2024-03-01', '128000.50', 'x'],
      ['Unknown model', `SN-${tag()}`, 'No Such Tractor', '', '', '', ''],
      ['Dup a', dup, '6B-1204', '', '', '', ''],
      ['Dup b', dup, w.model.id, '', '', '', ''],
      ['Taken', taken, modelName, '', '', '', ''],
      ['Bad date', `SN-${tag()}`, modelName, '', '2024-02-30', 'abc', ''],
      ['', '', '', '', '', '', ''],
      ['', `SN-${tag()}`, modelName, 'No team', '', '', ''],
    ]);
    const p = await preview(w.owner, w.org.id, 'assets', file);
    expect(p).toMatchObject({ kind: 'assets', format: 'csv', total: 7, valid: 2, invalid: 5 });
    expect(p.columns).toEqual(['name', 'serialNumber', 'model', 'team', 'purchaseDate', 'purchaseCost']);
    expect(rowErrors(p)).toEqual({
      3: ['model:UNKNOWN_MODEL'],
      5: ['serialNumber:DUPLICATE_IN_FILE'],
      6: ['serialNumber:SERIAL_NUMBER_TAKEN'],
      7: ['purchaseDate:VALIDATION_FAILED', 'purchaseCost:VALIDATION_FAILED'],
      9: ['team:UNKNOWN_TEAM', 'name:VALIDATION_FAILED'],
    });
    // the preview wrote nothing (its dry run rolled back, audit included)
    expect(await h.db.asset.count({ where: { organizationId: w.org.id } })).toBe(before);
    const auditBefore = await h.db.auditEvent.count({ where: { organizationId: w.org.id } });

    const c = await req(w.owner, 'POST', w.org.id, `/imports/assets/previews/${p.id}/commit`, {});
    expectError(c, 422, 'IMPORT_ROWS_INVALID');
    expect((c.body.error.details.rows as { row: number }[]).map((r) => r.row)).toEqual([3, 5, 6, 7, 9]);
    expect(await h.db.asset.count({ where: { organizationId: w.org.id } })).toBe(before);
    expect(await h.db.auditEvent.count({ where: { organizationId: w.org.id } })).toBe(auditBefore);
  });

  it('a good XLSX file: every row created once, in one commit; the same key replays; a second commit is 409', async () => {
    const w = await world();
    const serials = [`SN-${tag()}`, `SN-${tag()}`, `SN-${tag()}`];
    const file = await xlsx([
      ['Name', 'Serial number', 'Model', 'Team', 'Purchase date', 'Purchase cost (CNY)'],
      ['拖拉机 1', serials[0]!, `${w.model.manufacturer} 6B-1204`, w.north.name, new Date(Date.UTC(2024, 2, 1)), 99.9],
      ['拖拉机 2', serials[1]!, '6b-1204', '', '', ''],
      ['拖拉机 3', serials[2]!, w.model.id, w.south.id, '2023/7/9', '1,000'],
    ]);
    const key = `imp-${tag()}`;
    const p = await preview(w.owner, w.org.id, 'assets', file, 'machines.xlsx', { 'idempotency-key': key });
    expect(p).toMatchObject({ format: 'xlsx', total: 3, valid: 3, invalid: 0, fileName: 'machines.xlsx' });
    // the preview upload honours its key too: the same file again → the same preview
    const again = await upload(w.owner, w.org.id, '/imports/assets/previews', file, 'machines.xlsx', {
      'idempotency-key': key,
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as { id: string }).id).toBe(p.id);

    const commitKey = `commit-${tag()}`;
    const c = await req(
      w.owner,
      'POST',
      w.org.id,
      `/imports/assets/previews/${p.id}/commit`,
      {},
      { 'idempotency-key': commitKey },
    );
    expectStatus(c, 201);
    const body = ZImportCommitResponse.parse(c.body);
    expect(body.created).toBe(3);
    const rows = await h.db.asset.findMany({ where: { organizationId: w.org.id }, orderBy: { name: 'asc' } });
    expect(
      rows.map((a) => [
        a.serialNumber,
        a.teamId,
        a.purchaseDate?.toISOString().slice(0, 10) ?? null,
        a.purchaseCostMinor?.toString() ?? null,
      ]),
    ).toEqual([
      [serials[0], w.north.id, '2024-03-01', '9990'],
      [serials[1], null, null, null],
      [serials[2], w.south.id, '2023-07-09', '100000'],
    ]);
    expect(new Set(body.ids)).toEqual(new Set(rows.map((a) => a.id)));

    const replay = await req(
      w.owner,
      'POST',
      w.org.id,
      `/imports/assets/previews/${p.id}/commit`,
      {},
      { 'idempotency-key': commitKey },
    );
    expectStatus(replay, 201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(c.body);
    expectError(
      await req(w.owner, 'POST', w.org.id, `/imports/assets/previews/${p.id}/commit`, {}),
      409,
      'IMPORT_ALREADY_COMMITTED',
    );
    expect(await h.db.asset.count({ where: { organizationId: w.org.id } })).toBe(3);

    const audit = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, action: { in: ['asset.created', 'data.imported'] } },
    });
    expect(audit.filter((e) => e.action === 'asset.created')).toHaveLength(3);
    expect(audit.filter((e) => e.action === 'data.imported').map((e) => e.entityId)).toEqual([p.id]);
    // the list (cached) shows the new machines at once
    const list = await req(w.owner, 'GET', w.org.id, '/assets?limit=200');
    expect(list.body.items).toHaveLength(3);
  });

  it('another org → 404; another member’s preview → 404; a wrong kind → 404; bad uploads → 415 / 422 / 400', async () => {
    const w = await world();
    const p = await preview(
      w.owner,
      w.org.id,
      'assets',
      csv([
        ['name', 'serialNumber', 'model'],
        ['A', `SN-${tag()}`, w.model.id],
      ]),
    );
    const other = await createOrg(h.db, 'import-other');
    const stranger = (await login(h.base, other.users.OWNER.email)).accessToken;
    expectError(await req(stranger, 'POST', w.org.id, `/imports/assets/previews/${p.id}/commit`, {}), 404, 'NOT_FOUND');
    expectError(await req(stranger, 'POST', other.id, `/imports/assets/previews/${p.id}/commit`, {}), 404, 'NOT_FOUND');
    const admin = (await login(h.base, w.org.users.ADMIN.email)).accessToken;
    expectError(await req(admin, 'POST', w.org.id, `/imports/assets/previews/${p.id}/commit`, {}), 404, 'NOT_FOUND');
    expectError(await req(w.owner, 'POST', w.org.id, `/imports/fields/previews/${p.id}/commit`, {}), 404, 'NOT_FOUND');
    expectError(
      await req(w.owner, 'POST', w.org.id, `/imports/assets/previews/${randomUUID()}/commit`, {}),
      404,
      'NOT_FOUND',
    );

    expectError(
      await req(w.owner, 'POST', w.org.id, '/imports/assets/previews', { rows: [] }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await upload(w.owner, w.org.id, '/imports/assets/previews', Buffer.from('%PDF-1.4\n\0\0binary'), 'x.csv'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await upload(w.owner, w.org.id, '/imports/assets/previews', csv([['name', 'model']]), 'x.csv'),
      422,
      'IMPORT_FILE_INVALID',
    );
    expectError(
      await upload(w.owner, w.org.id, '/imports/assets/previews', csv([['name', 'serialNumber', 'model']]), 'x.csv'),
      422,
      'IMPORT_FILE_INVALID',
    );
    const viewer = (await login(h.base, w.org.users.VIEWER.email)).accessToken;
    expectError(await upload(viewer, w.org.id, '/imports/assets/previews', csv([['name']]), 'x.csv'), 403, 'FORBIDDEN');
    expect(await h.db.asset.count({ where: { organizationId: w.org.id } })).toBe(0);
  });
});

describe('import of fields and jobs', () => {
  it('fields under TEAM scope: a row for another team is refused (out of scope); the good file creates all', async () => {
    const w = await world();
    const d = await teamDispatcher(w.org, w.north.id);
    const bad = await preview(
      d,
      w.org.id,
      'fields',
      csv([
        ['name', 'areaHa', 'team', 'crop'],
        [`北 ${tag()}`, '12.5', w.north.name, '小麦'],
        [`南 ${tag()}`, '3', w.south.name, ''],
        [`Zero ${tag()}`, '0', w.north.name, ''],
      ]),
    );
    expect(rowErrors(bad)).toEqual({ 3: ['-:FORBIDDEN'], 4: ['areaHa:VALIDATION_FAILED'] });
    expectError(
      await req(d, 'POST', w.org.id, `/imports/fields/previews/${bad.id}/commit`, {}),
      422,
      'IMPORT_ROWS_INVALID',
    );
    expect(await h.db.field.count({ where: { organizationId: w.org.id } })).toBe(0);

    const good = await preview(
      d,
      w.org.id,
      'fields',
      csv([
        ['名称', '面积（公顷）', '班组'],
        ...[1, 2, 3].map((i) => [`F${i} ${tag()}`, String(i * 10), w.north.name]),
      ]),
    );
    expect(good.invalid).toBe(0);
    const c = await req(d, 'POST', w.org.id, `/imports/fields/previews/${good.id}/commit`, {});
    expectStatus(c, 201);
    expect(c.body.created).toBe(3);
    expect(await h.db.field.count({ where: { organizationId: w.org.id, teamId: w.north.id } })).toBe(3);
  });

  it('jobs: fields by name (only the ones the caller sees), local times in the org zone, bad dates reported', async () => {
    const w = await world();
    const mk = async (name: string, teamId: string) => {
      const r = await req(w.owner, 'POST', w.org.id, '/fields', { name, areaHa: 20, teamId });
      expectStatus(r, 201);
      return r.body.id as string;
    };
    const northField = `东 ${tag()}`;
    const southField = `南 ${tag()}`;
    const northId = await mk(northField, w.north.id);
    await mk(southField, w.south.id);
    const d = await teamDispatcher(w.org, w.north.id);
    const header = ['地块', '作业类型', '窗口开始', '窗口结束', '预计工时', '标题'];
    const bad = await preview(
      d,
      w.org.id,
      'jobs',
      csv([
        header,
        [northField, 'TILLAGE', '2031-05-01 08:00', '2031-05-02 18:00', '6', 'ok'],
        [southField, 'TILLAGE', '2031-05-01 08:00', '2031-05-02 18:00', '6', 'not mine'],
        [northField, 'DANCING', '2031-05-01', '2031-05-02 18:00', '0', ''],
        [northField, 'mowing', '2031-05-03 08:00', '2031-05-02 08:00', '2', 'backwards'],
      ]),
    );
    expect(rowErrors(bad)).toEqual({
      3: ['field:UNKNOWN_FIELD'],
      4: ['operationType:VALIDATION_FAILED', 'windowStart:VALIDATION_FAILED', 'estimatedHours:VALIDATION_FAILED'],
      5: ['windowEnd:VALIDATION_FAILED'],
    });
    expectError(
      await req(d, 'POST', w.org.id, `/imports/jobs/previews/${bad.id}/commit`, {}),
      422,
      'IMPORT_ROWS_INVALID',
    );
    expect(await h.db.job.count({ where: { organizationId: w.org.id } })).toBe(0);

    const good = await preview(
      d,
      w.org.id,
      'jobs',
      csv([header, [northField, 'tillage', '2031-05-01 08:00', '2031-05-02T18:00:00+08:00', '6', '犁地']]),
    );
    expectStatus(await req(d, 'POST', w.org.id, `/imports/jobs/previews/${good.id}/commit`, {}), 201);
    const job = await h.db.job.findFirstOrThrow({ where: { organizationId: w.org.id } });
    expect(job).toMatchObject({
      fieldId: northId,
      teamId: w.north.id,
      operationType: 'TILLAGE',
      title: '犁地',
      status: 'PLANNED',
    });
    // Asia/Shanghai (the org default): 08:00 local = 00:00 UTC
    expect(job.windowStart.toISOString()).toBe('2031-05-01T00:00:00.000Z');
    expect(job.windowEnd.toISOString()).toBe('2031-05-02T10:00:00.000Z');
  });
});
