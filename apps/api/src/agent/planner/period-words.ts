import { addDays, nextWeekdayOnOrAfter, weekdayOfWeek, type LocalDate } from './calendar.js';
import type { DateRange, PeriodExpr } from './period-types.js';

/** Words and helpers both period grammars read with (periods.ts, period-parts.ts). */

export const one = (d: LocalDate | null): DateRange | null => (d ? { from: d, to: d } : null);
/** an expression that does not continue a range: resolved from today and its groups only */
export const fixed = (resolve: (today: LocalDate, g: string[]) => DateRange | null): PeriodExpr => ({
  kind: 'fixed',
  resolve: (t, _a, g) => resolve(t, g),
});

export type WeekWhich = 'this' | 'next' | 'nextnext' | '';
export const ZH_WEEK = '(?:周|星期|礼拜)';
/** the week word's prefix: 下下(个) / 下(个) / 本, 这(个) / none */
export const zhWhich = (p: string): WeekWhich =>
  p.startsWith('下下') ? 'nextnext' : p.startsWith('下') ? 'next' : p ? 'this' : '';

/**
 * A weekday as said with `which`: this week's, next week's, the week after's, or ('') the next
 * one on or after the anchor (today when there is none), today included.
 */
function weekdayFrom(today: LocalDate, anchor: LocalDate | null, which: WeekWhich, wd: number): LocalDate {
  if (which === 'this') return weekdayOfWeek(today, wd);
  if (which === 'next') return weekdayOfWeek(addDays(today, 7), wd);
  if (which === 'nextnext') return weekdayOfWeek(addDays(today, 14), wd);
  return nextWeekdayOnOrAfter(anchor ?? today, wd);
}

/** `which`: '' upcoming (today included, or on/after the anchor), 'this', 'next', 'nextnext' */
export function weekday(today: LocalDate, anchor: LocalDate | null, wd: number | undefined, which: WeekWhich) {
  return wd === undefined ? null : one(weekdayFrom(today, anchor, which, wd));
}

/** A run of days: the first day as a single weekday would be read with `which`, then the next `last` on or after it. */
export function weekdayRun(today: LocalDate, which: WeekWhich, first: number | undefined, last: number | undefined) {
  if (first === undefined || last === undefined) return null;
  const from = weekdayFrom(today, null, which, first);
  return { from, to: nextWeekdayOnOrAfter(from, last) };
}

// no digits: "下周3级以上" is next week + priority 3, not next Wednesday
export const WEEKDAYS_ZH: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
export const MONTHS_EN: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  may: 5,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
export const MONTH_RE = Object.keys(MONTHS_EN)
  .sort((a, b) => b.length - a.length)
  .join('|');
