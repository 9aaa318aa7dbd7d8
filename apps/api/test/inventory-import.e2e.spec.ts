// Parts and stock through the file import (preview → commit) and the exports (issue #29 §5):
// bad rows named, nothing half-imported, an export imports back (catalog into another org,
// stock into the same org without a movement).
import { describe, expect, it } from 'vitest';
import type { TPartDetail, TStockLocation, TStockRow } from '@amms/contracts/inventory';
import { ZImportCommitResponse } from '@amms/contracts/integrations';
import { expectError, expectStatus } from './assertions.js';
import { csv, parseXlsx, rowErrors, sheetsApi } from './support/sheets.js';
import { appForFile, machineModel, orgApi, orgWorld, tag, type OrgWorld } from './support/world.js';

const h = appForFile();
const api = orgApi(() => h);
const { upload, preview, download } = sheetsApi(() => h);

const commit = (token: string, org: string, kind: string, id: string) =>
  api.post(token, org, `/imports/${kind}/previews/${id}/commit`, {});

async function part(w: OrgWorld, body: Record<string, unknown> = {}): Promise<TPartDetail> {
  const r = await api.post(w.t.OWNER, w.org.id, '/parts', {
    partNumber: `P-${tag()}`,
    nameZh: '机油滤清器',
    category: 'FILTER',
    ...body,
  });
  expectStatus(r, 201);
  return r.body as TPartDetail;
}

async function location(w: OrgWorld, name: string): Promise<TStockLocation> {
  const r = await api.post(w.t.OWNER, w.org.id, '/stock-locations', { name, kind: 'STORE' });
  expectStatus(r, 201);
  return r.body as TStockLocation;
}

async function stock(w: OrgWorld): Promise<TStockRow[]> {
  const r = await api.get(w.t.OWNER, w.org.id, '/stock');
  expectStatus(r, 200);
  return (r.body as { items: TStockRow[] }).items;
}

const movements = (w: OrgWorld) => h.db.stockMovement.count({ where: { organizationId: w.org.id } });
const partCount = (w: OrgWorld) => h.db.part.count({ where: { organizationId: w.org.id } });

