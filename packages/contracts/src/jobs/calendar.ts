import { z } from 'zod';
import { ZAssetStatus, ZMachineKind, ZOperationType } from '../assets.js';
import { ZAssignment } from './assignments.js';
import { ZJobStatus } from './lifecycle.js';
import { ZDateTime, ZPageFields } from './wire.js';

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
