import { z } from 'zod';
import { ZMoneyMinor } from './common.js';

/**
 * Parts and stock (issue #29).
 *
 * Wire formats (as costs): money is CNY fen as a string of digits; a quantity is a JSON number
 * with at most 3 decimals (a part counted in pieces takes whole numbers only, checked by the API
 * against the part: QUANTITY_NOT_WHOLE). On hand, reserved and available are numbers.
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

const ZText = (max: number) => z.string().trim().min(1).max(max);

// ---------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------

export const ZPartSupplierInput = z.object({
  name: ZText(200),
  supplierPartNumber: ZText(100).nullish(),
  priceMinor: ZMoneyMinor,
  leadTimeDays: z.number().int().min(0).max(365),
  preferred: z.boolean().optional(),
});
export type TPartSupplierInput = z.infer<typeof ZPartSupplierInput>;

export const ZCreatePartRequest = z.object({
  partNumber: ZText(100),
  makerPartNumber: ZText(100).nullish(),
  maker: ZText(100).nullish(),
  nameZh: ZText(200),
  nameEn: ZText(200).nullish(),
  unit: ZText(20).default('个'),
  countedInPieces: z.boolean().default(true),
  category: ZPartCategory,
  barcode: ZText(200).nullish(),
  compatibleModelIds: z.array(z.uuid()).max(100).default([]),
  photoUrl: z.url().max(2000).nullish(),
  notes: z.string().max(2000).nullish(),
  suppliers: z.array(ZPartSupplierInput).max(20).default([]),
});
export type TCreatePartRequest = z.infer<typeof ZCreatePartRequest>;

export const ZUpdatePartRequest = z
  .object({
    version: z.number().int().positive(),
    partNumber: ZText(100).optional(),
    makerPartNumber: ZText(100).nullish(),
    maker: ZText(100).nullish(),
    nameZh: ZText(200).optional(),
    nameEn: ZText(200).nullish(),
    unit: ZText(20).optional(),
    countedInPieces: z.boolean().optional(),
    category: ZPartCategory.optional(),
    barcode: ZText(200).nullish(),
    compatibleModelIds: z.array(z.uuid()).max(100).optional(),
    photoUrl: z.url().max(2000).nullish(),
    notes: z.string().max(2000).nullish(),
    active: z.boolean().optional(),
    /** replaces the supplier list when given */
    suppliers: z.array(ZPartSupplierInput).max(20).optional(),
  })
  .strict();
export type TUpdatePartRequest = z.infer<typeof ZUpdatePartRequest>;

export const ZListPartsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** the last partNumber of the previous page */
  cursor: z.string().min(1).max(100).optional(),
  /** part number, maker part number, name or barcode contains */
  q: z.string().trim().min(1).max(100).optional(),
  /** exact barcode (a scan): BARCODE_AMBIGUOUS if it matches two parts */
  barcode: z.string().trim().min(1).max(200).optional(),
  category: ZPartCategory.optional(),
  modelId: z.uuid().optional(),
});
export type TListPartsQuery = z.infer<typeof ZListPartsQuery>;

export const ZPartSupplier = z.object({
  id: z.uuid(),
  name: z.string(),
  supplierPartNumber: z.string().nullable(),
  priceMinor: ZMoneyMinor,
  leadTimeDays: z.number().int(),
  preferred: z.boolean(),
});

