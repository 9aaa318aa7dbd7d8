import { MAX_PERIOD_DAYS } from '@amms/contracts/analytics';
import { dayKey } from '@/lib/format';

/**
 * The analytics period as it lives in the URL: `?period=week|month|30d|year`, or a custom
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Days are calendar days of the org's time zone (the API
 * reads `from` / `to` the same way), so "this week" starts on the org's Monday, not the browser's.
 */
export const PERIOD_PRESETS = ['week', 'month', '30d', 'year'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = { preset: PeriodPreset | 'custom'; from: string; to: string };

export const DEFAULT_PRESET: PeriodPreset = '30d';
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Monday of the week that contains `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayKey(now, timeZone);
}

export function presetRange(preset: PeriodPreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'week':
      return { from: weekStart(today), to: today };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'year':
      return { from: `${today.slice(0, 5)}01-01`, to: today };
    case '30d':
    default:
      return { from: addDays(today, -29), to: today };
  }
}

function isDay(v: string | null): v is string {
  return !!v && DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
}

export function isPreset(v: string | null | undefined): v is PeriodPreset {
  return !!v && (PERIOD_PRESETS as readonly string[]).includes(v);
}

/** The period of a query string; anything invalid falls back to the default preset. */
export function readPeriod(params: URLSearchParams, timeZone: string): Period {
  const today = todayIn(timeZone);
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to)) {
    const days = daysBetween(from, to);
    if (days >= 1 && days <= MAX_PERIOD_DAYS) return { preset: 'custom', from, to };
  }
  const p = params.get('period');
  const preset = isPreset(p) ? p : DEFAULT_PRESET;
  return { preset, ...presetRange(preset, today) };
}

/** The query string of a period (other parameters of `params` are kept). */
export function writePeriod(params: URLSearchParams, next: { preset: PeriodPreset } | { from: string; to: string }): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete('period');
  out.delete('from');
  out.delete('to');
  if ('preset' in next) {
    if (next.preset !== DEFAULT_PRESET) out.set('period', next.preset);
  } else {
    out.set('from', next.from);
    out.set('to', next.to);
  }
  return out;
}

export function periodQuery(p: { from: string; to: string }): string {
  return `from=${p.from}&to=${p.to}`;
}

/** Offset of a time zone from UTC at an instant, in ms (whole seconds). */
function tzOffsetMs(instant: number, timeZone: string): number {
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
  const get = (type: string) => Number(parts.find((x) => x.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** ISO instant of 00:00 of a calendar day in a time zone (DST-safe: re-checked once). */
export function zonedDayStart(day: string, timeZone: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const first = guess - tzOffsetMs(guess, timeZone);
  const second = guess - tzOffsetMs(first, timeZone);
  return new Date(second).toISOString();
}

/** Browser-local URL update without a server round trip (Next syncs useSearchParams with it). */
export function replaceQuery(params: URLSearchParams): void {
  const qs = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${qs ? `?${qs}` : ''}`);
}
