import { enumCodeOf } from '@amms/contracts/enum-labels';
import { PART_CATEGORIES, ZCreatePartRequest, type TPartSupplierInput } from '@amms/contracts/inventory';
import { ZStockImportRow } from '@amms/contracts/stock-import';
import { partUniqueViolation } from '../../inventory/parts.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { int, num, text, yuanToMinor } from './cells.js';
import { cell, columnTable, compact, orUndefined, reference, type ImportKindDef } from './import-kind.js';

type Fail = (column: string, code: string, message: string) => void;

/** Yes/no in the words a spreadsheet holds (an export writes true / false). Empty → the default. */
function yesNo(raw: string, column: string, fail: Fail): boolean | undefined {
  const t = raw.trim().toLowerCase();
  if (t === '') return undefined;
  if (['true', 'yes', 'y', '1', '是'].includes(t)) return true;
  if (['false', 'no', 'n', '0', '否'].includes(t)) return false;
  fail(column, 'VALIDATION_FAILED', `"${raw}" is not yes or no (true/false, 是/否)`);
  return undefined;
}

/** A list cell: `;` (or `；`, a line break) between items. */
export const listItems = (raw: string) =>
  raw
    .split(/[;；\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * `otherSuppliers`: `name | price (yuan) | lead time (days) [| their part number]` per supplier,
 * suppliers separated by `;`. The preferred supplier has its own columns.
 */
export function formatSupplier(s: {
  name: string;
  priceYuan: number | null;
  leadTimeDays: number;
  supplierPartNumber: string | null;
}): string {
  return [s.name, s.priceYuan ?? '', s.leadTimeDays, ...(s.supplierPartNumber ? [s.supplierPartNumber] : [])].join(
    ' | ',
  );
}

function suppliersOf(v: Record<string, string>, fail: Fail): TPartSupplierInput[] {
  const out: TPartSupplierInput[] = [];
  const name = text(v.supplier ?? '');
  const price = cell(yuanToMinor(v.supplierPrice ?? ''), 'supplierPrice', fail);
  const lead = cell(int(v.supplierLeadTimeDays ?? ''), 'supplierLeadTimeDays', fail);
  if (name) {
    if (price == null) fail('supplierPrice', 'VALIDATION_FAILED', 'A supplier gives its price');
    if (lead == null) fail('supplierLeadTimeDays', 'VALIDATION_FAILED', 'A supplier gives its lead time in days');
    out.push({
      name,
      supplierPartNumber: text(v.supplierPartNumber ?? ''),
      priceMinor: price ?? '0',
      leadTimeDays: lead ?? 0,
      preferred: true,
    });
  } else if (price != null || lead != null || text(v.supplierPartNumber ?? ''))
    fail('supplier', 'VALIDATION_FAILED', 'Name the supplier whose price and lead time these are');
  for (const item of listItems(v.otherSuppliers ?? '')) {
    const [n, p, d, number] = item.split('|').map((x) => x.trim());
    const priceMinor = yuanToMinor(p ?? '');
    const days = int(d ?? '');
    if (!n || !priceMinor.ok || priceMinor.value === null || !days.ok || days.value === null) {
      fail('otherSuppliers', 'VALIDATION_FAILED', `"${item}" is not "name | price | lead time days [| part number]"`);
      continue;
    }
    out.push({
      name: n,
      supplierPartNumber: number || null,
      priceMinor: priceMinor.value,
      leadTimeDays: days.value,
      preferred: false,
    });
  }
  return out;
}

/** The catalog: each row through `PartsService.createIn` (models checked, part number and barcode unique). */
export const PART_IMPORT: ImportKindDef = {
  kind: 'parts',
  columns: columnTable(`
partNumber | 配件编号 | Part number | required
nameZh | 中文名称 | Name (Chinese) | required
category | 类别 | Category | required
makerPartNumber | 厂家编号 | Maker part number
maker | 厂家 | Maker
nameEn | 英文名称 | Name (English)
unit | 单位 | Unit
countedInPieces | 按件计数 | Counted in pieces
barcode | 条码 | Barcode
compatibleModels | 适用机型 | Compatible models
supplier | 首选供应商 | Preferred supplier
supplierPartNumber | 供应商料号 | Supplier part number
supplierPrice | 供应商价格（元） | Supplier price (CNY)
supplierLeadTimeDays | 交货期（天） | Lead time (days)
otherSuppliers | 其他供应商 | Other suppliers
notes | 备注 | Notes
`),
  build(v, lk, fail) {
    const rawCategory = (v.category ?? '').trim();
    const category = enumCodeOf('partCategory', rawCategory) ?? rawCategory.toUpperCase();
    if (rawCategory && !(PART_CATEGORIES as readonly string[]).includes(category))
      fail('category', 'VALIDATION_FAILED', `"${rawCategory}" is not one of ${PART_CATEGORIES.join(', ')}`);
    const models = listItems(v.compatibleModels ?? '').map((m) => reference(lk.models, 'compatibleModels', m, fail));
    return compact({
      partNumber: v.partNumber ?? '',
      nameZh: v.nameZh ?? '',
      category,
      makerPartNumber: orUndefined(text(v.makerPartNumber ?? '')),
      maker: orUndefined(text(v.maker ?? '')),
      nameEn: orUndefined(text(v.nameEn ?? '')),
      unit: orUndefined(text(v.unit ?? '')),
      countedInPieces: yesNo(v.countedInPieces ?? '', 'countedInPieces', fail),
      barcode: orUndefined(text(v.barcode ?? '')),
      compatibleModelIds: models.filter((id): id is string => !!id),
      suppliers: suppliersOf(v, fail),
      notes: orUndefined(text(v.notes ?? '')),
    });
  },
  schema: ZCreatePartRequest,
  columnOf: { compatibleModelIds: 'compatibleModels', suppliers: 'supplier' },
  unique: ['partNumber'],
  create: (s, tx, ctx, input) => s.parts.createIn(tx, ctx, input),
  uniqueViolation: (input, err) => partUniqueViolation(err, String(input.partNumber)),
};

/**
 * Stock: what is on hand of a part at a location (our part number, the location's name), as a
 * count states it; the difference becomes an ADJUSTMENT (`StockImportService.setIn`). The
 * export of `GET /stock` has the same columns, so it imports back without a movement.
 */
export const STOCK_IMPORT: ImportKindDef = {
  kind: 'stock',
  columns: columnTable(`
partNumber | 配件编号 | Part number | required
location | 库位 | Location | required
onHand | 在库数量 | On hand | required
unitCost | 单位成本（元） | Unit cost (CNY)
reorderPoint | 再订货点 | Reorder point
reorderQty | 再订货量 | Reorder quantity
`),
  stockLookups: true,
  build(v, lk, fail) {
    return compact({
      partId: v.partNumber?.trim() ? reference(lk.parts, 'partNumber', v.partNumber, fail) : '',
      locationId: v.location?.trim() ? reference(lk.locations, 'location', v.location, fail) : '',
      onHand: cell(num(v.onHand ?? ''), 'onHand', fail) ?? (v.onHand?.trim() ? undefined : null),
      unitCostMinor: orUndefined(cell(yuanToMinor(v.unitCost ?? ''), 'unitCost', fail)),
      reorderPoint: orUndefined(cell(num(v.reorderPoint ?? ''), 'reorderPoint', fail)),
      reorderQty: orUndefined(cell(num(v.reorderQty ?? ''), 'reorderQty', fail)),
    });
  },
  schema: ZStockImportRow,
  columnOf: { partId: 'partNumber', locationId: 'location', unitCostMinor: 'unitCost', quantity: 'onHand' },
  unique: ['partNumber', 'location'],
  create: (s, tx, ctx, input, run) =>
    s.stock.setIn(tx, ctx, input, `import${run.fileName ? ` ${run.fileName}` : ''}`.slice(0, 500)),
  uniqueViolation: () => new AppError('CONFLICT', 'This row conflicts with another write'),
};
