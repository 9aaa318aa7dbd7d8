/**
 * The one period definition every analytics figure uses.
 *
 * A period is two calendar dates `from` and `to` (YYYY-MM-DD, both inclusive) read in the
 * organization's time zone. It covers the half-open instant range
 * [from 00:00 local, (to + 1 day) 00:00 local). Default: the 30 days ending today (local).
 * At most MAX_PERIOD_DAYS days.
 *
 * Time zone offsets come from Intl (no date library): the offset at an instant is
 * "the wall clock Intl shows for that instant, read as UTC" minus the instant. Local midnight
 * is found by guessing with the offset at UTC midnight and correcting once, which is exact for
 * every zone whose offset does not change within a few hours of midnight (all of China; DST
 * zones switch at 01:00–03:00 local).
 */

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const DEFAULT_PERIOD_DAYS = 30;
export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Period {
  /** first local calendar day, YYYY-MM-DD */
  from: string;
  /** last local calendar day (inclusive), YYYY-MM-DD */
  to: string;
  timezone: string;
  /** from 00:00 local (inclusive) */
  startsAt: Date;
  /** (to + 1 day) 00:00 local (exclusive) */
  endsAt: Date;
  /** calendar days in the period */
  days: number;
}

export class PeriodError extends Error {
  constructor(
    readonly path: 'from' | 'to',
    message: string,
  ) {
    super(message);
    this.name = 'PeriodError';
  }
}

/** Days since 1970-01-01 of a valid calendar date, or null (2026-02-30 is not a date). */
export function dayNumber(date: string): number | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t / DAY_MS;
}

function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar arithmetic on YYYY-MM-DD (no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = dayNumber(date);
  if (d === null) throw new RangeError(`not a calendar date: ${date}`);
  return fromDayNumber(d + n);
}

/** Days from `from` to `to`, both inclusive (2026-04-01..2026-04-01 → 1). */
export function daysInclusive(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null) throw new RangeError(`not a calendar date: ${a === null ? from : to}`);
  return b - a + 1;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The local wall clock at an instant, as numbers. */
function wallClock(instant: Date, tz: string) {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** UTC offset of `tz` at `instant` in ms (Asia/Shanghai → +8 h). */
export function offsetMs(instant: Date, tz: string): number {
  const w = wallClock(instant, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date, tz: string): string {
  const w = wallClock(instant, tz);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The instant of 00:00 local time on a calendar date. */
export function localMidnight(date: string, tz: string): Date {
  const d = dayNumber(date);
  if (d === null) throw new RangeError(`not a calendar date: ${date}`);
  const wallAsUtc = d * DAY_MS;
  const guess = wallAsUtc - offsetMs(new Date(wallAsUtc), tz);
  // the offset at the guess may differ from the one at UTC midnight (a DST change in between)
  const corrected = wallAsUtc - offsetMs(new Date(guess), tz);
  return new Date(corrected);
}

/** Local calendar months (YYYY-MM) touched by [from, to], in order. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endKey = to.slice(0, 7);
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= endKey) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * Resolves `?from&to` into a Period. Missing `to` → today (local); missing `from` →
 * `to` − 29 days (30 days inclusive). from > to, or more than MAX_PERIOD_DAYS → PeriodError.
 */
export function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  timezone: string,
  now: Date,
): Period {
  const tz = isValidTimeZone(timezone) ? timezone : DEFAULT_TIMEZONE;
  const to = query.to ?? localDate(now, tz);
  if (dayNumber(to) === null) throw new PeriodError('to', 'to must be a calendar date YYYY-MM-DD');
  const from = query.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (dayNumber(from) === null) throw new PeriodError('from', 'from must be a calendar date YYYY-MM-DD');
  const days = daysInclusive(from, to);
  if (days < 1) throw new PeriodError('from', 'from must not be after to');
  if (days > MAX_PERIOD_DAYS) throw new PeriodError('to', `a period is at most ${MAX_PERIOD_DAYS} days`);
  return { from, to, timezone: tz, startsAt: localMidnight(from, tz), endsAt: localMidnight(addDays(to, 1), tz), days };
}
