import { z } from 'zod';
import { ZAssetStatus, ZMachineKind, ZOperationType } from './assets.js';
import { ZSort } from './common.js';

/**
 * Fields (parcels), jobs (field operations) and their assignments (machine set + operator
 * for a time slot).
 *
 * Wire formats:
 * - Areas travel as hectares (`areaHa`, at most 4 decimals = 1 m²) and are stored as integer
 *   square metres; responses carry both `areaHa` and `areaM2`.
 * - Hours and liters are JSON numbers with the column's precision (engine hours 1 decimal,
 *   worked hours and liters 2); more precision is refused (400), never rounded silently.
 * - Timestamps are ISO 8601 with an offset; slots and windows are half-open [start, end).
 */

/** A number with at most `digits` decimals in [min, max] (checked on the scaled value, not by float division). */
function decimal(digits: number, min: number, max: number) {
  return z
    .number()
    .min(min)
    .max(max)
    .refine((v) => Math.abs(Math.round(v * 10 ** digits) - v * 10 ** digits) < 1e-6, {
      message: `at most ${digits} decimal place(s)`,
    });
}

/** Hectares: > 0, ≤ 100 000, at most 4 decimals (1 m²). */
export const ZAreaHa = decimal(4, 0, 100_000).refine((v) => v > 0, { message: 'must be greater than 0' });
const ZEngineHours = decimal(1, 0, 999_999_999.9);
const ZWorkedHours = decimal(2, 0, 99_999.99);
const ZLiters = decimal(2, 0, 9_999_999.99);
const ZDateTime = z.iso.datetime({ offset: true });
const ZText = (max: number) => z.string().trim().min(1).max(max);

const ZPageFields = {
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
};

/** ha → m² as stored (exact for ≤ 4 decimals). */
export const haToM2 = (ha: number) => Math.round(ha * 10_000);
/** m² → ha as shown. */
export const m2ToHa = (m2: number) => Math.round(m2) / 10_000;

// ---------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------

export const ZField = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  name: z.string(),
  areaHa: z.number(),
  areaM2: z.number().int(),
  crop: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationText: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TField = z.infer<typeof ZField>;

const fieldBody = {
  name: ZText(120),
  areaHa: ZAreaHa,
  crop: ZText(80).nullable().optional(),
  teamId: z.uuid().nullable().optional(),
  latitude: decimal(6, -90, 90).nullable().optional(),
  longitude: decimal(6, -180, 180).nullable().optional(),
  locationText: ZText(300).nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
};

/** A duplicate name among the org's live fields → 409 FIELD_NAME_TAKEN. */
export const ZCreateFieldRequest = z.strictObject(fieldBody);
export type TCreateFieldRequest = z.infer<typeof ZCreateFieldRequest>;

