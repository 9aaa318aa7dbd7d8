/**
 * Calendar arithmetic on local dates (`YYYY-MM-DD`), independent of the host's time zone:
 * a local date is carried as a UTC midnight internally, so adding days never crosses a DST
 * or offset boundary. Weeks start on Monday (ISO 8601, and how dispatchers in China count).
 */

export type LocalDate = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(d: LocalDate): Date {
  const m = ISO.exec(d);
  if (!m) throw new RangeError(`not a local date: ${d}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function fromUtc(t: Date): LocalDate {
  return t.toISOString().slice(0, 10);
}

/** The calendar date `now` falls on in `timeZone` (an IANA name, e.g. Asia/Shanghai). */
export function localToday(now: Date, timeZone: string): LocalDate {
  // en-CA formats as YYYY-MM-DD; formatToParts keeps us independent of that detail anyway.
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A date from its parts, or null when it does not exist (Feb 30, month 13). */
export function makeDate(year: number, month: number, day: number): LocalDate | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const t = new Date(Date.UTC(year, month - 1, day));
  if (t.getUTCMonth() !== month - 1 || t.getUTCDate() !== day) return null;
  return fromUtc(t);
}

export function parts(d: LocalDate): { year: number; month: number; day: number } {
  const t = toUtc(d);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function addDays(d: LocalDate, n: number): LocalDate {
  const t = toUtc(d);
  t.setUTCDate(t.getUTCDate() + n);
  return fromUtc(t);
}

/** 1 = Monday … 7 = Sunday */
export function isoWeekday(d: LocalDate): number {
  const w = toUtc(d).getUTCDay();
  return w === 0 ? 7 : w;
}

export function startOfWeek(d: LocalDate): LocalDate {
  return addDays(d, 1 - isoWeekday(d));
}

/** The given weekday (1 = Monday) of the week containing `d`. */
export function weekdayOfWeek(d: LocalDate, weekday: number): LocalDate {
  return addDays(startOfWeek(d), weekday - 1);
}

/** The first date on or after `d` that falls on `weekday`. */
export function nextWeekdayOnOrAfter(d: LocalDate, weekday: number): LocalDate {
  return addDays(d, (weekday - isoWeekday(d) + 7) % 7);
}

export function startOfMonth(d: LocalDate): LocalDate {
  const { year, month } = parts(d);
  return makeDate(year, month, 1)!;
}

export function endOfMonth(d: LocalDate): LocalDate {
  const { year, month } = parts(d);
  return fromUtc(new Date(Date.UTC(year, month, 0)));
}

export function addMonths(d: LocalDate, n: number): LocalDate {
  // only used on the first of a month, where there is no day overflow to think about
  const { year, month, day } = parts(d);
  const t = new Date(Date.UTC(year, month - 1 + n, 1));
  return makeDate(t.getUTCFullYear(), t.getUTCMonth() + 1, Math.min(day, Number(endOfMonth(fromUtc(t)).slice(8))))!;
}

export function daysBetween(a: LocalDate, b: LocalDate): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

export function minDate(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

export function maxDate(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}
