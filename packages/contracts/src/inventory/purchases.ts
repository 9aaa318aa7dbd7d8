import { z } from 'zod';
import { ZMoneyMinor } from '../common.js';
import { ZStockQuantity } from './basics.js';
import { ZStockMovement } from './movements.js';

/** Purchases: the cost documents an executed PURCHASE draft wrote, and their receipts. */

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
