import { z } from 'zod';
import { ZAssetStatus, ZMachineKind } from '../assets.js';
import { ZDateTime } from './wire.js';

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
  /** a split job's part: which one of how many and the hectares it covers; null: the whole job */
  part: z.object({ index: z.number().int(), of: z.number().int(), areaHa: z.number().nullable() }).nullable(),
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
