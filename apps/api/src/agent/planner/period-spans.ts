import { addDays, startOfWeek, type LocalDate } from './calendar.js';
import { EN_COUNT, parseCount, ZH_COUNT } from './numerals.js';
import type { DateRange, PeriodExpr } from './period-types.js';
import { fixed, ZH_WEEK } from './period-words.js';

/**
 * Spans of days and weeks said relative to today that dispatchers use daily:
 * - "下两周" / "下三个星期" / "the next two calendar weeks": whole weeks from next Monday
 *   (next week and the week after), unlike "未来两周" (14 days from today);
 * - "今明两天" / "今明" (today and tomorrow), "明后两天" / "明后天" (tomorrow and the day after),
 *   "今明后三天", "这两天" (today and tomorrow), "这几天" (three days from today);
 * - "后面两周" / "后面三天" (as 未来…);
 * - "the coming week" (seven days from today), "the next few days" (three), "the next couple of days" (two).
 */

function calendarWeeks(today: LocalDate, n: number | null): DateRange | null {
  if (n === null || n < 1 || n > 52) return null;
  const mon = addDays(startOfWeek(today), 7);
  return { from: mon, to: addDays(mon, 7 * n - 1) };
}
const days = (today: LocalDate, first: number, count: number | null): DateRange | null =>
  count === null || count < 1 || count > 366
    ? null
    : { from: addDays(today, first), to: addDays(today, first + count - 1) };

export const PERIOD_SPAN_PATTERNS: ReadonlyArray<{ re: RegExp; value: PeriodExpr }> = [
  // "下两周" (not 下周 / 下下周: those have no count)
  {
    re: new RegExp(`下(?!下)(${ZH_COUNT})个?${ZH_WEEK}`),
    value: fixed((t, g) => calendarWeeks(t, parseCount(g[0]!))),
  },
  { re: /今明后(?:三|3)?(?:天|日)?/, value: fixed((t) => days(t, 0, 3)) },
  { re: /今明(?:两|二|2)?(?:天|日)?/, value: fixed((t) => days(t, 0, 2)) },
  { re: /明后(?:两|二|2)?(?:天|日)?/, value: fixed((t) => days(t, 1, 2)) },
  { re: /这两(?:天|日)|这一两天/, value: fixed((t) => days(t, 0, 2)) },
  { re: /这几(?:天|日)/, value: fixed((t) => days(t, 0, 3)) },
  {
    re: new RegExp(`后面的?(${ZH_COUNT})个?(?:天|日)`),
    value: fixed((t, g) => days(t, 0, parseCount(g[0]!))),
  },
  {
    re: new RegExp(`后面的?(${ZH_COUNT})个?${ZH_WEEK}`),
    value: fixed((t, g) => {
      const n = parseCount(g[0]!);
      return days(t, 0, n === null ? null : n * 7);
    }),
  },
  { re: /\b(?:the\s+)?(?:coming|upcoming)\s+week\b/, value: fixed((t) => days(t, 0, 7)) },
  { re: /\b(?:the\s+)?(?:next|coming)\s+few\s+days\b/, value: fixed((t) => days(t, 0, 3)) },
  { re: /\b(?:the\s+)?(?:next|coming)\s+couple\s+(?:of\s+)?days\b/, value: fixed((t) => days(t, 0, 2)) },
  {
    re: new RegExp(`\\b(?:the\\s+)?next\\s+(${EN_COUNT})\\s+calendar\\s+weeks?\\b`),
    value: fixed((t, g) => calendarWeeks(t, parseCount(g[0]!))),
  },
];
