import { z } from 'zod';
import { ZAttachment } from '../attachments.js';
import { fixedDecimal, ZMoneyMinor, ZSort } from '../common.js';
import { ZPersonRef } from '../members.js';
import { ZChecklistResult, ZDateTime, ZPageFields, ZWorkOrderStatus, ZWorkOrderType } from './basics.js';
import { ZChecklistTemplate } from './plans.js';

// ---------------------------------------------------------------------------
// Work orders
// ---------------------------------------------------------------------------

export const ZChecklistItem = z.object({
  id: z.uuid(),
  position: z.number().int(),
  label: z.string(),
  result: ZChecklistResult,
  note: z.string().nullable(),
  correctiveWorkOrderId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type TChecklistItem = z.infer<typeof ZChecklistItem>;

export const ZWorkOrderPart = z.object({
  id: z.uuid(),
  partNumber: z.string().nullable(),
  name: z.string(),
  /** up to 3 decimals */
  quantity: z.number(),
  unitCostMinor: ZMoneyMinor,
  /** round(quantity × unitCostMinor), fen */
  lineCostMinor: ZMoneyMinor,
  createdAt: z.string(),
});
export type TWorkOrderPart = z.infer<typeof ZWorkOrderPart>;

export const ZWorkOrder = z.object({
  id: z.uuid(),
  /** per-org running number (WO-000123) */
  number: z.number().int(),
  assetId: z.uuid(),
  assetName: z.string(),
  planId: z.uuid().nullable(),
  parentWorkOrderId: z.uuid().nullable(),
  type: ZWorkOrderType,
  status: ZWorkOrderStatus,
  title: z.string(),
  description: z.string().nullable(),
  priority: z.number().int(),
  reportedByMembershipId: z.uuid().nullable(),
  assigneeMembershipId: z.uuid().nullable(),
  plannedStart: z.string().nullable(),
  plannedEnd: z.string().nullable(),
  causesDowntime: z.boolean(),
  downtimeStartedAt: z.string().nullable(),
  downtimeEndedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedByMembershipId: z.uuid().nullable(),
  acceptedAt: z.string().nullable(),
  acceptedByMembershipId: z.uuid().nullable(),
  rejectionReason: z.string().nullable(),
  /** the acceptor's optional comment */
  acceptanceComment: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  meterHours: z.number().nullable(),
  laborHours: z.number().nullable(),
  /** fen per hour (org default at creation or this order's override); null: labour cost entered by hand */
  laborRateMinor: ZMoneyMinor.nullable(),
  /** round(laborHours × laborRateMinor) when a rate is set */
  laborCostMinor: ZMoneyMinor,
  partsCostMinor: ZMoneyMinor,
  /** laborCostMinor + partsCostMinor */
  totalCostMinor: ZMoneyMinor,
  resolution: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWorkOrder = z.infer<typeof ZWorkOrder>;

export const ZWorkOrderDetail = ZWorkOrder.extend({
  checklist: z.array(ZChecklistItem),
  parts: z.array(ZWorkOrderPart),
});
export type TWorkOrderDetail = z.infer<typeof ZWorkOrderDetail>;

/** `sort` of GET /work-orders (orders without a planned window come last either way); without it: id order. */
export const WORK_ORDER_SORTS = ['plannedStart', '-plannedStart', 'createdAt', '-createdAt'] as const;
export type TWorkOrderSort = (typeof WORK_ORDER_SORTS)[number];

export const ZListWorkOrdersQuery = z
  .object({
    ...ZPageFields,
    sort: ZSort(WORK_ORDER_SORTS, 'id order').optional(),
    status: ZWorkOrderStatus.optional(),
    type: ZWorkOrderType.optional(),
    assetId: z.uuid().optional(),
    assigneeMembershipId: z.uuid().optional(),
    planId: z.uuid().optional(),
    /** with `to`: orders whose planned window overlaps [from, to); orders without a window never match */
    from: ZDateTime.optional(),
    to: ZDateTime.optional(),
  })
  .refine((v) => !v.from || !v.to || new Date(v.from) < new Date(v.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type TListWorkOrdersQuery = z.infer<typeof ZListWorkOrdersQuery>;

export const ZListWorkOrdersResponse = z.object({ items: z.array(ZWorkOrder), nextCursor: z.string().nullable() });
export type TListWorkOrdersResponse = z.infer<typeof ZListWorkOrdersResponse>;

/**
 * Money is for callers who read maintenance (`maintenance.read`). A caller who reaches a work
 * order without it (an operator following the fault they reported, through `workorder.write`)
 * gets the order without its cost fields: no labour / parts / total cost, parts without prices.
 * Parsing with these schemas is the projection (zod drops the keys they do not name).
 */
export const ZWorkOrderPartWithoutCosts = ZWorkOrderPart.omit({ unitCostMinor: true, lineCostMinor: true });
export const ZWorkOrderWithoutCosts = ZWorkOrder.omit({
  laborRateMinor: true,
  laborCostMinor: true,
  partsCostMinor: true,
  totalCostMinor: true,
});
export type TWorkOrderWithoutCosts = z.infer<typeof ZWorkOrderWithoutCosts>;
export const ZWorkOrderDetailWithoutCosts = ZWorkOrderWithoutCosts.extend({
  checklist: z.array(ZChecklistItem),
  parts: z.array(ZWorkOrderPartWithoutCosts),
});
export type TWorkOrderDetailWithoutCosts = z.infer<typeof ZWorkOrderDetailWithoutCosts>;

/** What the work-order routes answer: the full order, or the order without costs (see above). */
/** The people of a work order, by name (issue #12: names on every action). */
export const ZWorkOrderPeople = z.object({
  reportedBy: ZPersonRef.nullable(),
  assignee: ZPersonRef.nullable(),
  submittedBy: ZPersonRef.nullable(),
  acceptedBy: ZPersonRef.nullable(),
});
export type TWorkOrderPeople = z.infer<typeof ZWorkOrderPeople>;
/** The full order with its people: what a caller who reads maintenance gets. */
/** `attachments`: the order's photos, on `GET /work-orders/:id` (not on the answers of changes). */
export const ZWorkOrderDetailWithPeople = ZWorkOrderDetail.extend({
  people: ZWorkOrderPeople,
  attachments: z.array(ZAttachment).optional(),
});
export type TWorkOrderDetailWithPeople = z.infer<typeof ZWorkOrderDetailWithPeople>;
export const ZWorkOrderDetailView = z.union([
  ZWorkOrderDetailWithPeople,
  ZWorkOrderDetailWithoutCosts.extend({ people: ZWorkOrderPeople, attachments: z.array(ZAttachment).optional() }),
]);
export type TWorkOrderDetailView = z.infer<typeof ZWorkOrderDetailView>;
export const ZWorkOrderView = z.union([ZWorkOrder, ZWorkOrderWithoutCosts]);
export type TWorkOrderView = z.infer<typeof ZWorkOrderView>;
export const ZListWorkOrdersViewResponse = z.object({
  items: z.array(ZWorkOrderView),
  nextCursor: z.string().nullable(),
});
export type TListWorkOrdersViewResponse = z.infer<typeof ZListWorkOrdersViewResponse>;

const woFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(4000),
  priority: z.number().int().min(1).max(5),
  reason: z.string().trim().min(1).max(2000),
  laborHours: fixedDecimal(2, 99_999.99),
  meterHours: fixedDecimal(1, 999_999_999.9),
};

/** plannedStart / plannedEnd come together and end after start. */
function windowValid(v: { plannedStart?: string | null | undefined; plannedEnd?: string | null | undefined }): boolean {
  if ((v.plannedStart == null) !== (v.plannedEnd == null)) return false;
  return v.plannedStart == null || new Date(v.plannedEnd!).getTime() > new Date(v.plannedStart).getTime();
}
const windowIssue = {
  message: 'plannedStart and plannedEnd come together, and plannedEnd is after plannedStart',
  path: ['plannedEnd'],
};

/**
 * A planned window books the machine (409 BOOKING_CONFLICT when it overlaps a job or another
 * work order). `causesDowntime` defaults to true for CORRECTIVE (a reported fault takes the
 * machine out of service at once), false otherwise. Checklist: explicit items, else the plan's template.
 */
export const ZCreateWorkOrderRequest = z
  .strictObject({
    type: ZWorkOrderType,
    assetId: z.uuid(),
    planId: z.uuid().optional(),
    title: woFields.title,
    description: woFields.description.optional(),
    priority: woFields.priority.default(3),
    assigneeMembershipId: z.uuid().optional(),
    plannedStart: ZDateTime.optional(),
    plannedEnd: ZDateTime.optional(),
    causesDowntime: z.boolean().optional(),
    checklist: ZChecklistTemplate.optional(),
    /** when the fault was seen (a report queued offline): bounded like every occurredAt (422 OCCURRED_AT_OUT_OF_RANGE) */
    occurredAt: ZDateTime.optional(),
  })
  .refine(windowValid, windowIssue)
  .refine((v) => v.planId === undefined || v.type === 'PREVENTIVE', {
    message: 'only PREVENTIVE work orders follow a plan',
    path: ['planId'],
  });
export type TCreateWorkOrderRequest = z.infer<typeof ZCreateWorkOrderRequest>;

/** OPEN / IN_PROGRESS only. Changing the window re-books the machine (release + book, one transaction). */
export const ZUpdateWorkOrderRequest = z
  .strictObject({
    version: z.number().int().min(1),
    title: woFields.title.optional(),
    description: woFields.description.nullable().optional(),
    priority: woFields.priority.optional(),
    assigneeMembershipId: z.uuid().nullable().optional(),
    plannedStart: ZDateTime.nullable().optional(),
    plannedEnd: ZDateTime.nullable().optional(),
    laborHours: woFields.laborHours.nullable().optional(),
    /** this order's rate (null: back to a hand-entered labour cost); the labour cost is recomputed */
    laborRateMinor: ZMoneyMinor.nullable().optional(),
    /** only while the order has no rate (else 400 VALIDATION_FAILED: the cost is hours × rate) */
    laborCostMinor: ZMoneyMinor.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' })
  .refine((v) => (v.plannedStart === undefined) === (v.plannedEnd === undefined), {
    message: 'change plannedStart and plannedEnd together',
    path: ['plannedEnd'],
  })
  .refine(windowValid, windowIssue);
export type TUpdateWorkOrderRequest = z.infer<typeof ZUpdateWorkOrderRequest>;

/** `version` is optional on transitions: when given, a stale one is 409 VERSION_CONFLICT. */
export const ZWorkOrderTransitionRequest = z.strictObject({ version: z.number().int().min(1).optional() });
export type TWorkOrderTransitionRequest = z.infer<typeof ZWorkOrderTransitionRequest>;

/** POST …/accept: the version read, and an optional comment kept on the order and in the audit trail. */
export const ZAcceptWorkOrderRequest = z.strictObject({
  version: z.number().int().min(1).optional(),
  comment: z.string().trim().min(1).max(500).optional(),
});
export type TAcceptWorkOrderRequest = z.infer<typeof ZAcceptWorkOrderRequest>;

/**
 * All checklist items must be decided (422 CHECKLIST_INCOMPLETE); meterHours is recorded as a
 * WORK_ORDER reading (422 METER_IMPLAUSIBLE on an implausible jump unless `confirmMeterJump`).
 */
export const ZSubmitWorkOrderRequest = z.strictObject({
  version: z.number().int().min(1).optional(),
  meterHours: woFields.meterHours.optional(),
  confirmMeterJump: z.boolean().optional(),
  resolution: z.string().trim().min(1).max(4000).optional(),
  laborHours: woFields.laborHours.optional(),
  /** when the person submitted (queued offline): becomes submittedAt; bounded (422 OCCURRED_AT_OUT_OF_RANGE) */
  occurredAt: ZDateTime.optional(),
});
export type TSubmitWorkOrderRequest = z.infer<typeof ZSubmitWorkOrderRequest>;

export const ZReasonRequest = z.strictObject({ version: z.number().int().min(1).optional(), reason: woFields.reason });
export type TReasonRequest = z.infer<typeof ZReasonRequest>;

/** IN_PROGRESS only. openCorrective (with FAIL) opens a CORRECTIVE work order for the finding, once per item. */
export const ZUpdateChecklistItemRequest = z
  .strictObject({
    result: ZChecklistResult,
    note: z.string().trim().min(1).max(2000).nullable().optional(),
    openCorrective: z.boolean().default(false),
    /** when the item was checked (queued offline): kept in the audit entry; bounded (422 OCCURRED_AT_OUT_OF_RANGE) */
    occurredAt: ZDateTime.optional(),
  })
  .refine((v) => !v.openCorrective || v.result === 'FAIL', {
    message: 'only a FAIL result opens a corrective work order',
    path: ['openCorrective'],
  });
export type TUpdateChecklistItemRequest = z.infer<typeof ZUpdateChecklistItemRequest>;

/**
 * The assigned mechanic (IN_PROGRESS) or a maintenance manager (workorder.accept; OPEN / IN_PROGRESS).
 * The line cost is round(quantity × unitCostMinor) in integer fen. */
export const ZAddWorkOrderPartRequest = z.strictObject({
  partNumber: z.string().trim().min(1).max(80).optional(),
  name: z.string().trim().min(1).max(200),
  quantity: fixedDecimal(3, 9_999_999.999).refine((v) => v > 0, 'must be positive'),
  unitCostMinor: ZMoneyMinor,
  /** when the mechanic recorded it (a part queued offline in the field app): kept in the audit */
  occurredAt: ZDateTime.optional(),
});
export type TAddWorkOrderPartRequest = z.infer<typeof ZAddWorkOrderPartRequest>;
