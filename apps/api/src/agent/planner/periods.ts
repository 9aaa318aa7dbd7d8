import {
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  makeDate,
  maxDate,
  minDate,
  nextWeekdayOnOrAfter,
  parts,
  startOfMonth,
  startOfWeek,
  weekdayOfWeek,
  type LocalDate,
} from './calendar.js';
import { EN_COUNT, parseCount, ZH_COUNT } from './numerals.js';
import { PERIOD_PART_PATTERNS } from './period-parts.js';
import type { DateRange, PeriodExpr } from './period-types.js';

export type { DateRange, PeriodExpr } from './period-types.js';
import { GoalText, leftmostLongest, scan, type Match, type Span } from './text.js';

/**
 * Time expressions of a goal → one inclusive period of local dates.
 *
 * Rules (see docs/agent.md for the table):
 * - Relative to "today" in the org's time zone; weeks run Monday..Sunday.
 * - "本周"/"this week" = today..Sunday (the past days of the week cannot be scheduled);
 *   "本月"/"this month" = today..month end; "未来N天"/"next N days" = N days starting today.
 * - A bare weekday ("周五", "Friday") is the next such day, today included; "本周五"/"this
 *   Friday" is this week's; "下周五"/"next Friday" is next week's (Mon..Sun weeks).
 * - A date without a year ("12月8日", "Dec 8", "12/8" = month/day) is the occurrence closest to
 *   today, so "1月3日" said in December is next January and "12月1日" said on Dec 2 is yesterday.
 * - Two expressions joined by 到/至/-/~/to/until/through/and form a range: the second one is read
 *   on or after the first ("周一到周三", "Dec 28 to Jan 3", "12月8日到12日").
 * - Several unrelated expressions → the span covering them all (noted).
 * - A period that ends before today is refused (asked again); one that started before today
 *   is cut to start today (noted).
 */

const one = (d: LocalDate | null): DateRange | null => (d ? { from: d, to: d } : null);
const fixed = (resolve: (today: LocalDate, g: string[]) => DateRange | null): PeriodExpr => ({
  kind: 'fixed',
  resolve: (t, _a, g) => resolve(t, g),
});

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

