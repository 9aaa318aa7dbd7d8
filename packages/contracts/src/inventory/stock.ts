import { z } from 'zod';
import { ZMoneyMinor } from '../common.js';
import { ZCountedQuantity, ZStockQuantity } from './basics.js';

/** What is in stock: on hand / reserved / available, low stock and expected demand, reorder rules, counts. */

export const ZStockQuery = z.object({ partId: z.uuid().optional(), locationId: z.uuid().optional() });
export type TStockQuery = z.infer<typeof ZStockQuery>;

export const ZStockRow = z.object({
  partId: z.uuid(),
  partNumber: z.string(),
  nameZh: z.string(),
  locationId: z.uuid(),
  locationName: z.string(),
  onHand: z.number(),
  /** held by open work orders (not yet issued) */
  reserved: z.number(),
  available: z.number(),
  avgCostMinor: ZMoneyMinor,
  reorderPoint: z.number().nullable(),
  reorderQty: z.number().nullable(),
});
export type TStockRow = z.infer<typeof ZStockRow>;
export const ZStockResponse = z.object({ items: z.array(ZStockRow) });

/** One due service (plan × machine) that needs a part: its expected date and the quantity. */
export const ZDemandSource = z.object({
  planId: z.uuid(),
  planName: z.string(),
  assetId: z.uuid(),
  assetName: z.string(),
  /** OVERDUE / DUE_SOON */
  dueStatus: z.string(),
  /** when the service is expected (the due date, today when overdue or due by hours) */
  dueBy: z.string(),
  quantity: z.number(),
});
export type TDemandSource = z.infer<typeof ZDemandSource>;

export const ZLowStockRow = ZStockRow.extend({
  /** the preferred (else fastest) supplier's lead time, days; null without suppliers */
  leadTimeDays: z.number().int().nullable(),
  supplier: z.string().nullable(),
  /** reorderQty, or at least enough to get back to the reorder point (and to cover the expected demand) */
  suggestedQty: z.number(),
  /**
   * what due maintenance needs of this part before a delivery ordered today could arrive (the
   * lead time; 7 days without a supplier), counted at the location that reorders the part
   */
  expectedDemand: z.number(),
  /** available − expectedDemand: below the reorder point (or below zero) → on this list */
  projectedAvailable: z.number(),
  /** the due services behind expectedDemand */
  demand: z.array(ZDemandSource),
});
export type TLowStockRow = z.infer<typeof ZLowStockRow>;
export const ZLowStockResponse = z.object({ items: z.array(ZLowStockRow) });

/** `GET /stock/demand?withinDays=`: parts that due maintenance needs in the coming days. */
export const ZStockDemandQuery = z.object({ withinDays: z.coerce.number().int().min(1).max(180).default(28) });
export type TStockDemandQuery = z.infer<typeof ZStockDemandQuery>;
export const ZPartDemand = z.object({
  partId: z.uuid(),
  partNumber: z.string(),
  makerPartNumber: z.string().nullable(),
  nameZh: z.string(),
  quantity: z.number(),
  /** available in the caller's locations now */
  available: z.number(),
  sources: z.array(ZDemandSource),
});
export type TPartDemand = z.infer<typeof ZPartDemand>;
export const ZStockDemandResponse = z.object({ withinDays: z.number().int(), items: z.array(ZPartDemand) });
export type TStockDemandResponse = z.infer<typeof ZStockDemandResponse>;

export const ZSetReorderRequest = z.object({
  partId: z.uuid(),
  locationId: z.uuid(),
  reorderPoint: ZCountedQuantity.nullable(),
  reorderQty: ZStockQuantity.nullable(),
});
export type TSetReorderRequest = z.infer<typeof ZSetReorderRequest>;

// ---------------------------------------------------------------------------
// Counts
// ---------------------------------------------------------------------------

export const ZCreateStockCountRequest = z.object({
  locationId: z.uuid(),
  note: z.string().max(500).nullish(),
  lines: z
    .array(z.object({ partId: z.uuid(), counted: ZCountedQuantity }))
    .min(1)
    .max(2000),
});
export type TCreateStockCountRequest = z.infer<typeof ZCreateStockCountRequest>;

export const ZStockCount = z.object({
  id: z.uuid(),
  locationId: z.uuid(),
  status: z.enum(['DRAFT', 'CONFIRMED']),
  note: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  lines: z.array(
    z.object({
      partId: z.uuid(),
      counted: z.number(),
      expected: z.number().nullable(),
      difference: z.number().nullable(),
    }),
  ),
  createdAt: z.string(),
});
export type TStockCount = z.infer<typeof ZStockCount>;
