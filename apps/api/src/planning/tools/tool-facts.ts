/** The facts the agent's tools answer (ids, names, windows, busy time): their types and output schemas. */
import { ZAssetStatus, ZMachineKind } from '@amms/contracts/assets';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import { z } from 'zod';
import type { BookingRef } from '../scheduler/types.js';
import type { MachineWorld } from './world-facts.repository.js';

export interface Ref {
  id: string;
  name: string;
}
export interface KnownNames {
  teams: Ref[];
  fields: Ref[];
  assets: Ref[];
  operators: Ref[];
}
export type JobFact = Pick<
  TJob,
  | 'id'
  | 'teamId'
  | 'fieldId'
  | 'fieldName'
  | 'operationType'
  | 'title'
  | 'windowStart'
  | 'windowEnd'
  | 'priority'
  | 'estimatedHours'
  | 'status'
  | 'version'
  | 'areaHa'
>;
export interface MachineFact {
  id: string;
  name: string;
  kind: 'POWER_UNIT' | 'SELF_PROPELLED' | 'IMPLEMENT';
  operationTypes: string[];
  status: 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED';
  teamId: string | null;
  dueForMaintenance: boolean;
  /** engine hours left to its next preventive service (least over its plans); null: unknown */
  serviceDueInHours: number | null;
}
export type MachineWorldFact = MachineFact & MachineWorld;
export interface OperatorFact {
  membershipId: string;
  name: string;
  teamIds: string[];
  /** the member's own day limit, hours; null = the org's calendar alone */
  maxDailyHours: number | null;
  /** licences: code and the instant it stops being valid (null: no end) */
  qualifications: { code: string; expiresAt: string | null }[];
}
/** The booking's holder, for a clash the validator reports (a job first: a job's booking names its assignment's job). */
export const bookingRef = (jobId: string | null, workOrderId: string | null): { ref?: BookingRef } =>
  jobId ? { ref: { kind: 'JOB', id: jobId } } : workOrderId ? { ref: { kind: 'WORK_ORDER', id: workOrderId } } : {};

export interface BusyFacts {
  machines: { assetId: string; startsAt: string; endsAt: string; label: string; ref?: BookingRef }[];
  operators: { membershipId: string; startsAt: string; endsAt: string; label: string; ref?: BookingRef }[];
}

export interface DueFact {
  planId: string;
  planName: string;
  assetId: string;
  assetName: string;
  status: string;
  nextDueAt: string | null;
  remainingDays: number | null;
  remainingHours: number | null;
  /** an OPEN / IN_PROGRESS (not yet closed) work order of this plan for this machine */
  openWorkOrderId: string | null;
  /** the plan's estimated service duration, hours */
  estimatedHours: number | null;
}

const ZRef = z.object({ id: z.string(), name: z.string() });
export const ZKnownNames: z.ZodType<KnownNames> = z.object({
  teams: z.array(ZRef),
  fields: z.array(ZRef),
  assets: z.array(ZRef),
  operators: z.array(ZRef),
});
export const ZJobFact: z.ZodType<JobFact> = ZJob.pick({
  id: true,
  teamId: true,
  fieldId: true,
  fieldName: true,
  operationType: true,
  title: true,
  windowStart: true,
  windowEnd: true,
  priority: true,
  estimatedHours: true,
  status: true,
  version: true,
  areaHa: true,
});
export const ZMachineFact = z.object({
  id: z.string(),
  name: z.string(),
  kind: ZMachineKind,
  operationTypes: z.array(z.string()),
  status: ZAssetStatus,
  teamId: z.string().nullable(),
  dueForMaintenance: z.boolean(),
  serviceDueInHours: z.number().nullable(),
  ratesHaPerHour: z.record(z.string(), z.number()),
  powerKw: z.number().nullable(),
  requiredPowerKw: z.number().nullable(),
  hitchTypes: z.array(z.string()),
  requiredQualifications: z.array(z.string()),
}) as z.ZodType<MachineWorldFact>;
export const ZOperatorFact: z.ZodType<OperatorFact> = z.object({
  membershipId: z.string(),
  name: z.string(),
  teamIds: z.array(z.string()),
  maxDailyHours: z.number().nullable(),
  qualifications: z.array(z.object({ code: z.string(), expiresAt: z.string().nullable() })),
});
const ZBooking = { startsAt: z.string(), endsAt: z.string(), label: z.string() };
const ZBookingRef = z.object({ kind: z.enum(['JOB', 'WORK_ORDER', 'LEAVE']), id: z.string() });
export const ZBusyFacts: z.ZodType<BusyFacts> = z.object({
  machines: z.array(z.object({ assetId: z.string(), ...ZBooking, ref: ZBookingRef.optional() })),
  operators: z.array(z.object({ membershipId: z.string(), ...ZBooking, ref: ZBookingRef.optional() })),
});
export const ZDueFact: z.ZodType<DueFact> = z.object({
  planId: z.string(),
  planName: z.string(),
  assetId: z.string(),
  assetName: z.string(),
  status: z.string(),
  nextDueAt: z.string().nullable(),
  remainingDays: z.number().nullable(),
  remainingHours: z.number().nullable(),
  openWorkOrderId: z.string().nullable(),
  estimatedHours: z.number().nullable(),
});

/** A mechanic the workshop can give a work order: their day's hours and what they hold already. */
export interface MechanicFact {
  membershipId: string;
  name: string;
  teamIds: string[];
  /** working hours a day (the member's limit, else the org's, else 8) */
  dailyHours: number;
  /** open work orders assigned to them with a planned window overlapping the period */
  load: { workOrderId: string; number: number; startsAt: string; endsAt: string }[];
}
export const ZMechanicFact: z.ZodType<MechanicFact> = z.object({
  membershipId: z.string(),
  name: z.string(),
  teamIds: z.array(z.string()),
  dailyHours: z.number(),
  load: z.array(z.object({ workOrderId: z.string(), number: z.number(), startsAt: z.string(), endsAt: z.string() })),
});

/** The parts a plan × machine service used last time, and whether each is at hand (null: not known). */
export interface ServicePartsFact {
  planId: string;
  assetId: string;
  /** the completed work order they come from */
  fromWorkOrder: number | null;
  parts: { partNumber: string | null; name: string; quantity: number; available: boolean | null }[];
}
export const ZServicePartsFact: z.ZodType<ServicePartsFact> = z.object({
  planId: z.string(),
  assetId: z.string(),
  fromWorkOrder: z.number().nullable(),
  parts: z.array(
    z.object({
      partNumber: z.string().nullable(),
      name: z.string(),
      quantity: z.number(),
      available: z.boolean().nullable(),
    }),
  ),
});
