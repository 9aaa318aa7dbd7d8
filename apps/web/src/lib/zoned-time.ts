/**
 * Wall-clock time in the organization's time zone (not the browser's) without a date library:
 * an operator's "today", a dispatcher's planning window and the analytics period are all
 * calendar days of the org's zone. <input type="date"> and <input type="datetime-local"> have
 * no zone: their values are read and written here in the org's zone. Exact across DST changes.
 *
 * Calendar days are 'YYYY-MM-DD' strings; instants are ms numbers or ISO strings ('Z').
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
};

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock reading of an instant in a zone (weekday 0 = Sunday). */
export function wallTime(instant: number | string | Date, timeZone: string): WallTime {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS[get('weekday')] ?? 0,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in ms (UTC+8 → 8 h; whole seconds). */
function offsetMs(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant (ms) at which the wall clock in `timeZone` shows the given date and time. Day,
 * hour … overflow is normalized (day 32 → the next month). The offset is checked again at the
 * result, as it may differ from the guess's on a DST night.
 */
export function zonedToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
  second = 0,
): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - offsetMs(guess, timeZone);
  return guess - offsetMs(first, timeZone);
}

const pad = (n: number) => String(n).padStart(2, '0');

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * 'YYYY-MM-DDTHH:mm' (a datetime-local value; seconds are ignored) or 'YYYY-MM-DD' (= 00:00)
 * read in `timeZone` → ISO instant; null when malformed.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(local.trim());
  if (!m) return null;
  const t = zonedToInstant(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), timeZone);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** ISO instant of 00:00 of a calendar day in `timeZone`. */
export function zonedDayStart(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedToInstant(y, m, d, 0, 0, timeZone)).toISOString();
}

/** Instant → the value of an `<input type="datetime-local">` showing the zone's wall time. */
export function toLocalInputValue(iso: string | Date, timeZone: string): string {
  const w = wallTime(iso, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** Midnight (start of the local day) of the day holding `instant`. */
export function startOfLocalDay(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  return zonedToInstant(w.year, w.month, w.day, 0, 0, timeZone);
}

/** Midnight of the local day after the one holding `instant`. */
export function startOfNextLocalDay(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  return zonedToInstant(w.year, w.month, w.day + 1, 0, 0, timeZone);
}

/** The local days intersecting [from, to): each with its start and end instants. */
export function localDays(
  from: number,
  to: number,
  timeZone: string,
  max = 62,
): { start: number; end: number; wall: WallTime }[] {
  const days: { start: number; end: number; wall: WallTime }[] = [];
  let start = startOfLocalDay(from, timeZone);
  while (start < to && days.length < max) {
    const end = startOfNextLocalDay(start, timeZone);
    days.push({ start, end, wall: wallTime(start, timeZone) });
    start = end;
  }
  return days;
}

/** [start of today, start of today + `days`) in the org's zone, as Dates. */
export function dayRange(now: Date, timeZone: string, days: number): { from: Date; to: Date } {
  const w = wallTime(now, timeZone);
  return {
    from: new Date(zonedToInstant(w.year, w.month, w.day, 0, 0, timeZone)),
    to: new Date(zonedToInstant(w.year, w.month, w.day + days, 0, 0, timeZone)),
  };
}

/** Whether [startsAt, endsAt) meets the range. */
export function overlaps(range: { from: Date; to: Date }, startsAt: string, endsAt: string): boolean {
  return new Date(startsAt) < range.to && new Date(endsAt) > range.from;
}

/** Today's calendar day in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const w = wallTime(now, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

// --- calendar arithmetic on 'YYYY-MM-DD' (no zone involved) ---

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Days from `from` to `to`, both counted (the same day → 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Monday of the week that contains `day`. */
export function weekStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}
