import { z } from 'zod';
import { ZStockQuantity } from './basics.js';
import { ZStockMovement } from './movements.js';

/** A work order's parts from stock: reserve, issue, return, unreserve. */

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
