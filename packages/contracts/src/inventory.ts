/**
 * Parts and stock (issue #29).
 *
 * Wire formats (as costs): money is CNY fen as a string of digits; a quantity is a JSON number
 * with at most 3 decimals (a part counted in pieces takes whole numbers only, checked by the API
 * against the part: QUANTITY_NOT_WHOLE). On hand, reserved and available are numbers.
 *
 * One import point, split by responsibility:
 * - inventory/basics.ts: categories, location kinds, movement types, quantity formats;
 * - inventory/parts.ts: the catalog (parts, suppliers, manual references);
 * - inventory/movements.ts: locations, the ledger's movements and a part's history, write-offs, settings;
 * - inventory/stock.ts: on hand / reserved / available, low stock, expected demand, reorder rules, counts;
 * - inventory/work-orders.ts: a work order's parts from stock;
 * - inventory/purchases.ts: executed purchase drafts and their receipts.
 */

export {
  PART_CATEGORIES,
  ZPartCategory,
  type TPartCategory,
  STOCK_LOCATION_KINDS,
  ZStockLocationKind,
  STOCK_MOVEMENT_TYPES,
  ZStockMovementType,
  type TStockMovementType,
  MAX_STOCK_QUANTITY,
  ZStockQuantity,
  ZCountedQuantity,
} from './inventory/basics.js';
export * from './inventory/parts.js';
export * from './inventory/movements.js';
export * from './inventory/stock.js';
export * from './inventory/work-orders.js';
export * from './inventory/purchases.js';
