import { ZH_NUMERAL_CHARS, parseChineseNumber } from './numerals.js';
import type { Notes } from './rules-notes.js';
import { MASK, scan, type GoalText } from './text.js';

/**
 * The working week and day a dispatcher states in a goal, beside the day limit (rules-limits.ts):
 * rest days — "周六周日休息", "周末不干活", "星期三不上班", "weekends off", "no work on Sunday" —
 * and the hours the day is kept within — "8点以后开工", "早上八点半开始", "下午4点收工",
 * "not before 8am", "start at 8:30", "finish by 4pm". Read before the period, and masked, so
 * "周六周日" is never read as days to plan (it once widened "下周" to this Saturday).
 */
export interface Workdays {
  restWeekdays?: number[];
  dayStartHour?: number;
  dayEndHour?: number;
}

const WD = '(?:周|星期|礼拜)([一二三四五六日天1-7])';
const ZH_WD: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 日: 7, 天: 7 };
const REST_ZH =
  '(?:都|也|全天|一律)?\\s*(?:休息|不干活|不干|不上班|不开工|不作业|不出工|不下地|不排|不安排|放假|歇|停工)';
const REST_ZH_RE = [
  new RegExp(`(${WD}(?:\\s*[、和,，及与跟]?\\s*${WD})*)\\s*${REST_ZH}`),
  new RegExp(`(周末|双休日?)(?:两天)?\\s*${REST_ZH}`),
];
const EN_WD: Record<string, number> = { mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6, sun: 7 };
const DAY_EN = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?';
const DAYS_EN = `(${DAY_EN}(?:\\s*(?:,|and|&|or)\\s*${DAY_EN})*|weekends?)`;
const REST_EN_RE = [
  new RegExp(`\\b${DAYS_EN}\\s+(?:are\\s+|is\\s+)?(?:off|free|rest days?)\\b`),
  new RegExp(
    `\\b(?:no\\s+work|nobody\\s+works?|no\\s+one\\s+works?|don'?t\\s+work|do\\s+not\\s+work|never)\\s+(?:on\\s+)?(?:the\\s+)?${DAYS_EN}`,
  ),
];

const HOUR_ZH = `(\\d{1,2}|[${ZH_NUMERAL_CHARS}]{1,3})\\s*(?:点|时)\\s*(半|30分?)?`;
const START_ZH = new RegExp(
  `(?:每天|早上|早晨|上午|白天)?\\s*(?:不要|别|不能|不得)?\\s*(?:早于)?\\s*(下午|傍晚|晚上)?\\s*${HOUR_ZH}\\s*(?:钟)?\\s*(?:以后|之后|后|以前不|之前不|前不|才)?\\s*(?:再)?(?:开工|开始干?|上工|出工|干活|下地|出车)`,
);
const START_ZH_BEFORE = new RegExp(`(?:不要|别|不能|不得)\\s*早于\\s*(?:早上|上午)?\\s*(下午)?\\s*${HOUR_ZH}`);
const END_ZH = new RegExp(
  `(下午|傍晚|晚上)?\\s*${HOUR_ZH}\\s*(?:钟)?\\s*(?:以前|之前|前|就|准时)?\\s*(?:收工|完工|下班|结束|停工|收车|停)`,
);
const CLOCK_EN = '(\\d{1,2})(?::(00|30))?\\s*(am|pm|a\\.m\\.|p\\.m\\.)?';
const START_EN = [
  new RegExp(
    `\\b(?:nobody|no\\s+one|no\\s+work|don'?t\\s+start|do\\s+not\\s+start|not|never)\\s+(?:starts?\\s+|starting\\s+|working\\s+)?before\\s+${CLOCK_EN}`,
  ),
  new RegExp(`\\bstart(?:s|ing)?\\s+(?:work\\s+)?(?:at|from|after)\\s+${CLOCK_EN}`),
];
const END_EN = [
  new RegExp(
    `\\b(?:finish(?:es|ing)?|stop(?:s|ping)?|end(?:s|ing)?|done|wrap\\s+up|knock\\s+off)\\s+(?:work\\s+)?(?:by|at|before)\\s+${CLOCK_EN}`,
  ),
  new RegExp(`\\b(?:nobody|no\\s+one|no\\s+work)\\s+(?:works?\\s+)?after\\s+${CLOCK_EN}`),
];