describe('parts import', () => {
  it('bad rows are each named with their column and code, and the commit creates none of the file', async () => {
    const w = await orgWorld(h, 'parts-import-bad');
    const taken = await part(w, { barcode: `BC-${tag()}` });
    const model = await machineModel(h.db, null, { manufacturer: `JD-${tag()}`, name: '6R 155' });
    const modelName = `${model.manufacturer} ${model.name}`;
    const before = await partCount(w);
    const n = () => `P-${tag()}`;
    const dup = n();
    const file = csv([
      [
        '配件编号 *',
        '中文名称 *',
        '类别 *',
        '适用机型',
        '条码',
        '按件计数',
        '首选供应商',
        '供应商价格（元）',
        '交货期（天）',
        '其他供应商',
      ],
      [n(), '空滤', '滤清器', modelName, '', '是', '配件公司', '45.50', '5', '二号公司 | 47 | 9 | X-1'],
      [n(), '', 'FILTER', '', '', '', '', '', '', ''],
      [n(), '皮带', 'SPROCKET', '', '', '', '', '', '', ''],
      [n(), '皮带', 'BELT', 'No Such Model', '', '', '', '', '', ''],
      [taken.partNumber, '重复编号', 'OIL', '', '', '', '', '', '', ''],
      [dup, '第一行', 'OIL', '', '', '', '', '', '', ''],
      [dup, '同文件重复', 'OIL', '', '', '', '', '', '', ''],
      [n(), '条码重复', 'OIL', '', taken.barcode!, '', '', '', '', ''],
      [n(), '缺价格', 'OIL', '', '', '', '配件公司', '', '5', ''],
      [n(), '坏供应商', 'OIL', '', '', 'maybe', '', '', '', '二号公司 | 价格'],
    ]);
    const p = await preview(w.t.DISPATCHER, w.org.id, 'parts', file, 'parts.csv');
    expect(p.total).toBe(10);
    expect(rowErrors(p)).toEqual({
      3: ['nameZh:VALIDATION_FAILED'],
      4: ['category:VALIDATION_FAILED'],
      5: ['compatibleModels:UNKNOWN_MODEL'],
      6: ['partNumber:PART_NUMBER_TAKEN'],
      8: ['partNumber:DUPLICATE_IN_FILE'],
      9: ['barcode:BARCODE_TAKEN'],
      10: ['supplierPrice:VALIDATION_FAILED'],
      11: ['countedInPieces:VALIDATION_FAILED', 'otherSuppliers:VALIDATION_FAILED'],
    });
    expect(p.valid).toBe(2);
    // nothing was written by the preview
    expect(await partCount(w)).toBe(before);
    const c = await commit(w.t.DISPATCHER, w.org.id, 'parts', p.id);
    expectError(c, 422, 'IMPORT_ROWS_INVALID');
    expect((c.body as { error: { details: { rows: unknown[] } } }).error.details.rows).toHaveLength(8);
    expect(await partCount(w)).toBe(before);
  });

  it('the store keeper imports; a mechanic may not (403) and another org cannot commit the preview (404)', async () => {
    const w = await orgWorld(h, 'parts-import-rights');
    const other = await orgWorld(h, 'parts-import-other');
    const file = csv([
      ['partNumber', 'nameZh', 'category'],
      [`P-${tag()}`, '液压油滤', 'HYDRAULIC'],
    ]);
    expectError(await upload(w.t.MECHANIC, w.org.id, '/imports/parts/previews', file, 'p.csv'), 403, 'FORBIDDEN');
    const p = await preview(w.t.DISPATCHER, w.org.id, 'parts', file);
    expectError(await commit(other.t.OWNER, other.org.id, 'parts', p.id), 404, 'NOT_FOUND');
    const c = await commit(w.t.DISPATCHER, w.org.id, 'parts', p.id);
    expectStatus(c, 201);
    expect(ZImportCommitResponse.parse(c.body).created).toBe(1);
    const audit = await h.db.auditEvent.count({
      where: { organizationId: w.org.id, action: { in: ['part.created', 'data.imported'] } },
    });
    expect(audit).toBe(2);
  });

  it('the catalog exported (CSV in Chinese, XLSX in English) imports into another org as the same parts', async () => {
    const a = await orgWorld(h, 'parts-roundtrip-a');
    const model = await machineModel(h.db, null, { manufacturer: `Lovol-${tag()}`, name: 'GN70' });
    const made = await part(a, {
      makerPartNumber: `RE${tag()}`,
      maker: 'John Deere',
      nameEn: 'Engine oil, 20 L',
      unit: '桶',
      countedInPieces: false,
      category: 'OIL',
      barcode: `69${tag()}`,
      compatibleModelIds: [model.id],
      notes: '=SUM(A1) stays text',
      suppliers: [
        { name: '农机配件公司', supplierPartNumber: 'S-1', priceMinor: '28050', leadTimeDays: 5, preferred: true },
        { name: '二号公司', priceMinor: '29900', leadTimeDays: 12 },
      ],
    });
    await part(a, { nameZh: '张紧轮', category: 'BELT' });
    const strip = (p: TPartDetail) => ({
      ...p,
      id: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      stock: undefined,
      manualRefs: undefined,
      suppliers: p.suppliers.map((s) => ({ ...s, id: undefined })),
    });
    for (const [format, lang] of [
      ['csv', 'zh-CN'],
      ['xlsx', 'en'],
    ] as const) {
      const b = await orgWorld(h, `parts-roundtrip-${format}`);
      const file = await download(a.t.OWNER, a.org.id, `/parts/export?format=${format}&lang=${lang}`);
      if (format === 'xlsx') expect((await parseXlsx(file.bytes))[0]).toContain('Part number');
      const p = await preview(b.t.OWNER, b.org.id, 'parts', file.bytes, `parts.${format}`);
      expect(rowErrors(p)).toEqual({});
      expect(p.valid).toBe(2);
      expectStatus(await commit(b.t.OWNER, b.org.id, 'parts', p.id), 201);
      const found = await api.get(b.t.OWNER, b.org.id, `/parts?q=${made.partNumber}`);
      const copy = (found.body as { items: TPartDetail[] }).items[0]!;
      const detail = (await api.get(b.t.OWNER, b.org.id, `/parts/${copy.id}`)).body as TPartDetail;
      expect(strip(detail)).toEqual(strip(made));
    }
  }, 120_000);
});