/** `version` is the version the client read (409 VERSION_CONFLICT with the current field when it changed). */
export const ZUpdateFieldRequest = z
  .strictObject({
    version: z.number().int().min(1),
    name: fieldBody.name.optional(),
    areaHa: ZAreaHa.optional(),
    crop: fieldBody.crop,
    teamId: fieldBody.teamId,
    latitude: fieldBody.latitude,
    longitude: fieldBody.longitude,
    locationText: fieldBody.locationText,
    notes: fieldBody.notes,
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' });
export type TUpdateFieldRequest = z.infer<typeof ZUpdateFieldRequest>;

export const FIELD_SORTS = ['name', '-name', 'areaHa', '-areaHa', 'createdAt', '-createdAt'] as const;
export type TFieldSort = (typeof FIELD_SORTS)[number];

export const ZListFieldsQuery = z.object({
  ...ZPageFields,
  sort: ZSort(FIELD_SORTS, 'id order').optional(),
  /** name contains (case-insensitive) */
  q: z.string().trim().min(1).max(100).optional(),
  teamId: z.uuid().optional(),
  crop: z.string().trim().min(1).max(80).optional(),
});
export type TListFieldsQuery = z.infer<typeof ZListFieldsQuery>;

export const ZListFieldsResponse = z.object({ items: z.array(ZField), nextCursor: z.string().nullable() });
export type TListFieldsResponse = z.infer<typeof ZListFieldsResponse>;

// ---------------------------------------------------------------------------
// Job lifecycle
// ---------------------------------------------------------------------------

export const JOB_STATUSES = ['PLANNED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export const ZJobStatus = z.enum(JOB_STATUSES);
export type TJobStatus = z.infer<typeof ZJobStatus>;

const JOB_TRANSITIONS: Readonly<Record<TJobStatus, readonly TJobStatus[]>> = {
  PLANNED: ['SCHEDULED', 'CANCELLED'],
  // SCHEDULED → SCHEDULED is a re-assign (new machine set / slot / operator)
  SCHEDULED: ['SCHEDULED', 'PLANNED', 'IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
};

/**
 * PLANNED → SCHEDULED (assign) → IN_PROGRESS (start) → COMPLETED (complete); CANCELLED from
 * PLANNED or SCHEDULED; SCHEDULED → PLANNED (unassign); SCHEDULED → SCHEDULED (re-assign).
 * Anything else is 409 INVALID_TRANSITION. Unlike assets, staying put is not free: only a
 * re-assign may "move" a job to the status it already has.
 */
export function canTransition(from: TJobStatus, to: TJobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}

// ---------------------------------------------------------------------------
// Assignments
// ---------------------------------------------------------------------------

export const MACHINE_ROLES = ['PRIMARY', 'IMPLEMENT'] as const;
export const ZMachineRole = z.enum(MACHINE_ROLES);

export const ZAssignmentMachine = z.object({
  assetId: z.uuid(),
  role: ZMachineRole,
  name: z.string(),
  kind: ZMachineKind,
  /** the machine's status now: a SCHEDULED job with a machine that is not ACTIVE needs another one */
  status: ZAssetStatus,
});
export type TAssignmentMachine = z.infer<typeof ZAssignmentMachine>;

/** The live assignment of a job: machines (primary first), operator, slot. */
export const ZAssignment = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  operatorMembershipId: z.uuid(),
  operatorName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  machines: z.array(ZAssignmentMachine),
  createdAt: z.string(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

/**
 * Assign a machine set and an operator to a job for [startsAt, endsAt). Checked in this
 * order: machines exist (404), set shape (422 INVALID_MACHINE_SET), every machine ACTIVE
 * (409 ASSET_UNAVAILABLE), the set supports the operation (422 CAPABILITY_MISMATCH), the
 * operator may execute jobs (422 OPERATOR_NOT_ELIGIBLE), the slot is inside the job window
 * (422 OUTSIDE_JOB_WINDOW), nothing booked in the slot (409 BOOKING_CONFLICT).
 * Re-assigning a SCHEDULED job replaces its assignment.
 */
const assignBody = {
  primaryAssetId: z.uuid(),
  implementAssetIds: z.array(z.uuid()).max(10).default([]),
  operatorMembershipId: z.uuid(),
  startsAt: ZDateTime,
  endsAt: ZDateTime,
  /** the job version the client saw (optional) */
  version: z.number().int().min(1).optional(),
};
const slotIsOrdered = (v: { startsAt: string; endsAt: string }) =>
  new Date(v.startsAt).getTime() < new Date(v.endsAt).getTime();
const slotIssue = { message: 'startsAt must be before endsAt', path: ['endsAt'] };

export const ZAssignJobRequest = z.strictObject(assignBody).refine(slotIsOrdered, slotIssue);
export type TAssignJobRequest = z.infer<typeof ZAssignJobRequest>;

export const ZAssignBulkItem = z.strictObject({ jobId: z.uuid(), ...assignBody }).refine(slotIsOrdered, slotIssue);
export type TAssignBulkItem = z.infer<typeof ZAssignBulkItem>;

/** Up to 100 assignments, each checked and written on its own: one bad item never touches another. */
export const ZAssignBulkRequest = z.strictObject({ items: z.array(ZAssignBulkItem).min(1).max(100) });
export type TAssignBulkRequest = z.infer<typeof ZAssignBulkRequest>;

// ---------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------

export const ZJob = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  fieldId: z.uuid(),
  fieldName: z.string(),
  operationType: ZOperationType,
  title: z.string().nullable(),
  areaHa: z.number(),
  areaM2: z.number().int(),
  windowStart: z.string(),
  windowEnd: z.string(),
  priority: z.number().int(),
  estimatedHours: z.number(),
  notes: z.string().nullable(),
  status: ZJobStatus,
  version: z.number().int(),
  createdByUserId: z.uuid().nullable(),
  startedAt: z.string().nullable(),
  startMeterHours: z.number().nullable(),
  completedAt: z.string().nullable(),
  endMeterHours: z.number().nullable(),
  actualHours: z.number().nullable(),
  areaDoneHa: z.number().nullable(),
  areaDoneM2: z.number().int().nullable(),
  fuelLiters: z.number().nullable(),
  completionNotes: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** the live assignment (SCHEDULED / IN_PROGRESS / COMPLETED jobs), else null */
  assignment: ZAssignment.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TJob = z.infer<typeof ZJob>;

const windowIsOrdered = (v: { windowStart?: string | undefined; windowEnd?: string | undefined }) =>
  v.windowStart === undefined ||
  v.windowEnd === undefined ||
  new Date(v.windowStart).getTime() < new Date(v.windowEnd).getTime();
const windowIssue = { message: 'windowStart must be before windowEnd', path: ['windowEnd'] };

/** A new job is PLANNED. areaHa defaults to the field's area, teamId to the field's team. */
export const ZCreateJobRequest = z
  .strictObject({
    fieldId: z.uuid(),
    operationType: ZOperationType,
    title: ZText(200).nullable().optional(),
    areaHa: ZAreaHa.optional(),
    windowStart: ZDateTime,
    windowEnd: ZDateTime,
    priority: z.number().int().min(1).max(5).default(3),
    estimatedHours: ZWorkedHours.refine((v) => v > 0, { message: 'must be greater than 0' }),
    notes: z.string().trim().max(2000).nullable().optional(),
    teamId: z.uuid().nullable().optional(),
  })
  .refine(windowIsOrdered, windowIssue);
export type TCreateJobRequest = z.infer<typeof ZCreateJobRequest>;

/**
 * PLANNED or SCHEDULED jobs only (else 409 INVALID_TRANSITION). A SCHEDULED job's new window
 * must still contain its assignment (422 OUTSIDE_JOB_WINDOW) and a new operation type must
 * still be supported by its machine set (422 CAPABILITY_MISMATCH).
 */
export const ZUpdateJobRequest = z
  .strictObject({
    version: z.number().int().min(1),
    fieldId: z.uuid().optional(),
    operationType: ZOperationType.optional(),
    title: ZText(200).nullable().optional(),
    areaHa: ZAreaHa.optional(),
    windowStart: ZDateTime.optional(),
    windowEnd: ZDateTime.optional(),
    priority: z.number().int().min(1).max(5).optional(),
    estimatedHours: ZWorkedHours.refine((v) => v > 0, { message: 'must be greater than 0' }).optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
    teamId: z.uuid().nullable().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { message: 'nothing to change' })
  .refine(windowIsOrdered, windowIssue);
export type TUpdateJobRequest = z.infer<typeof ZUpdateJobRequest>;

/** `status=PLANNED` or `status=PLANNED,SCHEDULED`. */
const ZStatusList = z
  .string()
  .transform((s) => [...new Set(s.split(',').map((x) => x.trim()))])
  .pipe(z.array(ZJobStatus).min(1).max(JOB_STATUSES.length));

/** `sort` of GET /jobs; without it the list is in id order. */
export const JOB_SORTS = ['windowStart', '-windowStart', 'createdAt', '-createdAt'] as const;
export type TJobSort = (typeof JOB_SORTS)[number];

export const ZListJobsQuery = z
  .object({
    ...ZPageFields,
    sort: ZSort(JOB_SORTS, 'id order').optional(),
    status: ZStatusList.optional(),
    fieldId: z.uuid().optional(),
    teamId: z.uuid().optional(),
    operationType: ZOperationType.optional(),
    /** with `to`: jobs whose window overlaps [from, to) */
    from: ZDateTime.optional(),
    to: ZDateTime.optional(),
    /** jobs whose live assignment's operator is this member */
    operatorMembershipId: z.uuid().optional(),
    /** jobs whose live assignment uses this machine (lead or implement) */
    assetId: z.uuid().optional(),
    /** `true`: only jobs whose live assignment uses a machine that is not ACTIVE (down for maintenance or retired) */
    machineDown: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine((v) => !v.from || !v.to || new Date(v.from) < new Date(v.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type TListJobsQuery = z.infer<typeof ZListJobsQuery>;

export const ZListJobsResponse = z.object({ items: z.array(ZJob), nextCursor: z.string().nullable() });
export type TListJobsResponse = z.infer<typeof ZListJobsResponse>;

export const ZUnassignJobRequest = z.strictObject({ version: z.number().int().min(1).optional() });
export type TUnassignJobRequest = z.infer<typeof ZUnassignJobRequest>;

/**
 * SCHEDULED → IN_PROGRESS. `meterHours` is recorded on the primary machine (422 METER_BACKWARDS
 * if lower, 422 METER_IMPLAUSIBLE if higher than the machine could have run since its latest
 * reading, unless `confirmMeterJump`: "meter replaced / corrected").
 */
export const ZStartJobRequest = z.strictObject({
  meterHours: ZEngineHours.optional(),
  confirmMeterJump: z.boolean().optional(),
  startedAt: ZDateTime.optional(),
  /** when the person acted (a write queued offline): not > 2 min ahead, not > 7 days back (422 OCCURRED_AT_OUT_OF_RANGE) */
  occurredAt: ZDateTime.optional(),
  version: z.number().int().min(1).optional(),
});
export type TStartJobRequest = z.infer<typeof ZStartJobRequest>;

/**
 * IN_PROGRESS → COMPLETED. `actualHours` defaults to the meter delta when both the start and
 * the end meter are known; without either it is required (400). An end meter below the start
 * meter → 422 METER_BACKWARDS. Hours worked more than the clock time since the start, or more
 * than the primary machine's meter advanced → 422 JOB_HOURS_INCONSISTENT (details: `reason`
 * `exceeds_elapsed` / `exceeds_meter`, `actualHours`, `elapsedHours`, `meterDeltaHours`).
 */
export const ZCompleteJobRequest = z.strictObject({
  meterHours: ZEngineHours.optional(),
  confirmMeterJump: z.boolean().optional(),
  actualHours: ZWorkedHours.optional(),
  areaDoneHa: decimal(4, 0, 100_000),
  fuelLiters: ZLiters.optional(),
  notes: z.string().trim().max(2000).optional(),
  completedAt: ZDateTime.optional(),
  /** when the person acted (see ZStartJobRequest.occurredAt); completedAt wins when both are given */
  occurredAt: ZDateTime.optional(),
  version: z.number().int().min(1).optional(),
});
export type TCompleteJobRequest = z.infer<typeof ZCompleteJobRequest>;

export const ZCancelJobRequest = z.strictObject({
  reason: ZText(500),
  version: z.number().int().min(1).optional(),
});
export type TCancelJobRequest = z.infer<typeof ZCancelJobRequest>;

export const ZBulkItemError = z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() });

export const ZAssignBulkResult = z.discriminatedUnion('ok', [
  z.object({ index: z.number().int(), jobId: z.uuid(), ok: z.literal(true), job: ZJob }),
  z.object({ index: z.number().int(), jobId: z.uuid(), ok: z.literal(false), error: ZBulkItemError }),
]);
export type TAssignBulkResult = z.infer<typeof ZAssignBulkResult>;

export const ZAssignBulkResponse = z.object({ results: z.array(ZAssignBulkResult) });
export type TAssignBulkResponse = z.infer<typeof ZAssignBulkResponse>;

// ---------------------------------------------------------------------------
// Assignment calendar
// ---------------------------------------------------------------------------

/** The calendar never spans more than this many days. */
export const MAX_CALENDAR_DAYS = 62;

export const ZCalendarAssignment = ZAssignment.extend({
  job: z.object({
    id: z.uuid(),
    title: z.string().nullable(),
    status: ZJobStatus,
    operationType: ZOperationType,
    fieldId: z.uuid(),
    fieldName: z.string(),
  }),
});
export type TCalendarAssignment = z.infer<typeof ZCalendarAssignment>;

/** Live assignments overlapping [from, to), ordered by start. */
export const ZListAssignmentsQuery = z
  .object({
    ...ZPageFields,
    from: ZDateTime,
    to: ZDateTime,
    assetId: z.uuid().optional(),
    operatorMembershipId: z.uuid().optional(),
  })
  .refine((v) => new Date(v.from) < new Date(v.to), { message: 'from must be before to', path: ['to'] })
  .refine((v) => new Date(v.to).getTime() - new Date(v.from).getTime() <= MAX_CALENDAR_DAYS * 86_400_000, {
    message: `the period may span at most ${MAX_CALENDAR_DAYS} days`,
    path: ['to'],
  });
export type TListAssignmentsQuery = z.infer<typeof ZListAssignmentsQuery>;

export const ZListAssignmentsResponse = z.object({
  items: z.array(ZCalendarAssignment),
  nextCursor: z.string().nullable(),
});
export type TListAssignmentsResponse = z.infer<typeof ZListAssignmentsResponse>;

// --- the assign dialog's pickers: who and what is free in the job's window -------------------

/** A span in which a machine or an operator is already booked (by a job or a work order). */
export const ZBusySpan = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  kind: z.enum(['JOB', 'WORK_ORDER']),
  jobId: z.uuid().nullable(),
  workOrderId: z.uuid().nullable(),
});
export type TBusySpan = z.infer<typeof ZBusySpan>;

export const ZAssignMachineOption = z.object({
  id: z.uuid(),
  name: z.string(),
  status: ZAssetStatus,
  kind: ZMachineKind,
  modelName: z.string(),
  /** the model can do the job's operation type */
  capable: z.boolean(),
  teamId: z.uuid().nullable(),
  /** bookings within the window (the job's own assignment left out) */
  busy: z.array(ZBusySpan),
});
export type TAssignMachineOption = z.infer<typeof ZAssignMachineOption>;

export const ZAssignOperatorOption = z.object({
  membershipId: z.uuid(),
  name: z.string(),
  teams: z.array(z.object({ id: z.uuid(), name: z.string() })),
  busy: z.array(ZBusySpan),
});
export type TAssignOperatorOption = z.infer<typeof ZAssignOperatorOption>;

/**
 * GET /jobs/:id/assign-options: every machine the caller may book and every member who may run
 * the job, with what already books them between `from` and `to` (the job's window, at most 93
 * days). The client decides "free for this slot" and suggests the nearest free slot from it.
 */
export const ZAssignOptionsResponse = z.object({
  from: z.string(),
  to: z.string(),
  machines: z.array(ZAssignMachineOption),
  operators: z.array(ZAssignOperatorOption),
  /** more machines or operators than a picker lists (2,000 each): the rest are left out */
  truncated: z.boolean(),
});
export type TAssignOptionsResponse = z.infer<typeof ZAssignOptionsResponse>;
