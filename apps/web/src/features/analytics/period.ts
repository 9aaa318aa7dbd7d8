import { MAX_PERIOD_DAYS } from '@amms/contracts/analytics';
import { addDays, daysBetween, todayIn, weekStart } from '@/lib/zoned-time';

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
export function writePeriod(
  params: URLSearchParams,
  next: { preset: PeriodPreset } | { from: string; to: string },
): URLSearchParams {
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

/** The period of the same length just before `p` (inclusive days): what "vs the previous period" compares with. */
export function previousPeriod(p: { from: string; to: string }): { from: string; to: string } {
  const days = daysBetween(p.from, p.to);
  return { from: addDays(p.from, -days), to: addDays(p.from, -1) };
}