// no digits: "下周3级以上" is next week + priority 3, not next Wednesday
const WEEKDAYS_ZH: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const WEEKDAYS_EN: Record<string, number> = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
};
const MONTHS_EN: Record<string, number> = {
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
const MONTH_RE = Object.keys(MONTHS_EN)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** `which`: '' upcoming (today included, or on/after the anchor), 'this', 'next', 'nextnext' */
function weekday(today: LocalDate, anchor: LocalDate | null, wd: number | undefined, which: string): DateRange | null {
  if (wd === undefined) return null;
  if (which === 'this') return one(weekdayOfWeek(today, wd));
  if (which === 'next') return one(weekdayOfWeek(addDays(today, 7), wd));
  if (which === 'nextnext') return one(weekdayOfWeek(addDays(today, 14), wd));
  return one(nextWeekdayOnOrAfter(anchor ?? today, wd));
}

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
function dayOfMonth(today: LocalDate, anchor: LocalDate | null, day: number | null): LocalDate | null {
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

const ZH_WEEK = '(?:周|星期|礼拜)';
const zhWhich = (p: string) => (p.startsWith('下下') ? 'nextnext' : p.startsWith('下') ? 'next' : p ? 'this' : '');

const PATTERNS: ReadonlyArray<{ re: RegExp; value: PeriodExpr }> = [
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
];

function weeks(raw: string): number | null {
  const n = parseCount(raw);
  return n === null ? null : n * 7;
}

function monthOf(first: LocalDate): DateRange {
  return { from: first, to: endOfMonth(first) };
}

/** "到周五" / "截止12月10日" / "by Friday": from today up to the date (inclusive) */
const UNTIL_BEFORE = /(?:截止到?|截至|直到|到|until|till|by|no\s+later\s+than)\s*$/;
/** "before Friday": up to the day before */
const BEFORE_BEFORE = /\bbefore\s*$/;
/** "周五之前" / "12月10日前" / "月底为止": from today up to the date (inclusive, "by") */
const UNTIL_AFTER = /^\s*(?:之前|以前|前|为止)/;
/** "下周三开始的三天", "从明天起连续5天", "Monday for 3 days": N days from the date */
const FOR_DAYS = new RegExp(
  `^\\s*(?:(?:开始|起)(?:的|连续)?\\s*(${ZH_COUNT})\\s*个?(?:天|日)|,?\\s*for\\s+(${EN_COUNT})\\s+days?\\b)`,
);

const CONNECTOR = /^\s*(?:(?:起|开始)?(?:到|至)|~|-|–|—|to|until|till|through|thru|and|和|与|及|、|or|或)?\s*$/;
/** "Dec 8 - 12", "12月8日至12": a bare day number ending a range started by a date */
const SHORT_END =
  /^\s*(?:到|至|~|-|–|—|to|until|till|through|thru)\s*(\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:日|号|st|nd|rd|th)?(?![\d月/.:]|\s*(?:月|\/))/;

export interface PeriodResult {
  period: DateRange | null;
  /** the text that was read as time (masked afterwards by the caller) */
  spans: Span[];
  /** the expressions as written, in order */
  mentions: string[];
  /** several separate expressions were merged into one covering span */
  combined: boolean;
  /** everything mentioned is already over */
  past: boolean;
  /** the period started before today and was cut to start today */
  clamped: boolean;
}

export function findPeriod(text: GoalText, today: LocalDate): PeriodResult {
  const view = text.view();
  const matches = leftmostLongest(scan(view, PATTERNS));
  const spans: Span[] = [];
  const mentions: string[] = [];
  const ranges: DateRange[] = [];
  let groups = 0;
  let prev: { match: Match<PeriodExpr>; range: DateRange | null } | null = null;

  for (const [i, m] of matches.entries()) {
    const between = prev ? view.slice(prev.match.end, m.start) : null;
    const chained = prev !== null && prev.range !== null && between !== null && CONNECTOR.test(between);
    const range = m.value.resolve(today, chained && m.value.kind === 'anchored' ? prev!.range!.from : null, m.groups);
    if (chained) {
      spans.push({ start: prev!.match.end, end: m.start });
      mentions[mentions.length - 1] += text.slice({ start: prev!.match.end, end: m.end });
    } else {
      groups++;
      mentions.push(text.slice(m));
    }
    spans.push(m);
    prev = { match: m, range };
    if (range && !chained) {
      const before = view.slice(0, m.start);
      const after = view.slice(m.end);
      const until = UNTIL_BEFORE.exec(before) ?? BEFORE_BEFORE.exec(before);
      const untilAfter = UNTIL_AFTER.exec(after);
      const forDays = FOR_DAYS.exec(after);
      if (forDays) {
        const n = parseCount(forDays[1] || forDays[2]!);
        if (n !== null && n >= 1 && n <= 366) {
          spans.push({ start: m.end, end: m.end + forDays[0].length });
          mentions[mentions.length - 1] += text.slice({ start: m.end, end: m.end + forDays[0].length });
          ranges.push({ from: range.from, to: addDays(range.from, n - 1) });
          continue;
        }
      }
      if (until || untilAfter) {
        const exclusive = !untilAfter && BEFORE_BEFORE.test(before);
        const to = exclusive ? addDays(range.from, -1) : range.to;
        const span = {
          start: until ? m.start - until[0].length : m.start,
          end: untilAfter ? m.end + untilAfter[0].length : m.end,
        };
        spans.push(span);
        mentions[mentions.length - 1] = text.slice(span).trim();
        ranges.push({ from: minDate(today, to), to });
        continue;
      }
    }
    if (range) ranges.push(range);

    const tail = SHORT_END.exec(view.slice(m.end));
    const nextStart = matches[i + 1]?.start ?? Infinity;
    if (range && m.value.kind === 'anchored' && tail && m.end + tail[0].length <= nextStart) {
      const end = dayOfMonth(today, range.from, parseCount(tail[1]!));
      if (end) {
        const span = { start: m.end, end: m.end + tail[0].length };
        spans.push(span);
        mentions[mentions.length - 1] += text.slice(span);
        ranges.push({ from: end, to: end });
      }
    }
  }

  if (ranges.length === 0) return { period: null, spans, mentions, combined: false, past: false, clamped: false };
  let from = ranges.map((r) => r.from).reduce(minDate);
  const to = ranges.map((r) => r.to).reduce(maxDate);
  if (to < today) return { period: null, spans, mentions, combined: groups > 1, past: true, clamped: false };
  const clamped = from < today;
  if (clamped) from = today;
  return { period: { from, to }, spans, mentions, combined: groups > 1, past: false, clamped };
}
