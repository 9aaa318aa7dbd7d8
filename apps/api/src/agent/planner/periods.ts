import { addDays, maxDate, minDate, type LocalDate } from './calendar.js';
import { EN_COUNT, parseCount, ZH_COUNT } from './numerals.js';
import { dayOfMonth, PERIOD_PATTERNS } from './period-patterns.js';
import type { DateRange, PeriodExpr } from './period-types.js';
import { GoalText, leftmostLongest, scan, type Match, type Span } from './text.js';

export type { DateRange, PeriodExpr } from './period-types.js';

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
  /** the period's end was said as a deadline ("12月15日前", "by Friday"): the last day work may end */
  deadline?: LocalDate;
}

export function findPeriod(text: GoalText, today: LocalDate): PeriodResult {
  const view = text.view();
  const matches = leftmostLongest(scan(view, PERIOD_PATTERNS));
  const spans: Span[] = [];
  const mentions: string[] = [];
  const ranges: DateRange[] = [];
  let groups = 0;
  const deadlines: LocalDate[] = [];
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
        deadlines.push(to);
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
  // a deadline holds when it is the period's end (not "到周五" inside a longer span said beside it)
  const deadline = deadlines.includes(to) ? { deadline: to } : {};
  return { period: { from, to }, spans, mentions, combined: groups > 1, past: false, clamped, ...deadline };
}
