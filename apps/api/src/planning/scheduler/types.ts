/**
 * The deterministic scheduler's input and output. Pure data: no Nest, no database. The agent
 * reads jobs, machines, operators and bookings through its tools, builds a `SchedulerInput`,
 * and gets back draft items plus the jobs it could not place (with a reason).
 *
 * Instants are ISO-8601 strings (what the API and the draft store use); every range is
 * half-open [startsAt, endsAt), like the bookings' exclusion constraints.
 */

import type { SchedTravel } from './travel-timeline.js';

export type MachineKind = 'POWER_UNIT' | 'SELF_PROPELLED' | 'IMPLEMENT';
export type MachineStatus = 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED';

export interface SchedJob {
  id: string;
  operationType: string;
  windowStart: string;
  windowEnd: string;
  /** 1 (low) … 5 (urgent); the job's weight in the objective */
  priority: number;
  /** working hours needed (rounded up to the granularity) */
  estimatedHours: number;
  teamId?: string | null;
  fieldId: string;
  /** Job.version: part of the item key, so a job changed since the draft gets a new key */
  version?: number;
  /** jobs (ids among `jobs`) that must end before this one starts: the harvest before the transport of its field */
  after?: readonly string[];
  /** hectares to work: with a machine set's output (ha/h) it gives the working hours instead of `estimatedHours` */
  areaHa?: number | null;
}

export interface SchedMachine {
  id: string;
  name: string;
  kind: MachineKind;
  /** the machine model's operation types */
  operationTypes: readonly string[];
  status: MachineStatus;
  teamId?: string | null;
  dueForMaintenance?: boolean;
  /** output per operation, ha/h (learned from its jobs, else its model's); an implement's sets the set's */
  ratesHaPerHour?: Readonly<Record<string, number>>;
  /** power unit: its power, kW (an implement's `requiredPowerKw` must not exceed it) */
  powerKw?: number | null;
  /** implement: the least tractor power it needs, kW */
  requiredPowerKw?: number | null;
  /** power unit: the hitches it offers; implement: the ones it can use (one in common fits; empty: any) */
  hitchTypes?: readonly string[];
  /** what its operator must hold (COMBINE, DRONE_PILOT, …) */
  requiredQualifications?: readonly string[];
  /** engine hours left until its next preventive service (absent: not known / no plan) */
  serviceDueInHours?: number | null;
}

/** A licence or skill an operator holds, valid until `expiresAt` (exclusive; absent: no end). */
export interface SchedQualification {
  code: string;
  expiresAt?: string | null;
}

/** An operator who may execute jobs (active membership with job.execute: the caller filters). */
export interface SchedOperator {
  membershipId: string;
  name: string;
  teamIds: readonly string[];
  /** the most working hours a day this person may be given (absent: the day's working hours) */
  maxDailyHours?: number;
  /** licences and skills: a machine set's `requiredQualifications` must all be held, unexpired */
  qualifications?: readonly SchedQualification[];
}

/** What holds a machine or person: a job's booking or a work order (the validator names it in a clash). */
export interface BookingRef {
  kind: 'JOB' | 'WORK_ORDER' | 'LEAVE';
  id: string;
}

export interface MachineBusy {
  assetId: string;
  startsAt: string;
  endsAt: string;
  /** what holds it (job booking, work order …), only for messages */
  label?: string;
  ref?: BookingRef;
}

export interface OperatorBusy {
  membershipId: string;
  startsAt: string;
  endsAt: string;
  label?: string;
  ref?: BookingRef;
}

export interface SchedOptions {
  /** never used (the user said "avoid") */
  avoidAssetIds: readonly string[];
  /** tie-break: among equally early options, prefer these */
  preferAssetIds: readonly string[];
  avoidOperatorIds: readonly string[];
  preferOperatorIds: readonly string[];
  /** always true: only ACTIVE machines work (kept for the planner's constraint object) */
  avoidInMaintenance: boolean;
  /** also skip machines whose preventive maintenance is due */
  avoidDueForMaintenance: boolean;
  /** IANA zone of the working day; its UTC offset at `now` is used for the whole horizon */
  timezone: string;
  /** jobs run inside working hours [startHour, endHour) local (whole or half hours) */
  workday: { startHour: number; endHour: number };
  /** work only between sunrise and sunset at this place (the org's fields); absent: the workday alone */
  daylight?: { latitude: number; longitude: number } | null;
  /** a break inside each working day, local minutes since midnight [start, end) */
  workBreak?: { startMinute: number; endMinute: number } | null;
  /** ISO weekdays (1 = Monday … 7 = Sunday) with no working hours ("周六周日休息") */
  restWeekdays?: readonly number[];
  /** the most working hours of any day (everyone's day limit): the first ones of the day's working slots */
  maxDailyHours?: number | null;
  /** a job over several days works at least this long on its first and on its last day (0) */
  minPartHours?: number;
  /** minutes; starts and working time are on this grid (30) */
  granularityMinutes: number;
  /** PRNG seed of the improvement restarts: same input + seed → same output */
  seed: number;
  /** greedy restarts with perturbed job orders (default: by instance size, see scheduler.ts) */
  restarts?: number;
  /** give unplaced jobs the options that would meet their deadline (options.ts; off: the bench's default) */
  deadlineOptions?: boolean;
  /** a splittable job one set cannot finish in its window is placed as parts (parts.ts; off: the bench's default) */
  splitJobs?: boolean;
}

