import { createHash } from 'node:crypto';
import type { TDraftItem, TDraftValidation, TUnplacedJob } from '@amms/contracts/drafts';
import { canonicalJson } from '../platform/crypto/hash-chain.js';
import { DEFAULT_OPTIONS, utcOffsetMs } from './scheduler/calendar.js';
import type { DraftItem, SchedulerInput, UnplacedJob, ValidationResult } from './scheduler/types.js';
import type { BusyFacts, JobFact, MachineFact, OperatorFact } from './tools/agent-tools.js';
import type { OrgCalendar } from './tools/work-calendar.repository.js';
import type { SchedTravel } from './scheduler/travel-timeline.js';
import type { MachineWorld } from './tools/world-facts.repository.js';

/** Facts the scheduler and the validator work on, loaded through the tools. */
export interface PlanningFacts {
  jobs: JobFact[];
  machines: (MachineFact & Partial<MachineWorld>)[];
  operators: OperatorFact[];
  busy: BusyFacts;
  /** road km between the jobs' fields and the machines' road speeds (geo TravelService); absent: no travel */
  travel?: SchedTravel;
}

export interface PlanningOptions {
  now: string;
  timezone: string;
  avoidAssetIds?: readonly string[];
  preferAssetIds?: readonly string[];
  avoidOperatorIds?: readonly string[];
  preferOperatorIds?: readonly string[];
  avoidDueForMaintenance?: boolean;
  /** the org's working calendar (daylight, break, day limit); absent: the plain 07–19 workday */
  calendar?: OrgCalendar;
  /** the goal's day limit (constraints.limits): the stricter of it and the org's applies */
  maxHoursPerDay?: number | null;
  /** the goal's rest days (ISO weekdays) and the hours its working day is kept within */
  restWeekdays?: readonly number[];
  dayStartHour?: number | null;
  dayEndHour?: number | null;
  /** job windows are cut to this range (the planned period) */
  clamp?: { from: string; to: string };
}

/** [from 00:00, to + 1 day 00:00) local in the zone, as instants. */
export function periodRange(period: { from: string; to: string }, timezone: string): { from: string; to: string } {
  const at = (d: string) => {
    const utcMidnight = Date.parse(`${d}T00:00:00Z`);
    return utcMidnight - utcOffsetMs(timezone, utcMidnight);
  };
  return { from: new Date(at(period.from)).toISOString(), to: new Date(at(period.to) + 86_400_000).toISOString() };
}

/**
 * The scheduler input: job windows cut to the period (a job is planned inside "next week", not
 * anywhere in its longer window). The seed is derived from the facts themselves, so the same
 * facts and constraints give the same draft; no run id or clock goes into it.
 */
export function schedulerInput(f: PlanningFacts, o: PlanningOptions): SchedulerInput {
  const jobs = f.jobs
    .map((j) => {
      const ws = o.clamp && j.windowStart < o.clamp.from ? o.clamp.from : j.windowStart;
      const we = o.clamp && Date.parse(j.windowEnd) > Date.parse(o.clamp.to) ? o.clamp.to : j.windowEnd;
      return {
        id: j.id,
        operationType: j.operationType,
        windowStart: iso(ws),
        windowEnd: iso(we),
        priority: j.priority,
        estimatedHours: j.estimatedHours,
        teamId: j.teamId,
        fieldId: j.fieldId,
        version: j.version,
        ...(j.areaHa ? { areaHa: j.areaHa } : {}),
      };
    })
    .filter((j) => Date.parse(j.windowStart) < Date.parse(j.windowEnd));
  const ordered = withOrder(jobs);
  const base: Omit<SchedulerInput, 'options'> = {
    now: o.now,
    jobs: ordered,
    machines: f.machines.map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.kind,
      operationTypes: m.operationTypes,
      status: m.status,
      teamId: m.teamId,
      dueForMaintenance: m.dueForMaintenance,
      ...(m.ratesHaPerHour && Object.keys(m.ratesHaPerHour).length ? { ratesHaPerHour: m.ratesHaPerHour } : {}),
      ...(m.powerKw != null ? { powerKw: m.powerKw } : {}),
      ...(m.requiredPowerKw != null ? { requiredPowerKw: m.requiredPowerKw } : {}),
      ...(m.hitchTypes?.length ? { hitchTypes: m.hitchTypes } : {}),
      ...(m.requiredQualifications?.length ? { requiredQualifications: m.requiredQualifications } : {}),
      ...(m.serviceDueInHours != null ? { serviceDueInHours: m.serviceDueInHours } : {}),
    })),
    operators: f.operators.map((p) => ({
      membershipId: p.membershipId,
      name: p.name,
      teamIds: p.teamIds,
      ...(p.maxDailyHours === null ? {} : { maxDailyHours: p.maxDailyHours }),
      ...(p.qualifications?.length ? { qualifications: p.qualifications } : {}),
    })),
    busy: { machines: f.busy.machines, operators: f.busy.operators },
    ...(f.travel ? { travel: f.travel } : {}),
  };
  const options = {
    timezone: o.timezone,
    avoidAssetIds: [...(o.avoidAssetIds ?? [])],
    preferAssetIds: [...(o.preferAssetIds ?? [])],
    avoidOperatorIds: [...(o.avoidOperatorIds ?? [])],
    preferOperatorIds: [...(o.preferOperatorIds ?? [])],
    avoidDueForMaintenance: o.avoidDueForMaintenance ?? false,
    avoidInMaintenance: true,
    deadlineOptions: true,
    ...calendarOptions(o),
  };
  const seed = parseInt(sha256(canonicalJson({ ...base, options })).slice(0, 8), 16);
  // a job one set cannot finish in its window may be placed as parts (not part of the seed: same runs as before)
  return { ...base, options: { ...options, splitJobs: true, seed } };
}

