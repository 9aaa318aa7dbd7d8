import type { SchedOptions, SchedulerInput } from './types.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const DEFAULT_OPTIONS: SchedOptions = {
  avoidAssetIds: [],
  preferAssetIds: [],
  avoidOperatorIds: [],
  preferOperatorIds: [],
  avoidInMaintenance: true,
  avoidDueForMaintenance: false,
  timezone: 'Asia/Shanghai',
  workday: { startHour: 7, endHour: 19 },
  granularityMinutes: 30,
  seed: 0,
};

export class SchedulerInputError extends Error {
  override readonly name = 'SchedulerInputError';
}

/** Options with defaults, checked: the grid must divide the working day. */
export function resolveOptions(input: SchedulerInput): SchedOptions {
  const o = { ...DEFAULT_OPTIONS, ...(input.options ?? {}) };
  const g = o.granularityMinutes;
  const { startHour, endHour } = o.workday;
  if (!Number.isInteger(g) || g <= 0 || 1440 % g !== 0)
    throw new SchedulerInputError(`granularityMinutes must divide a day, got ${g}`);
  const startMin = startHour * 60;
  const endMin = endHour * 60;
  if (!(startMin >= 0 && endMin <= 1440 && startMin < endMin) || startMin % g !== 0 || endMin % g !== 0) {
    throw new SchedulerInputError(`workday must be inside 0..24, start < end, on the ${g}-minute grid`);
  }
  if (!Number.isInteger(o.seed)) throw new SchedulerInputError('seed must be an integer');
  return o;
}

export function parseInstant(s: string, what: string): number {
  const t = Date.parse(s);
  if (Number.isNaN(t)) throw new SchedulerInputError(`${what}: not an instant: ${s}`);
  return t;
}

export const iso = (t: number) => new Date(t).toISOString();

/**
 * UTC offset (ms) of an IANA zone at an instant. The scheduler uses the offset at `now` for
 * the whole horizon: exact for Asia/Shanghai (no DST, the product's zone); in a zone with DST
 * a horizon crossing a switch would shift the working day by an hour.
 */
export function utcOffsetMs(timeZone: string, at: number): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(at));
  } catch {
    throw new SchedulerInputError(`unknown time zone: ${timeZone}`);
  }
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return asUtc - Math.floor(at / MINUTE) * MINUTE;
}

/**
 * The working calendar: the start instants of every working slot (granularity long, inside
 * [startHour, endHour) local) of the local days touching [from, to). A job starts on a working
 * slot and needs `work` consecutive working slots; its booking runs from the first slot's
 * start to the last slot's end, nights included (the machine stays in the field), the same
 * convention as the seed's walkWork.
 */
export class WorkCalendar {
  readonly slot: number;
  /** working slot start instants, ascending */
  readonly starts: number[] = [];
  private readonly offset: number;
  private readonly openMs: number;
  private readonly closeMs: number;

  constructor(opts: SchedOptions, now: number, from: number, to: number) {
    this.slot = opts.granularityMinutes * MINUTE;
    this.offset = utcOffsetMs(opts.timezone, now);
    this.openMs = opts.workday.startHour * HOUR;
    this.closeMs = opts.workday.endHour * HOUR;
    if (!(to > from)) return;
    for (let d = this.localDayStart(from); d < to; d += DAY) {
      for (let t = d + this.openMs; t < d + this.closeMs; t += this.slot) this.starts.push(t);
    }
  }

  localDayStart(t: number): number {
    return Math.floor((t + this.offset) / DAY) * DAY - this.offset;
  }

  /** whole working slots for a job (at least one) */
  slotsFor(hours: number): number {
    return Math.max(1, Math.ceil((hours * HOUR) / this.slot - 1e-9));
  }

  /** first working-slot index whose start is ≥ t */
  firstAtOrAfter(t: number): number {
    const a = this.starts;
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((a[mid] as number) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The contiguous range [k0, k1] of start indices for a job of `work` slots that starts at
   * or after `from` and ends by `to`; k1 < k0 when none fits.
   */
  startRange(from: number, to: number, work: number): [number, number] {
    const k0 = this.firstAtOrAfter(from);
    // m = number of working slots that end by `to`: the last slot of the job must be < m
    const m = this.firstAtOrAfter(to - this.slot + 1);
    return [k0, m - work];
  }

  endOf(k: number, work: number): number {
    return (this.starts[k + work - 1] as number) + this.slot;
  }

  /** Is t inside local working hours on the grid (a valid start)? */
  isWorkingStart(t: number): boolean {
    const inDay = t - this.localDayStart(t);
    return inDay >= this.openMs && inDay < this.closeMs && (t - this.localDayStart(t)) % this.slot === 0;
  }

  /** Working time (ms) inside [s, e). */
  workingTimeIn(s: number, e: number): number {
    let total = 0;
    for (let d = this.localDayStart(s); d < e; d += DAY) {
      const a = Math.max(s, d + this.openMs);
      const b = Math.min(e, d + this.closeMs);
      if (b > a) total += b - a;
    }
    return total;
  }
}