function zhHour(h: string, half: string, pm: boolean): number | null {
  const n = parseChineseNumber(h);
  if (n === null) return null;
  const hour = pm && n < 12 ? n + 12 : n;
  return hour + (half ? 0.5 : 0);
}
function enHour(h: string, min: string, ampm: string): number | null {
  let n = Number(h);
  if (!Number.isFinite(n) || n > 24) return null;
  if (ampm.startsWith('p') && n < 12) n += 12;
  if (ampm.startsWith('a') && n === 12) n = 0;
  return n + (min === '30' ? 0.5 : 0);
}
const clock = (h: number) => `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`;
const WD_ZH = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];
const WD_EN = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function readWorkdays(text: GoalText, notes: Notes): Workdays {
  const out: Workdays = {};
  const rest = new Set<number>();
  for (const m of scan(text.view(), [
    ...REST_ZH_RE.map((re) => ({ re, value: 'zh' as const })),
    ...REST_EN_RE.map((re) => ({ re, value: 'en' as const })),
  ])) {
    if (!text.isFree(m)) continue;
    // right after a name it is that person's leave ("赵刚周三休息", rules-leave.ts), not everyone's rest day
    if (
      text
        .view()
        .slice(0, m.start)
        .replace(/(?:下个?|本|这|\s)+$/, '')
        .endsWith(MASK)
    )
      continue;
    const said = m.groups[0]!;
    const days =
      m.value === 'zh'
        ? /周末|双休/.test(said)
          ? [6, 7]
          : [...said.matchAll(/[一二三四五六日天1-7]/g)].map((d) => ZH_WD[d[0]] ?? Number(d[0]))
        : /weekend/.test(said)
          ? [6, 7]
          : [...said.matchAll(/(mon|tue|wed|thu|fri|sat|sun)[a-z]*/g)].map((d) => EN_WD[d[1]!]!);
    if (days.length === 0) continue;
    text.mask(m);
    for (const d of days) rest.add(d);
  }
  if (rest.size === 7)
    notes.add('每天都休息就没有工作时间了，已忽略休息日', 'every day a rest day leaves no working time; ignored');
  else if (rest.size) {
    out.restWeekdays = [...rest].sort();
    notes.add(
      `${out.restWeekdays.map((d) => WD_ZH[d]).join('、')}休息，不排作业`,
      `no work on ${out.restWeekdays.map((d) => WD_EN[d]).join(', ')}`,
    );
  }

  const hours = (kind: 'start' | 'end') => {
    const zh = kind === 'start' ? [START_ZH, START_ZH_BEFORE] : [END_ZH];
    const en = kind === 'start' ? START_EN : END_EN;
    for (const m of scan(text.view(), [
      ...zh.map((re) => ({ re, value: 'zh' as const })),
      ...en.map((re) => ({ re, value: 'en' as const })),
    ])) {
      if (!text.isFree(m)) continue;
      const g = m.groups;
      const h = m.value === 'en' ? enHour(g[0]!, g[1]!, g[2]!) : zhHour(g[1]!, g[2]!, g[0]! !== '');
      if (h === null) continue;
      text.mask(m);
      return h;
    }
    return null;
  };
  const start = hours('start');
  const end = hours('end');
  if (start !== null && end !== null && start >= end)
    notes.add(
      `开工 ${clock(start)} 不早于收工 ${clock(end)}，已忽略`,
      `a start at ${clock(start)} is not before the end at ${clock(end)}; ignored`,
    );
  else {
    if (start !== null && start >= 0 && start < 24) {
      out.dayStartHour = start;
      notes.add(`每天 ${clock(start)} 以后开工`, `work starts at ${clock(start)} or later`);
    }
    if (end !== null && end > 0 && end <= 24) {
      out.dayEndHour = end;
      notes.add(`每天 ${clock(end)} 前收工`, `work ends by ${clock(end)}`);
    }
  }
  return out;
}
