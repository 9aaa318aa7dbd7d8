/**
 * Day boundaries in the organization's time zone (not the phone's): "today" for an operator
 * is the org's calendar day.
 */

/** Offset of `timeZone` from UTC at `instant`, in ms (e.g. +8 h for Asia/Shanghai). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which calendar day `y-m-d` begins in `timeZone` (DST-safe to the hour). */
function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - zoneOffsetMs(guess, timeZone);
  // the offset at the result may differ from the guess's (DST change that night)
  t = guess - zoneOffsetMs(t, timeZone);
  return new Date(t);
}

function calendarDay(instant: Date, timeZone: string): [number, number, number] {
  const s = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** [start of today, start of today + `days`) in the org's zone, as Dates. */
export function dayRange(now: Date, timeZone: string, days: number): { from: Date; to: Date } {
  const [y, m, d] = calendarDay(now, timeZone);
  // Date.UTC normalizes day overflow (31 + 1 → next month)
  const end = new Date(Date.UTC(y, m - 1, d + days));
  return { from: zonedMidnight(y, m, d, timeZone), to: zonedMidnight(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate(), timeZone) };
}

export function overlaps(a: { from: Date; to: Date }, startsAt: string, endsAt: string): boolean {
  return new Date(startsAt) < a.to && new Date(endsAt) > a.from;
}
