import type { TPart, TStockRow } from '@amms/contracts/inventory';
import { toMilli, valueOf } from '../../inventory/quantity.js';
import { formatSupplier } from '../import/inventory-kinds.js';
import { codeCol, col, yuan, type Column } from './columns.js';
import type { Names } from './export-kinds.js';

/** The supplier a part is ordered from (the preferred one, else the first), and the others. */
function splitSuppliers(p: TPart) {
  const main = p.suppliers.find((s) => s.preferred) ?? p.suppliers[0] ?? null;
  return { main, others: p.suppliers.filter((s) => s !== main) };
}

/**
 * The catalog, one row per part: the import's columns (`/imports/parts`) under the same keys and
 * labels, so an export imports again into another org (models by name, suppliers in full).
 */
export type PartRow = TPart & { names: Names };
export const PART_COLUMNS: readonly Column<PartRow>[] = [
  col('id', 'ID', 'ID', (p) => p.id),
  col('partNumber', '配件编号', 'Part number', (p) => p.partNumber),
  col('nameZh', '中文名称', 'Name (Chinese)', (p) => p.nameZh),
  codeCol('category', '类别', 'Category', 'partCategory', (p) => p.category),
  col('makerPartNumber', '厂家编号', 'Maker part number', (p) => p.makerPartNumber),
  col('maker', '厂家', 'Maker', (p) => p.maker),
  col('nameEn', '英文名称', 'Name (English)', (p) => p.nameEn),
  col('unit', '单位', 'Unit', (p) => p.unit),
  col('countedInPieces', '按件计数', 'Counted in pieces', (p) => p.countedInPieces),
  col('barcode', '条码', 'Barcode', (p) => p.barcode),
  col('compatibleModels', '适用机型', 'Compatible models', (p) =>
    p.compatibleModelIds.map((id) => p.names.model(id) ?? id).join('; '),
  ),
  col('supplier', '首选供应商', 'Preferred supplier', (p) => splitSuppliers(p).main?.name ?? null),
  col(
    'supplierPartNumber',
    '供应商料号',
    'Supplier part number',
    (p) => splitSuppliers(p).main?.supplierPartNumber ?? null,
  ),
  col('supplierPrice', '供应商价格（元）', 'Supplier price (CNY)', (p) => yuan(splitSuppliers(p).main?.priceMinor)),
  col('supplierLeadTimeDays', '交货期（天）', 'Lead time (days)', (p) => splitSuppliers(p).main?.leadTimeDays ?? null),
  col('otherSuppliers', '其他供应商', 'Other suppliers', (p) =>
    splitSuppliers(p)
      .others.map((s) => formatSupplier({ ...s, priceYuan: yuan(s.priceMinor) }))
      .join('; '),
  ),
  col('notes', '备注', 'Notes', (p) => p.notes),
  col('active', '启用', 'Active', (p) => p.active),
  col('createdAt', '创建时间', 'Created at', (p) => p.createdAt),
];

/**
 * Stock per part and location (`GET /stock`). `unitCost` is the moving average, under the stock
 * import's label: the file imports back without a movement (on hand already agrees).
 */
export const STOCK_COLUMNS: readonly Column<TStockRow>[] = [
  col('partNumber', '配件编号', 'Part number', (r) => r.partNumber),
  col('partName', '配件名称', 'Part name', (r) => r.nameZh),
  col('location', '库位', 'Location', (r) => r.locationName),
  col('onHand', '在库数量', 'On hand', (r) => r.onHand),
  col('reserved', '已预留', 'Reserved', (r) => r.reserved),
  col('available', '可用', 'Available', (r) => r.available),
  col('unitCost', '单位成本（元）', 'Unit cost (CNY)', (r) => yuan(r.avgCostMinor)),
  col('value', '库存金额（元）', 'Value (CNY)', (r) =>
    yuan(valueOf(toMilli(r.onHand), BigInt(r.avgCostMinor)).toString()),
  ),
  col('reorderPoint', '再订货点', 'Reorder point', (r) => r.reorderPoint),
  col('reorderQty', '再订货量', 'Reorder quantity', (r) => r.reorderQty),
  col('partId', '配件 ID', 'Part ID', (r) => r.partId),
  col('locationId', '库位 ID', 'Location ID', (r) => r.locationId),
];
