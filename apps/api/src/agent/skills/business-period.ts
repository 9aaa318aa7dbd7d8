import {
  addDays,
  addMonths,
  endOfMonth,
  minDate,
  parts,
  startOfMonth,
  startOfWeek,
  type LocalDate,
} from '../planner/calendar.js';

/**
 * The period of a business question, looking BACK (the planner's periods look ahead): local
 * dates, inclusive, never past today. "这周/this week" = Monday..today, "上周/last week" = last
 * Monday..Sunday, "本月/this month" = the 1st..today, "上个月/last month" = the whole last month,
 * "今年/this year" = Jan 1..today, "去年/last year", "本季度/this quarter", "最近N天/past N days",
 * "今天/today", "昨天/yesterday". Nothing said → the analytics default: the 30 days ending today.
 */
export interface BusinessPeriod {
  from: LocalDate;
  to: LocalDate;
  /** what the goal said, or null for the default */
  said: string | null;
}

const ZH_NUM: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10 };
const num = (s: string) =>
  /^\d+$/.test(s)
    ? Number(s)
    : s === '十'
      ? 10
      : s.length === 2 && s[0] === '十'
        ? 10 + (ZH_NUM[s[1]!] ?? 0)
        : s.length === 2 && s[1] === '十'
          ? (ZH_NUM[s[0]!] ?? 0) * 10
          : (ZH_NUM[s] ?? NaN);

export function businessPeriod(goal: string, today: LocalDate): BusinessPeriod {
  const y = parts(today).year;
  const rules: ReadonlyArray<{
    re: RegExp;
    period: (m: RegExpExecArray) => { from: LocalDate; to: LocalDate } | null;
  }> = [
    {
      re: /(?:最近|过去|近)\s*(\d{1,3}|[一二两三四五六七八九十]{1,2})\s*天|\b(?:last|past)\s+(\d{1,3})\s+days\b/i,
      period: (m) => {
        const n = num(m[1] ?? m[2] ?? '');
        return Number.isFinite(n) && n >= 1 && n <= 366 ? { from: addDays(today, 1 - n), to: today } : null;
      },
    },
    {
      re: /上(?:个)?月|\blast month\b/i,
      period: () => ({
        from: startOfMonth(addMonths(startOfMonth(today), -1)),
        to: endOfMonth(addMonths(startOfMonth(today), -1)),
      }),
    },
    {
      re: /(?:本|这个?|当)月|\bthis month\b|\bmonth to date\b/i,
      period: () => ({ from: startOfMonth(today), to: today }),
    },
    {
      re: /上(?:个)?(?:周|星期|礼拜)|\blast week\b/i,
      period: () => ({ from: addDays(startOfWeek(today), -7), to: addDays(startOfWeek(today), -1) }),
    },
    { re: /(?:本|这个?)(?:周|星期|礼拜)|\bthis week\b/i, period: () => ({ from: startOfWeek(today), to: today }) },
    { re: /去年|\blast year\b/i, period: () => ({ from: `${y - 1}-01-01`, to: `${y - 1}-12-31` }) },
    { re: /(?:今|本|这)年|\bthis year\b|\byear to date\b|\bytd\b/i, period: () => ({ from: `${y}-01-01`, to: today }) },
    {
      re: /(?:本|这个?)季度|\bthis quarter\b/i,
      period: () => ({
        from: startOfMonth(
          addMonths(`${y}-${String(Math.floor((parts(today).month - 1) / 3) * 3 + 1).padStart(2, '0')}-01`, 0),
        ),
        to: today,
      }),
    },
    { re: /昨天|\byesterday\b/i, period: () => ({ from: addDays(today, -1), to: addDays(today, -1) }) },
    { re: /今天|今日|\btoday\b/i, period: () => ({ from: today, to: today }) },
  ];
  for (const r of rules) {
    const m = r.re.exec(goal);
    const p = m ? r.period(m) : null;
    if (m && p) return { from: p.from, to: minDate(p.to, today), said: m[0] };
  }
  return { from: addDays(today, -29), to: today, said: null };
}