export interface SchedulerInput {
  /** jobs never start before this instant */
  now: string;
  jobs: readonly SchedJob[];
  machines: readonly SchedMachine[];
  operators: readonly SchedOperator[];
  busy: { machines: readonly MachineBusy[]; operators: readonly OperatorBusy[] };
  options?: Partial<SchedOptions>;
  /** road km between the jobs' fields and the machines' road speeds: consecutive jobs of a machine leave room to drive */
  travel?: SchedTravel;
}

/** One draft item: the same fields an assignment takes, plus a stable key for execution. */
export interface ScheduleItem {
  jobId: string;
  primaryAssetId: string;
  implementAssetIds: string[];
  operatorMembershipId: string;
  startsAt: string;
  endsAt: string;
  itemKey: string;
  /** one part of a job split across machines or days (index of `of`, the hectares it covers); absent: the whole job */
  part?: ItemPart;
}

export interface ItemPart {
  index: number;
  of: number;
  areaHa: number;
}

export const UNPLACED_REASONS = [
  'NO_CAPABLE_MACHINE',
  'NO_MACHINE_AVAILABLE',
  'NO_OPERATOR_AVAILABLE',
  'WINDOW_TOO_SHORT',
  'WINDOW_IN_PAST',
  'WAITS_FOR_JOB',
] as const;
export type UnplacedReason = (typeof UNPLACED_REASONS)[number];

export interface UnplacedJob {
  jobId: string;
  reason: UnplacedReason;
  /** plain words, with the candidates considered */
  detail: string;
  candidates: { assetIds: string[]; operatorMembershipIds: string[] };
  /** what would meet its deadline (overtime, a split), each as ready items; only with options.deadlineOptions */
  options?: {
    kind: 'OVERTIME' | 'SPLIT';
    detail: string;
    items: Omit<DraftItem, 'itemKey'>[];
  }[];
}

export interface ScheduleStats {
  jobs: number;
  placed: number;
  unplaced: number;
  /** Σ priority of placed jobs (the primary objective) and of all jobs */
  weightPlaced: number;
  weightTotal: number;
  /** Σ (startsAt − windowStart) over placed jobs, hours */
  earlinessHours: number;
  /** consecutive jobs of one operator on different primary machines + of one lead machine with a different implement */
  machineChanges: number;
  restarts: number;
  improvementMoves: number;
}

export interface ScheduleResult {
  items: ScheduleItem[];
  unplaced: UnplacedJob[];
  stats: ScheduleStats;
}

/** A draft item as the validator sees it (hand-edited ones may lack the key). */
export type DraftItem = Omit<ScheduleItem, 'itemKey'> & { itemKey?: string };

export const VIOLATION_CODES = [
  'UNKNOWN_JOB',
  'DUPLICATE_JOB',
  'INVALID_RANGE',
  'STARTS_IN_PAST',
  'OUTSIDE_WINDOW',
  'UNKNOWN_MACHINE',
  'INVALID_MACHINE_SET',
  'MACHINE_NOT_ACTIVE',
  'CAPABILITY_MISMATCH',
  'UNKNOWN_OPERATOR',
  'MACHINE_BUSY',
  'OPERATOR_BUSY',
  'MACHINE_DOUBLE_BOOKED',
  'OPERATOR_DOUBLE_BOOKED',
  'OUTSIDE_WORKING_DAY',
  'OPERATOR_DAY_LIMIT',
  'ORDER_VIOLATED',
  'IMPLEMENT_MISFIT',
  'NOT_QUALIFIED',
  'ON_LEAVE',
  // the machine cannot drive from its previous item's field in time (validator-travel.ts)
  'UNREACHABLE_IN_TIME',
  // a split job's parts (validator-parts.ts): not numbered 1..n of n, mixed with a whole item, areas not
  // summing to the job's, or an operation that is not split
  'PARTS_INCOMPLETE',
  'PARTS_AREA_MISMATCH',
  'PART_NOT_SPLITTABLE',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** Soft findings: allowed (a person may decide so), but worth showing. */
export const WARNING_CODES = [
  'AVOIDED_MACHINE',
  'AVOIDED_OPERATOR',
  'DUE_FOR_MAINTENANCE',
  'OUTSIDE_WORKING_HOURS',
  'SHORTER_THAN_ESTIMATE',
  'SERVICE_DUE',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface Violation {
  itemIndex: number;
  jobId: string;
  code: ViolationCode;
  message: string;
  /** the other item of a double booking */
  otherItemIndex?: number;
  /** MACHINE_BUSY / OPERATOR_BUSY: the existing booking it clashes with (when the facts named it) */
  clash?: BookingRef & { startsAt: string; endsAt: string };
}

export interface ValidationWarning {
  itemIndex: number;
  jobId: string;
  code: WarningCode;
  message: string;
}

export interface ValidationResult {
  ok: boolean;
  violations: Violation[];
  warnings: ValidationWarning[];
}
