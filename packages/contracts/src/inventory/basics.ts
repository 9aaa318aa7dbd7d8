import { z } from 'zod';

/**
 * The basic vocabulary of parts and stock: categories, location kinds, movement types and the
 * quantity formats (a JSON number with at most 3 decimals; whole numbers for a part counted in
 * pieces are checked by the API against the part: QUANTITY_NOT_WHOLE).
 */

export const PART_CATEGORIES = [
  'FILTER',
  'BELT',
  'OIL',
  'TYRE',
  'BLADE',
  'BEARING',
  'HYDRAULIC',
  'ELECTRICAL',
  'OTHER',
] as const;
export const ZPartCategory = z.enum(PART_CATEGORIES);
export type TPartCategory = z.infer<typeof ZPartCategory>;

export const STOCK_LOCATION_KINDS = ['STORE', 'WORKSHOP', 'VAN'] as const;
export const ZStockLocationKind = z.enum(STOCK_LOCATION_KINDS);

export const STOCK_MOVEMENT_TYPES = ['RECEIPT', 'ISSUE', 'RETURN', 'TRANSFER', 'ADJUSTMENT', 'WRITE_OFF'] as const;
export const ZStockMovementType = z.enum(STOCK_MOVEMENT_TYPES);
export type TStockMovementType = z.infer<typeof ZStockMovementType>;

/** DECIMAL(12,3) */
export const MAX_STOCK_QUANTITY = 999_999_999.999;
const QUANTITY_PATTERN = /^\d+(\.\d{1,3})?$/;
/** > 0, at most 3 decimals (never rounded) */
export const ZStockQuantity = z
  .number()
  .positive()
  .max(MAX_STOCK_QUANTITY)
  .refine((n) => QUANTITY_PATTERN.test(String(n)), { message: 'at most 3 decimals' });
/** ≥ 0 (a count may find none) */
export const ZCountedQuantity = z
  .number()
  .min(0)
  .max(MAX_STOCK_QUANTITY)
  .refine((n) => QUANTITY_PATTERN.test(String(n)), { message: 'at most 3 decimals' });

export const ZText = (max: number) => z.string().trim().min(1).max(max);