describe('stock import', () => {
  async function world(label: string) {
    const w = await orgWorld(h, label);
    const pieces = await part(w);
    const oil = await part(w, { nameZh: '机油', unit: '升', countedInPieces: false, category: 'OIL' });
    const store = await location(w, `总库-${tag()}`);
    const shop = await location(w, `车间-${tag()}`);
    return { w, pieces, oil, store, shop };
  }

  it('bad rows are named (unknown part or location, fractional pieces, negative, no cost, twice) and the ledger stays as it was', async () => {
    const { w, pieces, oil, store, shop } = await world('stock-import-bad');
    const file = csv([
      ['配件编号', '库位', '在库数量', '单位成本（元）'],
      [pieces.partNumber, store.name, '4', '12.5'],
      ['NO-SUCH', store.name, '1', '1'],
      [pieces.partNumber, 'Nowhere', '1', '1'],
      [pieces.partNumber, shop.name, '1.5', '1'],
      [oil.partNumber, store.name, '-2', '1'],
      [oil.partNumber, shop.name, '3', ''],
      [pieces.partNumber, store.name, '5', '12.5'],
    ]);
    const p = await preview(w.t.OWNER, w.org.id, 'stock', file, 'count.csv');
    expect(rowErrors(p)).toEqual({
      3: ['partNumber:UNKNOWN_PART'],
      4: ['location:UNKNOWN_LOCATION'],
      5: ['onHand:QUANTITY_NOT_WHOLE'],
      6: ['onHand:VALIDATION_FAILED'],
      7: ['unitCost:VALIDATION_FAILED'],
      8: ['partNumber:DUPLICATE_IN_FILE'],
    });
    expectError(await commit(w.t.OWNER, w.org.id, 'stock', p.id), 422, 'IMPORT_ROWS_INVALID');
    expect(await movements(w)).toBe(0);
    expect((await stock(w)).filter((r) => r.onHand !== 0)).toEqual([]);
  });

  it('a count file sets on hand through adjustments (moving average, reorder rule); its export imports back with no movement', async () => {
    const { w, pieces, oil, store, shop } = await world('stock-import-good');
    // a store keeper without inventory.adjust may not state on hand
    const file = csv([
      ['partNumber', 'location', 'onHand', 'unitCost', 'reorderPoint', 'reorderQty'],
      [pieces.partNumber, store.name, '10', '45', '3', '12'],
      [oil.partNumber, shop.name, '20.5', '18.20', '', ''],
    ]);
    expectError(await upload(w.t.DISPATCHER, w.org.id, '/imports/stock/previews', file, 's.csv'), 403, 'FORBIDDEN');
    const p = await preview(w.t.ACCOUNTANT, w.org.id, 'stock', file, 'opening.csv');
    expect(rowErrors(p)).toEqual({});
    const c = await commit(w.t.ACCOUNTANT, w.org.id, 'stock', p.id);
    expectStatus(c, 201);
    expect(ZImportCommitResponse.parse(c.body).created).toBe(2);
    const rows = await stock(w);
    const row = (partId: string) => rows.find((r) => r.partId === partId)!;
    expect(row(pieces.id)).toMatchObject({ onHand: 10, avgCostMinor: '4500', reorderPoint: 3, reorderQty: 12 });
    expect(row(oil.id)).toMatchObject({ onHand: 20.5, avgCostMinor: '1820', locationId: shop.id });
    const moved = await h.db.stockMovement.findMany({ where: { organizationId: w.org.id } });
    expect(moved.map((m) => [m.type, m.delta.toString(), m.reason])).toEqual(
      expect.arrayContaining([
        ['ADJUSTMENT', '10', 'import opening.csv'],
        ['ADJUSTMENT', '20.5', 'import opening.csv'],
      ]),
    );

    // the export, imported again: every row valid, nothing written
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await download(w.t.OWNER, w.org.id, `/stock/export?format=${format}`);
      const again = await preview(w.t.ACCOUNTANT, w.org.id, 'stock', exported.bytes, `stock.${format}`);
      expect(rowErrors(again)).toEqual({});
      const c2 = await commit(w.t.ACCOUNTANT, w.org.id, 'stock', again.id);
      expect(ZImportCommitResponse.parse(c2.body).created).toBe(0);
    }
    expect(await movements(w)).toBe(2);
    expect(await stock(w)).toEqual(rows);

    // a later count: less than on hand is taken out at the average, more at the given cost
    const count = csv([
      ['partNumber', 'location', 'onHand', 'unitCost'],
      [pieces.partNumber, store.name, '7', ''],
      [oil.partNumber, shop.name, '30.5', '20'],
    ]);
    const p3 = await preview(w.t.ACCOUNTANT, w.org.id, 'stock', count);
    expectStatus(await commit(w.t.ACCOUNTANT, w.org.id, 'stock', p3.id), 201);
    const after = await stock(w);
    expect(after.find((r) => r.partId === pieces.id)).toMatchObject({ onHand: 7, avgCostMinor: '4500' });
    // (20.5 × 18.20 + 10 × 20) / 30.5 = 18.79 yuan
    expect(after.find((r) => r.partId === oil.id)).toMatchObject({ onHand: 30.5, avgCostMinor: '1879' });
    const ledger = await h.db.stockMovement.groupBy({
      by: ['partId', 'locationId'],
      where: { organizationId: w.org.id },
      _sum: { delta: true },
    });
    for (const l of ledger)
      expect(Number(l._sum.delta)).toBe(
        after.find((r) => r.partId === l.partId && r.locationId === l.locationId)!.onHand,
      );
  });
});
