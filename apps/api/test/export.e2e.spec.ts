import { randomUUID } from 'node:crypto';
import { parseString } from '@fast-csv/parse';
import { describe, expect, it } from 'vitest';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { parseXlsx, sheetsApi } from './support/sheets.js';
import { appForFile, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** CSV / XLSX exports: the same rows as the caller's list (filters, data scope), readable by independent parsers. */
const h = appForFile();

const req = (token: string, method: string, org: string, rest: string, body?: unknown) =>
  call(h.base, method, orgPath(org, rest), { token, body });

const { download } = sheetsApi(() => h);

/** Parsed with fast-csv (not our parser): rows of strings, header included. */
function parseCsvBytes(bytes: Buffer): Promise<string[][]> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text, { headers: false })
      .on('data', (r: string[]) => rows.push(r))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

/** Every id of a list, all pages. */
async function listIds(token: string, org: string, rest: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const sep = rest.includes('?') ? '&' : '?';
    const r = await req(
      token,
      'GET',
      org,
      `${rest}${sep}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expectStatus(r, 200);
    ids.push(...(r.body.items as { id: string }[]).map((x) => x.id));
    cursor = r.body.nextCursor as string | null;
  } while (cursor);
  return ids;
}

const column = (rows: unknown[][], key: string) => {
  const i = (rows[0] as string[]).indexOf(key);
  expect(i, `column ${key}`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i]);
};

async function teamMember(org: TestOrg, teamId: string, role: 'DISPATCHER' | 'MECHANIC') {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.OWNER.id } });
  const email = `${role.toLowerCase()}-${tag()}@export.test`;
  const u = await h.db.user.create({ data: { email, name: `Team ${role}`, passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({ data: { organizationId: org.id, userId: u.id, role, dataScope: 'TEAM' } });
  await h.db.teamMember.create({ data: { organizationId: org.id, teamId, membershipId: m.id } });
  return (await login(h.base, email, PASSWORD)).accessToken;
}

async function world() {
  const org = await createOrg(h.db, 'export');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const north = (await h.db.team.create({ data: { organizationId: org.id, name: `北队 ${tag()}` } })).id;
  const south = (await h.db.team.create({ data: { organizationId: org.id, name: `South ${tag()}` } })).id;
  const field = async (name: string, teamId: string, crop = 'wheat') => {
    const r = await req(owner, 'POST', org.id, '/fields', { name, areaHa: 12.5, teamId, crop });
    expectStatus(r, 201);
    return r.body.id as string;
  };
  const fields = [
    await field(`东地块 ${tag()}`, north),
    await field(`=HYPERLINK("http://evil") ${tag()}`, north, 'corn'),
    await field(`North, "quoted" ${tag()}`, north),
    await field(`South ${tag()}`, south),
    await field(`South 2 ${tag()}`, south, 'corn'),
  ];
  for (const [i, fieldId] of fields.entries()) {
    const r = await req(owner, 'POST', org.id, '/jobs', {
      fieldId,
      operationType: i % 2 ? 'MOWING' : 'TILLAGE',
      estimatedHours: 4,
      windowStart: `2031-05-0${i + 1}T00:00:00Z`,
      windowEnd: `2031-05-0${i + 2}T00:00:00Z`,
      title: i === 0 ? '+1 plough' : `job ${i}`,
    });
    expectStatus(r, 201);
  }
  const model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `东方红-${tag()}`,
      name: 'LX1000',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
    },
  });
  for (const [i, teamId] of [north, north, north, south].entries()) {
    const r = await req(owner, 'POST', org.id, '/assets', {
      modelId: model.id,
      teamId,
      name: `拖拉机 ${i}`,
      serialNumber: `SN-${tag()}`,
      purchaseCostMinor: '12800050',
    });
    expectStatus(r, 201);
  }
  return { org, owner, north, south, model };
}

describe('exports contain exactly the rows of the caller’s list', () => {
  it('jobs, fields and machines under TEAM scope: CSV (BOM, fast-csv) and XLSX (exceljs) hold the list’s ids, nothing more', async () => {
    const w = await world();
    const d = await teamMember(w.org, w.north, 'DISPATCHER');
    for (const [rest, minimum] of [
      ['/jobs', 3],
      ['/fields', 3],
      ['/assets', 3],
    ] as const) {
      const listed = await listIds(d, w.org.id, rest);
      expect(listed.length).toBeGreaterThanOrEqual(minimum);
      const csv = await download(d, w.org.id, `${rest}/export?format=csv&lang=keys`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
      expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = await parseCsvBytes(csv.bytes);
      expect(new Set(column(rows, 'id'))).toEqual(new Set(listed));
      expect(rows.length - 1).toBe(listed.length);

      const xlsx = await download(d, w.org.id, `${rest}/export?format=xlsx&lang=keys`);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const sheet = await parseXlsx(xlsx.bytes);
      expect(new Set(column(sheet, 'id'))).toEqual(new Set(listed));
      expect(sheet.length - 1).toBe(listed.length);
    }
    // the owner (ORG scope) gets the other team's rows too
    const all = await parseCsvBytes((await download(w.owner, w.org.id, '/fields/export?lang=keys')).bytes);
    expect(all.length - 1).toBe(5);
  });

  it('the list’s filters and sort apply; the header is in the language asked for; text cells are formula-safe', async () => {
    const w = await world();
    const listed = await listIds(w.owner, w.org.id, '/fields?crop=corn&sort=-name');
    expect(listed).toHaveLength(2);
    const zh = await parseCsvBytes((await download(w.owner, w.org.id, '/fields/export?crop=corn&sort=-name')).bytes);
    expect(zh[0]!.slice(0, 3)).toEqual(['ID', '名称', '面积（公顷）']);
    expect(zh.slice(1).map((r) => r[0])).toEqual(listed);
    const en = await parseCsvBytes(
      (await download(w.owner, w.org.id, '/fields/export?crop=corn&sort=-name&lang=en')).bytes,
    );
    expect(en[0]!.slice(0, 3)).toEqual(['ID', 'Name', 'Area (ha)']);

    const names = column(
      await parseCsvBytes((await download(w.owner, w.org.id, '/fields/export?lang=keys')).bytes),
      'name',
    ) as string[];
    expect(names.find((n) => n.includes('HYPERLINK'))).toMatch(/^'=HYPERLINK\("http:\/\/evil"\)/);
    expect(names.find((n) => n.startsWith('North'))).toMatch(/^North, "quoted" /);
    expect(names.some((n) => n.startsWith('东地块'))).toBe(true);
    const xl = await parseXlsx((await download(w.owner, w.org.id, '/jobs/export?format=xlsx&lang=keys')).bytes);
    expect(column(xl, 'title')).toContain("'+1 plough");
    const assets = await parseXlsx((await download(w.owner, w.org.id, '/assets/export?format=xlsx&lang=keys')).bytes);
    // money in yuan as a number; the model by name
    expect(new Set(column(assets, 'purchaseCost'))).toEqual(new Set([128000.5]));
    expect(new Set(column(assets, 'model'))).toEqual(new Set([`${w.model.manufacturer} LX1000`]));

    // a bad filter is the list's 400, before any byte of a file
    expectError(await req(w.owner, 'GET', w.org.id, '/jobs/export?status=NOPE'), 400, 'VALIDATION_FAILED');
    expectError(await req(w.owner, 'GET', w.org.id, '/jobs/export?format=pdf'), 400, 'VALIDATION_FAILED');
  });

  it('codes are words under a Chinese or English header, codes under keys; the import reads the words back; the file is named by the org’s day', async () => {
    const w = await world();
    const zh = await parseCsvBytes((await download(w.owner, w.org.id, '/jobs/export')).bytes);
    expect(new Set(column(zh, '作业类型'))).toEqual(new Set(['耕整地', '割草']));
    expect(new Set(column(zh, '状态'))).toEqual(new Set(['待安排']));
    const en = await parseCsvBytes((await download(w.owner, w.org.id, '/jobs/export?lang=en')).bytes);
    expect(new Set(column(en, 'Operation'))).toEqual(new Set(['Tillage', 'Mowing']));
    const keys = await parseCsvBytes((await download(w.owner, w.org.id, '/jobs/export?lang=keys')).bytes);
    expect(new Set(column(keys, 'operationType'))).toEqual(new Set(['TILLAGE', 'MOWING']));
    const assets = await parseCsvBytes((await download(w.owner, w.org.id, '/assets/export')).bytes);
    expect(new Set(column(assets, '状态'))).toEqual(new Set(['可用']));

    // what the Chinese export wrote is imported again: 耕整地 is TILLAGE, and the field whose name
    // the export protected from spreadsheet formulas ('=HYPERLINK…) is found by its name
    const exported = column(zh, '地块') as string[];
    const protectedName = exported.find((n) => n.startsWith("'="))!;
    expect(protectedName).toBeDefined();
    const fieldName = protectedName.slice(1);
    const csvField = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const csv = `\uFEFF地块*,作业类型*,窗口开始*,窗口结束*,预计工时*\r\n${csvField(protectedName)},耕整地,2031-06-01 08:00,2031-06-02 18:00,3\r\n${csvField(protectedName)},Mowing,2031-06-03 08:00,2031-06-04 18:00,2\r\n`;
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'jobs.csv');
    const preview = await fetch(`${h.base}${orgPath(w.org.id, '/imports/jobs/previews')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.owner}`, 'idempotency-key': randomUUID() },
      body: form,
    });
    const body = (await preview.json()) as { invalid: number; rows: { values: Record<string, string> }[] };
    expect(preview.status, JSON.stringify(body)).toBe(201);
    expect(body.invalid, JSON.stringify(body.rows)).toBe(0);
    expect(body.rows[0]!.values, 'the protected name is read as the name').toMatchObject({ field: fieldName });

    // the org's calendar day names the file: a zone whose date differs from UTC's right now
    const now = new Date();
    const utcDay = now.toISOString().slice(0, 10);
    const dayIn = (tz: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((tz) => dayIn(tz) !== utcDay)!;
    await h.db.organization.update({ where: { id: w.org.id }, data: { timezone: zone } });
    const file = await download(w.owner, w.org.id, '/fields/export');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="fields-${dayIn(zone)}.csv"`);
  });

  it('cost documents export one row per line; work orders and analytics export; every export is audited', async () => {
    const w = await world();
    const acc = (await login(h.base, w.org.users.ACCOUNTANT.email)).accessToken;
    const asset = (await h.db.asset.findFirstOrThrow({ where: { organizationId: w.org.id } })).id;
    const doc = await req(acc, 'POST', w.org.id, '/cost-documents', {
      category: 'FUEL',
      documentDate: '2026-03-01',
      supplier: '中石化',
      assetId: asset,
      lines: [
        { description: '柴油', quantity: 10, unit: 'L', unitPriceMinor: '789' },
        { description: 'AdBlue', quantity: 2, unit: 'L', unitPriceMinor: '500' },
      ],
    });
    expectStatus(doc, 201);
    const other = await req(acc, 'POST', w.org.id, '/cost-documents', {
      category: 'PARTS',
      documentDate: '2026-04-01',
      lines: [{ description: 'Filter', quantity: 1, unitPriceMinor: '4500' }],
    });
    expectStatus(other, 201);
    const rows = await parseCsvBytes(
      (await download(acc, w.org.id, '/cost-documents/export?category=FUEL&lang=keys')).bytes,
    );
    expect(column(rows, 'documentId')).toEqual([doc.body.id, doc.body.id]);
    expect(column(rows, 'lineDescription')).toEqual(['柴油', 'AdBlue']);
    expect(column(rows, 'lineAmount')).toEqual(['78.9', '10']);
    expect(column(rows, 'documentTotal')).toEqual(['88.9', '88.9']);

    const wo = await req(w.owner, 'POST', w.org.id, '/work-orders', {
      assetId: asset,
      type: 'CORRECTIVE',
      title: 'Leak',
    });
    expectStatus(wo, 201);
    const wos = await parseXlsx((await download(w.owner, w.org.id, '/work-orders/export?format=xlsx&lang=keys')).bytes);
    expect(column(wos, 'id')).toEqual(await listIds(w.owner, w.org.id, '/work-orders'));

    const an = await parseCsvBytes(
      (await download(w.owner, w.org.id, '/analytics/export?from=2031-05-01&to=2031-05-31&lang=keys')).bytes,
    );
    const util = await req(w.owner, 'GET', w.org.id, '/analytics/utilization?from=2031-05-01&to=2031-05-31&limit=200');
    expect(new Set(column(an, 'assetId'))).toEqual(
      new Set((util.body.items as { assetId: string }[]).map((m) => m.assetId)),
    );

    const events = await h.db.auditEvent.findMany({ where: { organizationId: w.org.id, action: 'data.exported' } });
    expect(events.map((e) => (e.data as { kind: string }).kind).sort()).toEqual([
      'analytics',
      'cost-documents',
      'work-orders',
    ]);
  });

  it('permissions and tenancy: no list permission → 403; another org → 404', async () => {
    const w = await world();
    const other = await createOrg(h.db, 'export-other');
    const stranger = (await login(h.base, other.users.OWNER.email)).accessToken;
    for (const rest of [
      '/jobs/export',
      '/fields/export',
      '/assets/export',
      '/work-orders/export',
      '/cost-documents/export',
      '/analytics/export',
    ]) {
      expectError(await req(stranger, 'GET', w.org.id, rest), 404, 'NOT_FOUND');
    }
    const operator = (await login(h.base, w.org.users.OPERATOR.email)).accessToken;
    expectError(await req(operator, 'GET', w.org.id, '/cost-documents/export'), 403, 'FORBIDDEN');
  });
});
