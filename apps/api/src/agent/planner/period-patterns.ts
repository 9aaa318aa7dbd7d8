import {
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  makeDate,
  maxDate,
  parts,
  startOfMonth,
  startOfWeek,
  weekdayOfWeek,
  type LocalDate,
} from './calendar.js';
import { EN_COUNT, parseCount, ZH_COUNT } from './numerals.js';
import { PERIOD_PART_PATTERNS } from './period-parts.js';
import { PERIOD_SPAN_PATTERNS } from './period-spans.js';
import type { DateRange, PeriodExpr } from './period-types.js';
import { fixed, MONTH_RE, MONTHS_EN, one, weekday, WEEKDAYS_ZH, ZH_WEEK, zhWhich } from './period-words.js';

/** The time expressions periods.ts reads (its rules are there), each with how it resolves. */

function thisWeek(today: LocalDate): DateRange {
  return { from: today, to: addDays(startOfWeek(today), 6) };
}
function weekAfter(today: LocalDate, weeks: number): DateRange {
  const mon = addDays(startOfWeek(today), 7 * weeks);
  return { from: mon, to: addDays(mon, 6) };
}
function weekend(today: LocalDate, weeks: number): DateRange {
  const sat = addDays(weekdayOfWeek(today, 6), 7 * weeks);
  const sun = addDays(sat, 1);
  // on a Sunday "this weekend" is what is left of it: today
  return { from: weeks === 0 ? maxDate(sat, today) : sat, to: sun };
}
function nextDays(today: LocalDate, n: number | null): DateRange | null {
  if (n === null || n < 1 || n > 366) return null;
  return { from: today, to: addDays(today, n - 1) };
}
const WEEKDAYS_EN: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};

/** A month/day without a year: closest to today, or the first one on/after the anchor. */
function yearless(
  today: LocalDate,
  anchor: LocalDate | null,
  month: number | null,
  day: number | null,
): LocalDate | null {
  if (month === null || day === null) return null;
  const base = parts(anchor ?? today).year;
  const candidates = [base - 1, base, base + 1]
    .map((y) => makeDate(y, month, day))
    .filter((d): d is LocalDate => d !== null);
  if (candidates.length === 0) return null;
  if (anchor) return candidates.find((d) => d >= anchor) ?? null;
  // closest to today; a tie goes to the future
  return candidates.reduce((best, d) => {
    const a = Math.abs(daysBetween(today, d));
    const b = Math.abs(daysBetween(today, best));
    return a < b || (a === b && d > best) ? d : best;
  });
}

/** "8号": the day in the anchor's (or today's) month, else the next month's. */
export function dayOfMonth(today: LocalDate, anchor: LocalDate | null, day: number | null): LocalDate | null {
  if (day === null || day < 1 || day > 31) return null;
  const ref = anchor ?? today;
  const { year, month } = parts(ref);
  for (let i = 0; i < 3; i++) {
    const first = addMonths(makeDate(year, month, 1)!, i);
    const d = makeDate(parts(first).year, parts(first).month, day);
    if (d && d >= ref) return d;
  }
  return null;
}

function full(y: string, m: string, d: string): LocalDate | null {
  return makeDate(Number(y), Number(m), Number(d));
}

