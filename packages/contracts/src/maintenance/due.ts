import { z } from 'zod';
import { ZDueStatus, ZWorkOrderStatus } from './basics.js';

// ---------------------------------------------------------------------------
// Due list
// ---------------------------------------------------------------------------

/** The due list is computed, not stored: it returns at most this many rows, most urgent first (`truncated` says more exist). */
export const MAX_DUE_ROWS = 500;

export const ZDueQuery = z.object({
  /** calendar horizon for DUE_SOON, on top of each plan's own lead time */
  withinDays: z.coerce.number().int().min(0).max(365).default(14),
  status: ZDueStatus.optional(),
  assetId: z.uuid().optional(),
  planId: z.uuid().optional(),
});
export type TDueQuery = z.infer<typeof ZDueQuery>;

export const ZDueItem = z.object({
  planId: z.uuid(),
  planName: z.string(),
  assetId: z.uuid(),
  assetName: z.string(),
  status: ZDueStatus,
  /** last service: acceptance of the latest closed preventive order of this plan; none → purchase date or creation of the asset */
  lastServiceAt: z.string(),
  /** engine hours at the last service; 0 when there is none */
  lastServiceHours: z.number(),
  lastWorkOrderId: z.uuid().nullable(),
  /** latest meter reading; null when the asset has none (the hours criterion is then not evaluated) */
  currentHours: z.number().nullable(),
  nextDueAt: z.string().nullable(),
  nextDueHours: z.number().nullable(),
  /** days until nextDueAt (negative = overdue), 1 decimal */
  remainingDays: z.number().nullable(),
  /** hours until nextDueHours (negative = overdue) */
  remainingHours: z.number().nullable(),
  openWorkOrder: z.object({ id: z.uuid(), number: z.number().int(), status: ZWorkOrderStatus }).nullable(),
});
export type TDueItem = z.infer<typeof ZDueItem>;

export const ZDueResponse = z.object({
  items: z.array(ZDueItem),
  /** the list is capped at MAX_DUE_ROWS rows: no further pages, narrow with status / assetId / planId */
  nextCursor: z.null(),
  truncated: z.boolean(),
});
export type TDueResponse = z.infer<typeof ZDueResponse>;
