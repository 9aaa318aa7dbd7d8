/**
 * Wall-clock arithmetic in an IANA time zone without a date library: day boundaries for the
 * timeline and `datetime-local` ⇄ instant conversion for edit forms. Exact across DST changes.
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

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number };

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

function offsetMs(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant (ms) at which the wall clock in `timeZone` shows the given date and time. */
export function zonedToInstant(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetMs(guess, timeZone);
  const second = guess - offsetMs(first, timeZone);
  return second;
}

/** Midnight (start of the local day) of the day holding `instant`. */
export function startOfLocalDay(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  return zonedToInstant(w.year, w.month, w.day, 0, 0, timeZone);
}

/** Midnight of the local day after the one holding `instant`. */
export function startOfNextLocalDay(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return zonedToInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
}

/** The local days intersecting [from, to): each with its start and end instants. */
export function localDays(from: number, to: number, timeZone: string, max = 62): { start: number; end: number; wall: WallTime }[] {
  const days: { start: number; end: number; wall: WallTime }[] = [];
  let start = startOfLocalDay(from, timeZone);
  while (start < to && days.length < max) {
    const end = startOfNextLocalDay(start, timeZone);
    days.push({ start, end, wall: wallTime(start, timeZone) });
    start = end;
  }
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → the value of an `<input type="datetime-local">` showing the zone's wall time. */
export function toLocalInputValue(iso: string, timeZone: string): string {
  const w = wallTime(iso, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** An `<input type="datetime-local">` value read in the zone → ISO instant, or null when not a valid value. */
export function fromLocalInputValue(value: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const t = zonedToInstant(y, mo, d, h, mi, timeZone);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}