/**
 * Which operation waits for which on the same field: transport after the harvest (grain,
 * forage or bales), baling after mowing, sowing after tillage. A job waits for a job of the
 * field in this plan whose operation comes before it, when their windows overlap the same
 * season (the earlier one's window starts before the later one's ends).
 */
const WAITS_FOR: Readonly<Record<string, readonly string[]>> = {
  TRANSPORT: ['HARVESTING', 'FORAGE_HARVESTING', 'BALING'],
  BALING: ['MOWING'],
  SOWING_PLANTING: ['TILLAGE'],
};

function withOrder<
  J extends { id: string; operationType: string; fieldId: string; windowStart: string; windowEnd: string },
>(jobs: J[]): (J & { after?: string[] })[] {
  return jobs.map((j) => {
    const before = WAITS_FOR[j.operationType];
    if (!before) return j;
    const after = jobs
      .filter(
        (p) =>
          p.id !== j.id &&
          p.fieldId === j.fieldId &&
          before.includes(p.operationType) &&
          Date.parse(p.windowStart) < Date.parse(j.windowEnd),
      )
      .map((p) => p.id)
      .sort();
    return after.length ? { ...j, after } : j;
  });
}

/** The scheduler's working-day options from the org's calendar and the goal's limit. */
function calendarOptions(o: PlanningOptions) {
  const limits = [o.calendar?.maxDailyHours, o.maxHoursPerDay].filter((x): x is number => typeof x === 'number');
  return {
    ...(o.calendar?.location ? { daylight: o.calendar.location } : {}),
    ...(o.calendar?.workBreak ? { workBreak: o.calendar.workBreak } : {}),
    ...(limits.length ? { maxDailyHours: Math.min(...limits) } : {}),
    ...(o.restWeekdays?.length ? { restWeekdays: [...o.restWeekdays] } : {}),
    ...((o.dayStartHour != null || o.dayEndHour != null) &&
    (o.dayStartHour ?? DEFAULT_OPTIONS.workday.startHour) < (o.dayEndHour ?? DEFAULT_OPTIONS.workday.endHour)
      ? {
          workday: {
            startHour: o.dayStartHour ?? DEFAULT_OPTIONS.workday.startHour,
            endHour: o.dayEndHour ?? DEFAULT_OPTIONS.workday.endHour,
          },
        }
      : {}),
    // a job over several days works at least an hour on its first and its last day
    ...(o.calendar ? { minPartHours: 1 } : {}),
  };
}

const iso = (s: string) => new Date(s).toISOString();
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** "Now" for planning, rounded up to the half hour: two runs a few seconds apart see the same input. */
export function planningNow(at = Date.now()): string {
  const step = 30 * 60_000;
  return new Date(Math.ceil(at / step) * step).toISOString();
}

export interface DraftContent {
  items: TDraftItem[];
  unplaced: TUnplacedJob[];
  validation: TDraftValidation;
  contentHash: string;
}

/** Items with the names a person needs to review them; the hash covers items + unplaced + validation. */
export function draftContent(
  f: PlanningFacts,
  items: readonly (DraftItem & { itemKey: string })[],
  unplaced: readonly (Omit<Pick<UnplacedJob, 'jobId' | 'reason' | 'detail' | 'options'>, 'reason'> & {
    reason: string;
  })[],
  validation: ValidationResult,
): DraftContent {
  const jobs = new Map(f.jobs.map((j) => [j.id, j]));
  const machines = new Map(f.machines.map((m) => [m.id, m.name]));
  const ops = new Map(f.operators.map((o) => [o.membershipId, o.name]));
  const summary = (jobId: string) => {
    const j = jobs.get(jobId);
    return j ? { title: j.title, operationType: j.operationType, fieldName: j.fieldName, priority: j.priority } : null;
  };
  const outItems: TDraftItem[] = items.map((it) => ({
    itemKey: it.itemKey,
    jobId: it.jobId,
    job: summary(it.jobId),
    primaryAssetId: it.primaryAssetId,
    primaryAssetName: machines.get(it.primaryAssetId) ?? null,
    implementAssetIds: [...it.implementAssetIds],
    implementNames: it.implementAssetIds.map((id) => machines.get(id) ?? null),
    operatorMembershipId: it.operatorMembershipId,
    operatorName: ops.get(it.operatorMembershipId) ?? null,
    startsAt: it.startsAt,
    endsAt: it.endsAt,
    ...(it.part ? { part: { ...it.part } } : {}),
  }));
  const outUnplaced: TUnplacedJob[] = unplaced.map((u) => ({
    jobId: u.jobId,
    job: summary(u.jobId),
    reason: u.reason,
    detail: u.detail,
    ...(u.options?.length ? { options: u.options } : {}),
  }));
  const outValidation: TDraftValidation = {
    ok: validation.ok,
    violations: validation.violations.map((v) => ({ ...v })),
    warnings: validation.warnings.map((w) => ({ ...w })),
  };
  return {
    items: outItems,
    unplaced: outUnplaced,
    validation: outValidation,
    contentHash: contentHashOf(outItems, outUnplaced, outValidation),
  };
}

export function contentHashOf(items: unknown, unplaced: unknown, validation: unknown): string {
  return sha256(canonicalJson({ items, unplaced, validation }));
}
