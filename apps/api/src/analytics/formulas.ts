/**
 * Analytics formulas: pure functions, no I/O. The repository brings sums and rows, the
 * service picks the period; everything that is arithmetic lives here and is unit-tested on
 * hand-computed examples (formulas.spec.ts). docs/architecture.md § "Analytics formulas"
 * restates them for readers of the API.
 *
 * Units: hours are JS numbers (job hours have 2 decimals; sums of them are carried as integer
 * hundredths where a ratio of money depends on them). Money is integer CNY fen as bigint,
 * never a float.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Working hours a machine can be used per calendar day. Agricultural machines work in
 * daylight shifts, so "available" is 10 h a day, not 24: a tractor busy 10 h every day of the
 * period is 100 % utilized.
 */
export const WORKDAY_HOURS = 10;

/** SMRP's PM compliance window is ±10 % of the interval; we keep at least one day of grace. */
export const PM_GRACE_FRACTION = 0.1;
export const PM_MIN_GRACE_DAYS = 1;

export interface Instants {
  startsAt: Date;
  endsAt: Date;
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round((x + Number.EPSILON * Math.sign(x)) * f) / f;
}

export function roundOrNull(x: number | null, digits: number): number | null {
  return x === null ? null : round(x, digits);
}

/** n / d, or null when d is 0 (a ratio of nothing is unknown, not 0). */
export function ratio(n: number, d: number): number | null {
  return d > 0 ? n / d : null;
}

/**
 * Fuel per unit of work (litres ÷ hectares, litres ÷ hours), 2 decimals; null without work. The
 * one rule behind a job's L/h, the analytics' fuel figures and (by the same formula on job
 * records) the agent's "每公顷油耗".
 */
export function fuelRate(litres: number, per: number): number | null {
  return per > 0 ? round(litres / per, 2) : null;
}

/** Length in ms of [start, end) ∩ [period.startsAt, period.endsAt); 0 when they do not meet. */
export function overlapMs(start: Date, end: Date, period: Instants): number {
  const a = Math.max(start.getTime(), period.startsAt.getTime());
  const b = Math.min(end.getTime(), period.endsAt.getTime());
  return Math.max(0, b - a);
}

/**
 * Downtime hours of ONE machine inside the period: each interval runs
 * [downtimeStartedAt, downtimeEndedAt ?? now), is clipped to the period, and overlapping
 * intervals (two work orders on the same machine at once) are merged so an hour of
 * standstill is counted once.
 */
export function downtimeHours(
  intervals: readonly { start: Date; end: Date | null }[],
  period: Instants,
  now: Date,
): number {
  const clipped = intervals
    .map((i) => {
      const end = i.end ?? now;
      return [
        Math.max(i.start.getTime(), period.startsAt.getTime()),
        Math.min(end.getTime(), period.endsAt.getTime()),
      ] as const;
    })
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let curStart = -Infinity;
  let curEnd = -Infinity;
  for (const [a, b] of clipped) {
    if (a > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = a;
      curEnd = b;
    } else if (b > curEnd) {
      curEnd = b;
    }
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total / HOUR_MS;
}

/**
 * Available hours of a machine = days × WORKDAY_HOURS − downtime × WORKDAY_HOURS / 24, ≥ 0.
 * Downtime is counted around the clock but only a working-day share of it would have been
 * usable; we do not know which clock hours were working hours, so each downtime hour removes
 * 10/24 of an available hour (approximation, stated in the docs).
 */
export function availableHours(days: number, downtime: number): number {
  return Math.max(0, days * WORKDAY_HOURS - (downtime * WORKDAY_HOURS) / 24);
}

/** Utilization = productive / available (null when nothing was available). */
export function utilization(productiveHours: number, available: number): number | null {
  return ratio(productiveHours, available);
}

export function hectaresOf(areaM2: number): number {
  return areaM2 / 10_000;
}

/** Effective field capacity (ha/h) = hectares done / hours worked (null without hours). */
export function fieldCapacity(hectares: number, hours: number): number | null {
  return ratio(hectares, hours);
}

/** MTBF in operating hours = productive hours / failures (null without a failure). */
export function mtbf(productiveHours: number, failures: number): number | null {
  return failures > 0 ? productiveHours / failures : null;
}

/**
 * Hours from the start of a repair (downtime start, or the report when no downtime was
 * recorded) to its accepted return to service. Bad data (accepted before it started) is 0.
 */
export function repairHours(startedAt: Date, acceptedAt: Date): number {
  return Math.max(0, acceptedAt.getTime() - startedAt.getTime()) / HOUR_MS;
}

/** MTTR = mean repair hours (null without a repair). */
export function mttr(repairs: readonly number[]): number | null {
  return repairs.length > 0 ? repairs.reduce((s, h) => s + h, 0) / repairs.length : null;
}

/** Inherent availability = MTBF / (MTBF + MTTR); null when either is unknown. */
export function inherentAvailability(mtbfHours: number | null, mttrHours: number | null): number | null {
  if (mtbfHours === null || mttrHours === null) return null;
  return ratio(mtbfHours, mtbfHours + mttrHours);
}

/**
 * Operational availability = (period hours − downtime hours) / period hours, over `machines`
 * machines (the fleet figure has machines × period hours in the denominator).
 */
export function operationalAvailability(periodHours: number, machines: number, downtime: number): number | null {
  const total = periodHours * machines;
  return total > 0 ? Math.max(0, total - downtime) / total : null;
}

/** Grace after plannedEnd for a preventive order: 10 % of the plan's interval in days, at least 1 day. */
export function pmGraceMs(intervalDays: number | null): number {
  const days = Math.max(PM_MIN_GRACE_DAYS, (intervalDays ?? 0) * PM_GRACE_FRACTION);
  return days * DAY_MS;
}

/**
 * A preventive order is on time when it was CLOSED (accepted) no later than plannedEnd + grace.
 * Anything else (still open, cancelled, accepted late) counts as missed: cancelling a PM
 * does not improve compliance.
 */
export function pmOnTime(wo: {
  status: string;
  acceptedAt: Date | null;
  plannedEnd: Date;
  intervalDays: number | null;
}): boolean {
  if (wo.status !== 'CLOSED' || !wo.acceptedAt) return false;
  return wo.acceptedAt.getTime() <= wo.plannedEnd.getTime() + pmGraceMs(wo.intervalDays);
}

/** Integer division rounded half up (both ≥ 0); null when dividing by 0. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint | null {
  if (denominator <= 0n) return null;
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * Cost per hectare in fen = total fen / (m² / 10 000), exact, rounded to a whole fen. No approved
 * cost in the period (total 0) is null: the cost is not known yet, which is not the same as free.
 */
export function costPerHectareMinor(totalMinor: bigint, areaM2: bigint): bigint | null {
  return totalMinor === 0n ? null : divRoundHalfUp(totalMinor * 10_000n, areaM2);
}

/** Cost per engine hour in fen = total fen / (hundredths of hours / 100), rounded to a whole fen; null as above. */
export function costPerHourMinor(totalMinor: bigint, centiHours: bigint): bigint | null {
  return totalMinor === 0n ? null : divRoundHalfUp(totalMinor * 100n, centiHours);
}