export const ZPart = z.object({
  id: z.uuid(),
  partNumber: z.string(),
  makerPartNumber: z.string().nullable(),
  maker: z.string().nullable(),
  nameZh: z.string(),
  nameEn: z.string().nullable(),
  unit: z.string(),
  countedInPieces: z.boolean(),
  category: ZPartCategory,
  barcode: z.string().nullable(),
  compatibleModelIds: z.array(z.uuid()),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
  suppliers: z.array(ZPartSupplier),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPart = z.infer<typeof ZPart>;

/** A manual page that names the part's maker or own part number (cited). */
export const ZPartManualRef = z.object({
  documentId: z.uuid(),
  versionId: z.uuid(),
  title: z.string(),
  page: z.number().int(),
  excerpt: z.string(),
});

export const ZListPartsResponse = z.object({ items: z.array(ZPart), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------------------
// Locations
// ---------------------------------------------------------------------------

export const ZCreateStockLocationRequest = z.object({
  name: ZText(100),
  kind: ZStockLocationKind.default('STORE'),
  teamId: z.uuid().nullish(),
});
export type TCreateStockLocationRequest = z.infer<typeof ZCreateStockLocationRequest>;

export const ZStockLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: ZStockLocationKind,
  teamId: z.string().nullable(),
  createdAt: z.string(),
});
export type TStockLocation = z.infer<typeof ZStockLocation>;
export const ZListStockLocationsResponse = z.object({ items: z.array(ZStockLocation) });

// ---------------------------------------------------------------------------
// Movements
// ---------------------------------------------------------------------------

export const ZCreateStockMovementRequest = z.object({
  type: ZStockMovementType,
  partId: z.uuid(),
  locationId: z.uuid(),
  toLocationId: z.uuid().nullish(),
  /** > 0; an ADJUSTMENT gives its direction with `direction` */
  quantity: ZStockQuantity,
  /** ADJUSTMENT: IN adds, OUT removes (default IN) */
  direction: z.enum(['IN', 'OUT']).optional(),
  /** RECEIPT: the price paid per unit (required); other types use the moving average */
  unitCostMinor: ZMoneyMinor.nullish(),
  workOrderId: z.uuid().nullish(),
  reason: z.string().trim().min(1).max(500).nullish(),
  /** when it happened (an offline write sent later); default now */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type TCreateStockMovementRequest = z.infer<typeof ZCreateStockMovementRequest>;

export const ZStockMovement = z.object({
  id: z.uuid(),
  type: ZStockMovementType,
  partId: z.uuid(),
  locationId: z.uuid(),
  counterLocationId: z.string().nullable(),
  transferId: z.string().nullable(),
  /** signed change of on-hand at locationId */
  delta: z.number(),
  unitCostMinor: ZMoneyMinor,
  /** signed like delta */
  valueMinor: z.string(),
  workOrderId: z.string().nullable(),
  reason: z.string().nullable(),
  actorUserId: z.string().nullable(),
  occurredAt: z.string(),
  createdAt: z.string(),
});
export type TStockMovement = z.infer<typeof ZStockMovement>;

export const ZWriteOffRequest = z.object({
  id: z.uuid(),
  partId: z.uuid(),
  locationId: z.uuid(),
  quantity: z.number(),
  valueMinor: ZMoneyMinor,
  reason: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  requestedByUserId: z.string().nullable(),
  decidedByUserId: z.string().nullable(),
  movementId: z.string().nullable(),
  createdAt: z.string(),
});
export type TWriteOffRequest = z.infer<typeof ZWriteOffRequest>;

/** 201 with the movement, or 202 with a write-off that waits for a second person (four-eyes). */
export const ZStockMovementResult = z.union([
  ZStockMovement.extend({ status: z.literal('POSTED') }),
  z.object({ status: z.literal('PENDING_APPROVAL'), writeOff: ZWriteOffRequest }),
]);
export type TStockMovementResult = z.infer<typeof ZStockMovementResult>;

export const ZListWriteOffsResponse = z.object({ items: z.array(ZWriteOffRequest) });

// ---------------------------------------------------------------------------
// Stock
// ---------------------------------------------------------------------------

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

export const ZPartDetail = ZPart.extend({
  stock: z.array(ZStockRow),
  manualRefs: z.array(ZPartManualRef),
});
export type TPartDetail = z.infer<typeof ZPartDetail>;

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

// ---------------------------------------------------------------------------
// Work orders
// ---------------------------------------------------------------------------

export const ZWorkOrderPartsRequest = z.object({
  action: z.enum(['RESERVE', 'ISSUE', 'RETURN', 'UNRESERVE']),
  partId: z.uuid(),
  locationId: z.uuid(),
  quantity: ZStockQuantity,
  reason: z.string().trim().min(1).max(500).nullish(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export type TWorkOrderPartsRequest = z.infer<typeof ZWorkOrderPartsRequest>;

export const ZWorkOrderPartsView = z.object({
  workOrderId: z.uuid(),
  reservations: z.array(
    z.object({
      partId: z.uuid(),
      partNumber: z.string(),
      nameZh: z.string(),
      locationId: z.uuid(),
      reserved: z.number(),
      issued: z.number(),
      /** still held: reserved − issued while the order is open; 0 once closed or cancelled */
      open: z.number(),
    }),
  ),
  movements: z.array(ZStockMovement),
  /** Σ issued − returned value, CNY fen: the order's parts cost from stock */
  partsCostMinor: z.string(),
});
export type TWorkOrderPartsView = z.infer<typeof ZWorkOrderPartsView>;

// ---------------------------------------------------------------------------
// Settings and write-offs
// ---------------------------------------------------------------------------

/** A write-off worth more than `writeOffApprovalMinor` waits for a second person; null = never. */
export const ZInventorySettings = z.object({ writeOffApprovalMinor: ZMoneyMinor.nullable() });
export type TInventorySettings = z.infer<typeof ZInventorySettings>;

export const ZDecideWriteOffRequest = z.object({ comment: z.string().max(500).nullish() });
export type TDecideWriteOffRequest = z.infer<typeof ZDecideWriteOffRequest>;

// ---------------------------------------------------------------------------
// Purchases (a confirmed PURCHASE draft, executed)
// ---------------------------------------------------------------------------

/** A purchase: the PARTS cost document an executed PURCHASE draft wrote for one supplier, and what arrived. */
export const ZPurchase = z.object({
  id: z.uuid(),
  costDocumentId: z.uuid(),
  costDocumentNumber: z.number().int(),
  /** the cost document's approval status */
  status: z.enum(['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED']),
  draftId: z.uuid(),
  supplierName: z.string().nullable(),
  lines: z.array(
    z.object({
      id: z.uuid(),
      position: z.number().int(),
      partId: z.uuid(),
      partNumber: z.string(),
      nameZh: z.string(),
      locationId: z.uuid(),
      quantity: z.number(),
      received: z.number(),
      unitCostMinor: ZMoneyMinor,
    }),
  ),
  createdAt: z.string(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

/**
 * `POST /purchases/:costDocumentId/receipts` (Idempotency-Key): what arrived. Without `lines`,
 * everything still outstanding; each line at most what is outstanding (409 RECEIPT_EXCEEDS_ORDER).
 */
export const ZReceivePurchaseRequest = z.object({
  lines: z
    .array(z.object({ lineId: z.uuid(), quantity: ZStockQuantity }))
    .min(1)
    .max(200)
    .optional(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
  reason: z.string().trim().min(1).max(500).nullish(),
});
export type TReceivePurchaseRequest = z.infer<typeof ZReceivePurchaseRequest>;
export const ZReceivePurchaseResponse = z.object({ purchase: ZPurchase, movements: z.array(ZStockMovement) });
export type TReceivePurchaseResponse = z.infer<typeof ZReceivePurchaseResponse>;
