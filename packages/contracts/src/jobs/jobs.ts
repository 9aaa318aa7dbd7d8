import { z } from 'zod';
import { ZOperationType } from '../assets.js';
import { ZSort } from '../common.js';
import { ZJobFieldCheck } from '../telematics.js';
import { ZAssignment } from './assignments.js';
import { JOB_STATUSES, ZJobStatus } from './lifecycle.js';
import { ZAreaHa, ZDateTime, ZEngineHours, ZLiters, ZPageFields, ZText, ZWorkedHours, decimal } from './wire.js';

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
  /** OPERATOR: typed at completion; TELEMATICS: the primary machine's fuel counter over the job */
  fuelSource: z.enum(['OPERATOR', 'TELEMATICS']).nullable(),
  /** fuelLiters ÷ actualHours (L/h), null without either */
  fuelLitersPerHour: z.number().nullable(),
  completionNotes: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** the live assignment (SCHEDULED / IN_PROGRESS / COMPLETED jobs), else null; a split job: its part 1 */
  assignment: ZAssignment.nullable(),
  /** a job split across machines or days: every live part in order (each with its `part`); else empty */
  parts: z.array(ZAssignment),
  /**
   * GET /jobs/:id of an IN_PROGRESS job: where its primary machine's last position is against
   * the field (null: no position, or the field has no boundary and no centroid). Absent elsewhere.
   */
  fieldCheck: ZJobFieldCheck.nullable().optional(),
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
 * `partial: true` records the work done so far (meter, hours, area, fuel, notes, with the same
 * checks) and the job stays IN_PROGRESS for the rest: its slot is kept and it is completed later.
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
  /** the part done so far: recorded, the job stays IN_PROGRESS */
  partial: z.boolean().optional(),
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
