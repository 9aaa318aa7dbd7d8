import {
  addMonths,
  endOfMonth,
  makeDate,
  nextWeekdayOnOrAfter,
  parts,
  startOfMonth,
  type LocalDate,
} from './calendar.js';
import { parseCount, ZH_COUNT } from './numerals.js';
import type { DateRange, PeriodExpr } from './period-types.js';
import { fixed, MONTH_RE, MONTHS_EN, weekdayRun, WEEKDAYS_ZH, ZH_WEEK, zhWhich } from './period-words.js';

/**
 * Two more kinds of time expression, kept apart from periods.ts:
 *
 * Parts of a month — a month (this / next / a named one; none said = this month) and a part of it:
 *   上旬 / 月初 / early / beginning of   → days 1–10
 *   中旬 / 月中 / mid / middle of        → days 11–20
 *   下旬 / 月底 / 月末 / late / end of   → day 21 to the month's last day
 *   上半月 / 前半个月 / first half of    → days 1–15
 *   下半月 / 后半个月 / second half of   → day 16 to the last day
 *   A named month without a year is the next one that has not ended ("1月上旬" said in December
 *   is next January).
 *
 * Adjacent days said together — a run of weekdays under one week word: "周六日", "周五六",
 *   "下周三四五", "周一至三", "Sat/Sun", "Thu & Fri", "Mon–Wed next week": from the first day
 *   (read like a single weekday with the same prefix) to the next occurrence of the last one.
 *   English weekdays may be abbreviated (mon, tue(s), wed, thu(r)(s), fri, sat, sun).
 */

type Part = 'early' | 'mid' | 'late' | 'firstHalf' | 'secondHalf';

function partOf(first: LocalDate, part: Part): DateRange {
  const { year, month } = parts(first);
  const day = (d: number) => makeDate(year, month, d)!;
  switch (part) {
    case 'early':
      return { from: first, to: day(10) };
    case 'mid':
      return { from: day(11), to: day(20) };
    case 'late':
      return { from: day(21), to: endOfMonth(first) };
    case 'firstHalf':
      return { from: first, to: day(15) };
    case 'secondHalf':
      return { from: day(16), to: endOfMonth(first) };
  }
}

/** 'this' | 'next' | a month number (1..12) → the month's first day */
function monthStart(today: LocalDate, which: 'this' | 'next' | number): LocalDate | null {
  const thisMonth = startOfMonth(today);
  if (which === 'this') return thisMonth;
  if (which === 'next') return addMonths(thisMonth, 1);
  if (!Number.isInteger(which) || which < 1 || which > 12) return null;
  const { year, month } = parts(today);
  return makeDate(which < month ? year + 1 : year, which, 1);
}

const ZH_PARTS: Record<string, Part> = {
  上旬: 'early',
  月初: 'early',
  初: 'early',
  中旬: 'mid',
  月中: 'mid',
  下旬: 'late',
  月底: 'late',
  月末: 'late',
  底: 'late',
  末: 'late',
  上半月: 'firstHalf',
  上半个月: 'firstHalf',
  前半月: 'firstHalf',
  前半个月: 'firstHalf',
  下半月: 'secondHalf',
  下半个月: 'secondHalf',
  后半月: 'secondHalf',
  后半个月: 'secondHalf',
};
const ZH_PART_RE = '(上旬|中旬|下旬|月初|月中|月底|月末|上半个?月|前半个?月|下半个?月|后半个?月)';
const EN_PARTS: Record<string, Part> = {
  early: 'early',
  beginning: 'early',
  start: 'early',
  mid: 'mid',
  middle: 'mid',
  late: 'late',
  end: 'late',
  'first half': 'firstHalf',
  'second half': 'secondHalf',
  'last half': 'secondHalf',
};
const EN_PART_RE =
  '(?:the\\s+|in\\s+the\\s+)?(early|mid|late|beginning|start|middle|end|first\\s+half|second\\s+half|last\\s+half)(?:\\s*-\\s*|\\s+of\\s+|\\s+)';
const enPart = (s: string): Part => EN_PARTS[s.replace(/\s+/g, ' ')]!;

const part = (first: LocalDate | null, p: Part | undefined): DateRange | null => (first && p ? partOf(first, p) : null);

// ---- weekday runs
const WD_EN: Record<string, number> = {
  monday: 1,
  mon: 1,
  tuesday: 2,
  tues: 2,
  tue: 2,
  wednesday: 3,
  wed: 3,
  thursday: 4,
  thurs: 4,
  thur: 4,
  thu: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  sunday: 7,
  sun: 7,
};
const WD_EN_RE = Object.keys(WD_EN)
  .sort((a, b) => b.length - a.length)
  .join('|');

