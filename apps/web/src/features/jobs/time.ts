/**
 * Wall-clock time in the organization's time zone ↔ instants. <input type="datetime-local">
 * and <input type="date"> have no zone: their values are read and written in the org's zone
 * (not the browser's), so a dispatcher abroad still plans in the co-op's local time.
 */

function zoneParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Offset of `timeZone` from UTC at `date`, in ms (UTC+8 → 8 h). */
function offsetMs(date: Date, timeZone: string): number {
  const p = zoneParts(date, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** 'YYYY-MM-DDTHH:mm' (or 'YYYY-MM-DD' = midnight) in `timeZone` → ISO instant (UTC, 'Z'); null when malformed. */
export function zonedToIso(local: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(local.trim());
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  if (Number.isNaN(guess)) return null;
  const first = guess - offsetMs(new Date(guess), timeZone);
  const second = guess - offsetMs(new Date(first), timeZone);
  return new Date(second).toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO instant → 'YYYY-MM-DDTHH:mm' in `timeZone` (for datetime-local inputs). */
export function isoToZonedInput(iso: string | Date, timeZone: string): string {
  const p = zoneParts(new Date(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** ISO instant → 'YYYY-MM-DD' in `timeZone`. */
export function isoToZonedDate(iso: string | Date, timeZone: string): string {
  return isoToZonedInput(iso, timeZone).slice(0, 10);
}

/** Calendar arithmetic on 'YYYY-MM-DD' (no zone involved). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The Monday of the week that contains `day` ('YYYY-MM-DD'). */
export function mondayOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string): string {
  return isoToZonedDate(new Date(), timeZone);
}

/** A number input's value → number | undefined (empty) | NaN (not a number). */
export function parseOptionalNumber(value: string): number | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  return Number(v);
}
