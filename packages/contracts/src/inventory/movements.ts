import { z } from 'zod';
import { ZMoneyMinor, ZPage, ZPageQuery } from '../common.js';
import { ZStockLocationKind, ZStockMovementType, ZStockQuantity, ZText } from './basics.js';

/** Stock locations, the ledger's movements, write-offs (four-eyes) and the org's inventory settings. */

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

/**
 * `GET /parts/:id/movements`: one part's ledger across the caller's locations, newest first
 * (occurredAt, then id), keyset-paged. Filters: one location, one movement type.
 */
export const ZPartMovementsQuery = ZPageQuery.extend({
  locationId: z.uuid().optional(),
  type: ZStockMovementType.optional(),
});
export type TPartMovementsQuery = z.infer<typeof ZPartMovementsQuery>;

/** A movement as the part's history shows it: where, who, and the work order it went to. */
export const ZPartMovement = ZStockMovement.extend({
  locationName: z.string(),
  /** TRANSFER: the other side's name (null when the caller cannot see that location) */
  counterLocationName: z.string().nullable(),
  actor: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  workOrder: z.object({ id: z.uuid(), number: z.number().int(), title: z.string() }).nullable(),
});
export type TPartMovement = z.infer<typeof ZPartMovement>;
export const ZPartMovementsResponse = ZPage(ZPartMovement);
export type TPartMovementsResponse = z.infer<typeof ZPartMovementsResponse>;

// ---------------------------------------------------------------------------
// Settings and write-offs
// ---------------------------------------------------------------------------

/** A write-off worth more than `writeOffApprovalMinor` waits for a second person; null = never. */
export const ZInventorySettings = z.object({ writeOffApprovalMinor: ZMoneyMinor.nullable() });
export type TInventorySettings = z.infer<typeof ZInventorySettings>;

export const ZDecideWriteOffRequest = z.object({ comment: z.string().max(500).nullish() });
export type TDecideWriteOffRequest = z.infer<typeof ZDecideWriteOffRequest>;