export const PERIOD_PART_PATTERNS: ReadonlyArray<{ re: RegExp; value: PeriodExpr }> = [
  // ---- Chinese parts of a month
  {
    re: new RegExp(`(?:本|这个?|当)月(?:的)?\\s*${ZH_PART_RE}`),
    value: fixed((t, g) => part(monthStart(t, 'this'), ZH_PARTS[g[0]!])),
  },
  { re: /(?:本|这个?|当)月(初|底|末)/, value: fixed((t, g) => part(monthStart(t, 'this'), ZH_PARTS[g[0]!])) },
  {
    re: new RegExp(`下个?月(?:的)?\\s*${ZH_PART_RE}`),
    value: fixed((t, g) => part(monthStart(t, 'next'), ZH_PARTS[g[0]!])),
  },
  { re: new RegExp(`下个?月(初|底|末)`), value: fixed((t, g) => part(monthStart(t, 'next'), ZH_PARTS[g[0]!])) },
  {
    re: new RegExp(`(?<![\\d年/.-])(${ZH_COUNT})\\s*月(?:份)?(?:的)?\\s*${ZH_PART_RE}`),
    value: fixed((t, g) => part(monthStart(t, parseCount(g[0]!) ?? 0), ZH_PARTS[g[1]!])),
  },
  {
    re: new RegExp(`(?<![\\d年/.-])(${ZH_COUNT})\\s*月(初|底|末)`),
    value: fixed((t, g) => part(monthStart(t, parseCount(g[0]!) ?? 0), ZH_PARTS[g[1]!])),
  },
  // a bare part: this month's ("月底前完成", "下旬安排")
  { re: new RegExp(`(?<![月\\d])${ZH_PART_RE}`), value: fixed((t, g) => part(monthStart(t, 'this'), ZH_PARTS[g[0]!])) },
  // ---- English parts of a month
  {
    re: new RegExp(`\\b${EN_PART_RE}(?:of\\s+)?(this|next|the)\\s+month\\b`),
    value: fixed((t, g) => part(monthStart(t, g[1] === 'next' ? 'next' : 'this'), enPart(g[0]!))),
  },
  {
    re: new RegExp(`\\b${EN_PART_RE}(?:of\\s+)?(${MONTH_RE})\\b`),
    value: fixed((t, g) => part(monthStart(t, MONTHS_EN[g[1]!] ?? 0), enPart(g[0]!))),
  },
  {
    re: /\b(?:at\s+)?(?:the\s+)?(start|beginning|end|middle)\s+of\s+(?:the\s+)?month\b/,
    value: fixed((t, g) => part(monthStart(t, 'this'), enPart(g[0]!))),
  },
  { re: /\bmonth[\s-]end\b/, value: fixed((t) => part(monthStart(t, 'this'), 'late')) },
  // ---- adjacent weekdays under one week word
  {
    re: new RegExp(
      `((?<!一)下下个?|下个?|本|这个?)?${ZH_WEEK}([一二三四五六日天])((?:\\s*(?:[、,，和与及到至~\\-—]|以及)?\\s*(?:${ZH_WEEK})?[一二三四五六日天])+)`,
    ),
    value: {
      kind: 'fixed',
      resolve: (t, _a, g) => weekdayRun(t, zhWhich(g[0]!), WEEKDAYS_ZH[g[1]!], WEEKDAYS_ZH[g[2]!.slice(-1)]),
    },
  },
  {
    re: new RegExp(
      `\\b(?:(this|next|coming|on)\\s+)?(${WD_EN_RE})\\.?\\s*(?:-|–|—|/|&|\\+|and|to|through|thru|till|until)\\s*(${WD_EN_RE})\\b\\.?(?:\\s+(this|next)\\s+week\\b)?`,
    ),
    value: {
      kind: 'fixed',
      resolve: (t, _a, g) =>
        weekdayRun(
          t,
          (g[3] || (g[0] === 'this' || g[0] === 'next' ? g[0] : '')) as 'this' | 'next' | '',
          WD_EN[g[1]!],
          WD_EN[g[2]!],
        ),
    },
  },
  // a single (possibly abbreviated) weekday with "next week" after it: "Tuesday next week"
  {
    re: new RegExp(`\\b(${WD_EN_RE})\\b\\.?\\s+(this|next)\\s+week\\b`),
    value: { kind: 'fixed', resolve: (t, _a, g) => weekdayRun(t, g[1] as 'this' | 'next', WD_EN[g[0]!], WD_EN[g[0]!]) },
  },
  // abbreviated English weekdays alone ("next Tue", "on Fri"); full names are in periods.ts
  {
    re: /\b(?:(this|next|coming|on)\s+)?(mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b\.?(?!-)/,
    value: {
      kind: 'anchored',
      resolve: (t, a, g) => {
        const wd = WD_EN[g[1]!]!;
        if (a) return { from: nextWeekdayOnOrAfter(a, wd), to: nextWeekdayOnOrAfter(a, wd) };
        return weekdayRun(t, g[0] === 'this' || g[0] === 'next' ? g[0] : '', wd, wd);
      },
    },
  },
];