export const PERIOD_PATTERNS: ReadonlyArray<{ re: RegExp; value: PeriodExpr }> = [
  // ---- Chinese
  { re: /今天|今日|当天/, value: fixed((t) => one(t)) },
  { re: /明天|明日/, value: fixed((t) => one(addDays(t, 1))) },
  { re: /后天/, value: fixed((t) => one(addDays(t, 2))) },
  { re: /大后天/, value: fixed((t) => one(addDays(t, 3))) },
  { re: new RegExp(`(?:本|这个?)${ZH_WEEK}`), value: fixed(thisWeek) },
  { re: new RegExp(`下个?${ZH_WEEK}`), value: fixed((t) => weekAfter(t, 1)) },
  // "排一下下周" is 排一下 + 下周, not 下下周
  { re: new RegExp(`(?<!一)下下个?${ZH_WEEK}`), value: fixed((t) => weekAfter(t, 2)) },
  { re: /(?:本|这个?)?周末/, value: fixed((t) => weekend(t, 0)) },
  { re: /下个?周末/, value: fixed((t) => weekend(t, 1)) },
  {
    re: new RegExp(`((?<!一)下下个?|下个?|本|这个?)?${ZH_WEEK}([一二三四五六日天])`),
    value: { kind: 'anchored', resolve: (t, a, g) => weekday(t, a, WEEKDAYS_ZH[g[1]!], zhWhich(g[0]!)) },
  },
  {
    re: new RegExp(`(?:未来|接下来|今后|往后|之后|最近|近)的?(${ZH_COUNT})个?(?:天|日)`),
    value: fixed((t, g) => nextDays(t, parseCount(g[0]!))),
  },
  {
    re: new RegExp(`(${ZH_COUNT})个?(?:天|日)(?:之内|以内|内)`),
    value: fixed((t, g) => nextDays(t, parseCount(g[0]!))),
  },
  {
    re: new RegExp(`(?:未来|接下来|今后|往后|之后|最近|近)的?(${ZH_COUNT})个?${ZH_WEEK}`),
    value: fixed((t, g) => nextDays(t, weeks(g[0]!))),
  },
  { re: new RegExp(`(${ZH_COUNT})个?${ZH_WEEK}(?:之内|以内|内)`), value: fixed((t, g) => nextDays(t, weeks(g[0]!))) },
  { re: /(?:本|这个?)月/, value: fixed((t) => ({ from: t, to: endOfMonth(t) })) },
  { re: /下个?月/, value: fixed((t) => monthOf(addMonths(startOfMonth(t), 1))) },
  {
    re: /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*[日号]?/,
    value: fixed((_t, g) => one(full(g[0]!, g[1]!, g[2]!))),
  },
  {
    re: new RegExp(`(${ZH_COUNT})\\s*月\\s*(${ZH_COUNT})\\s*[日号]?`),
    value: { kind: 'anchored', resolve: (t, a, g) => one(yearless(t, a, parseCount(g[0]!), parseCount(g[1]!))) },
  },
  {
    re: /(?<![\d/.-])(\d{1,2})\/(\d{1,2})(?![\d/])/,
    value: { kind: 'anchored', resolve: (t, a, g) => one(yearless(t, a, Number(g[0]), Number(g[1]))) },
  },
  {
    // "8号", "12日"; not "3号地" / "1号机" (field and machine numbers), not "十日内" (longer match wins)
    re: /(?<![\d月/年])(\d{1,2}|[一二三四五六七八九十]{1,3})\s*[日号](?![地田库棚机车线])/,
    value: { kind: 'anchored', resolve: (t, a, g) => one(dayOfMonth(t, a, parseCount(g[0]!))) },
  },
  // ---- English (the text is lower-cased)
  { re: /\b(?:today|tonight)\b/, value: fixed((t) => one(t)) },
  { re: /\btomorrow\b/, value: fixed((t) => one(addDays(t, 1))) },
  { re: /\b(?:the\s+)?day\s+after\s+tomorrow\b/, value: fixed((t) => one(addDays(t, 2))) },
  { re: /\bthis\s+week\b/, value: fixed(thisWeek) },
  { re: /\bnext\s+week\b/, value: fixed((t) => weekAfter(t, 1)) },
  { re: /\b(?:the\s+)?week\s+after\s+next\b/, value: fixed((t) => weekAfter(t, 2)) },
  { re: /\b(?:this\s+|the\s+)?weekend\b/, value: fixed((t) => weekend(t, 0)) },
  { re: /\bnext\s+weekend\b/, value: fixed((t) => weekend(t, 1)) },
  {
    re: /\b(?:(this|next|coming|on)\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/,
    value: {
      kind: 'anchored',
      resolve: (t, a, g) => weekday(t, a, WEEKDAYS_EN[g[1]!], g[0] === 'this' || g[0] === 'next' ? g[0] : ''),
    },
  },
  {
    re: new RegExp(`\\b(?:the\\s+)?(?:next|coming|following)\\s+(${EN_COUNT})\\s+days?\\b`),
    value: fixed((t, g) => nextDays(t, parseCount(g[0]!))),
  },
  {
    re: new RegExp(`\\bwithin\\s+(?:the\\s+next\\s+)?(${EN_COUNT})\\s+days?\\b`),
    value: fixed((t, g) => nextDays(t, parseCount(g[0]!))),
  },
  {
    re: new RegExp(`\\b(?:the\\s+)?(?:next|coming|following)\\s+(${EN_COUNT})\\s+weeks?\\b`),
    value: fixed((t, g) => nextDays(t, weeks(g[0]!))),
  },
  {
    re: new RegExp(`\\bwithin\\s+(?:the\\s+next\\s+)?(${EN_COUNT})\\s+weeks?\\b`),
    value: fixed((t, g) => nextDays(t, weeks(g[0]!))),
  },
  { re: /\b(?:the\s+)?(?:next|coming)\s+fortnight\b/, value: fixed((t) => nextDays(t, 14)) },
  { re: /\bthis\s+month\b/, value: fixed((t) => ({ from: t, to: endOfMonth(t) })) },
  { re: /\bnext\s+month\b/, value: fixed((t) => monthOf(addMonths(startOfMonth(t), 1))) },
  {
    re: new RegExp(`\\b(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`),
    value: {
      kind: 'anchored',
      resolve: (t, a, g) =>
        one(
          g[2]
            ? makeDate(Number(g[2]), MONTHS_EN[g[0]!]!, Number(g[1]))
            : yearless(t, a, MONTHS_EN[g[0]!]!, Number(g[1])),
        ),
    },
  },
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\b\\.?(?:,?\\s+(\\d{4})\\b)?`),
    value: {
      kind: 'anchored',
      resolve: (t, a, g) =>
        one(
          g[2]
            ? makeDate(Number(g[2]), MONTHS_EN[g[1]!]!, Number(g[0]))
            : yearless(t, a, MONTHS_EN[g[1]!]!, Number(g[0])),
        ),
    },
  },
  {
    // "8-12 December", "8 to 12 Dec"
    re: new RegExp(
      `\\b(\\d{1,2})(?:st|nd|rd|th)?\\s*(?:-|–|to|until|till|through)\\s*(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH_RE})\\b\\.?`,
    ),
    value: fixed((t, g) => {
      const m = MONTHS_EN[g[2]!]!;
      const from = yearless(t, null, m, Number(g[0]));
      const to = from ? yearless(t, from, m, Number(g[1])) : null;
      return from && to ? { from, to } : null;
    }),
  },
  // parts of a month and runs of adjacent weekdays (period-parts.ts)
  ...PERIOD_PART_PATTERNS,
  // spans of days and weeks relative to today (period-spans.ts)
  ...PERIOD_SPAN_PATTERNS,
];

function weeks(raw: string): number | null {
  const n = parseCount(raw);
  return n === null ? null : n * 7;
}

function monthOf(first: LocalDate): DateRange {
  return { from: first, to: endOfMonth(first) };
}
