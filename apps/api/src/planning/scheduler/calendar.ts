import { sunTimes } from './daylight.js';
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
  if (o.maxDailyHours != null && !(o.maxDailyHours > 0 && o.maxDailyHours <= 24))
    throw new SchedulerInputError('maxDailyHours must be in (0, 24]');
  if (
    o.workBreak &&
    !(0 <= o.workBreak.startMinute && o.workBreak.startMinute < o.workBreak.endMinute && o.workBreak.endMinute <= 1440)
  )
    throw new SchedulerInputError('workBreak must be a range of minutes inside the day');
  if (o.daylight && !(Math.abs(o.daylight.latitude) <= 90 && Math.abs(o.daylight.longitude) <= 180))
    throw new SchedulerInputError('daylight needs a latitude and longitude');
  if (o.minPartHours != null && !(o.minPartHours >= 0 && o.minPartHours <= 24))
    throw new SchedulerInputError('minPartHours must be in [0, 24]');
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
 * The working calendar: the start instants of every working slot (granularity long) of the
 * local days touching [from, to). A day's working slots lie inside [startHour, endHour) local,
 * and, when set, inside daylight at `daylight` (sunrise rounded up, sunset rounded down to the
 * grid), outside the break, and only the first `maxDailyHours` of them (the day limit everyone
 * shares). A job starts on a working slot and needs `work` consecutive working slots; its
 * booking runs from the first slot's start to the last slot's end, nights and breaks included
 * (the machine stays in the field), the same convention as the seed's walkWork.
 */
export class WorkCalendar {
  readonly slot: number;
  /** working slot start instants, ascending */
  readonly starts: number[] = [];
  /** per slot index: the index just past the last slot of its local day, and of its day's first slot */
  private readonly dayEnd: number[] = [];
  private readonly dayBegin: number[] = [];
  private readonly offset: number;
  private readonly minPartSlots: number;
  private readonly days = new Map<number, number[]>();

  constructor(
    private readonly opts: SchedOptions,
    now: number,
    from: number,
    to: number,
  ) {
    this.slot = opts.granularityMinutes * MINUTE;
    this.offset = utcOffsetMs(opts.timezone, now);
    this.minPartSlots = Math.ceil(((opts.minPartHours ?? 0) * HOUR) / this.slot - 1e-9);
    if (!(to > from)) return;
    for (let d = this.localDayStart(from); d < to; d += DAY) {
      const first = this.starts.length;
      for (const t of this.daySlots(d)) this.starts.push(t);
      for (let k = first; k < this.starts.length; k++) {
        this.dayBegin.push(first);
        this.dayEnd.push(this.starts.length);
      }
    }
  }

  localDayStart(t: number): number {
    return Math.floor((t + this.offset) / DAY) * DAY - this.offset;
  }

  /** The working slot starts of the local day starting at `d` (cached). */
  daySlots(d: number): number[] {
    let got = this.days.get(d);
    if (got) return got;
    const o = this.opts;
    if (o.restWeekdays?.length && o.restWeekdays.includes(((new Date(d + this.offset).getUTCDay() + 6) % 7) + 1)) {
      this.days.set(d, []);
      return [];
    }
    let open = d + o.workday.startHour * HOUR;
    let close = d + o.workday.endHour * HOUR;
    if (o.daylight) {
      // the local day's noon, as the UTC day the solar formula takes
      const sun = sunTimes(o.daylight.latitude, o.daylight.longitude, d + this.offset + 12 * HOUR);
      if (!sun.allDay) {
        if (sun.rise === null || sun.set === null) close = open;
        else {
          open = Math.max(open, d + Math.ceil((sun.rise - d) / this.slot) * this.slot);
          close = Math.min(close, d + Math.floor((sun.set - d) / this.slot) * this.slot);
        }
      }
    }
    const br = o.workBreak;
    got = [];
    for (let t = open; t + this.slot <= close; t += this.slot) {
      if (br && t < d + br.endMinute * MINUTE && t + this.slot > d + br.startMinute * MINUTE) continue;
      got.push(t);
    }
    if (o.maxDailyHours != null) got = got.slice(0, Math.floor((o.maxDailyHours * HOUR) / this.slot + 1e-9));
    this.days.set(d, got);
    return got;
  }

  /** [first working instant, end of the last working slot] of the local day at `d`, null when nobody works */
  dayWindow(d: number): [number, number] | null {
    const slots = this.daySlots(d);
    return slots.length === 0 ? null : [slots[0]!, slots[slots.length - 1]! + this.slot];
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

  /**
   * A job over several days leaves no useless scrap of work on its first or last day (e.g. a
   * Saturday 07:00–07:30 tail): each of those parts is at least `minPartHours`.
   */
  partsOk(k: number, work: number): boolean {
    if (this.minPartSlots <= 1) return true;
    const last = k + work - 1;
    if (this.dayEnd[k]! > last) return true; // one day
    return this.dayEnd[k]! - k >= this.minPartSlots && last - this.dayBegin[last]! + 1 >= this.minPartSlots;
  }

  /** Is t the start of a working slot? */
  isWorkingStart(t: number): boolean {
    return this.daySlots(this.localDayStart(t)).includes(t);
  }

  /** Working time (ms) inside [s, e). */
  workingTimeIn(s: number, e: number): number {
    let total = 0;
    for (let d = this.localDayStart(s); d < e; d += DAY) {
      for (const t of this.daySlots(d)) {
        const a = Math.max(s, t);
        const b = Math.min(e, t + this.slot);
        if (b > a) total += b - a;
      }
    }
    return total;
  }
}
