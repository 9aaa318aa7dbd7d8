import type { TPlanConstraints } from '@amms/contracts/agent';
import { EN_COUNT, ZH_COUNT, parseCount } from './numerals.js';
import type { Notes } from './rules-notes.js';
import { scan, type GoalText } from './text.js';
import { readWorkdays } from './rules-workdays.js';

/**
 * Working-time limits in a dispatcher's words → `limits` of the plan: "每人每天别超过10小时",
 * "一天最多干八个半小时", "每天工作10小时以内", "no more than 10 hours a day", "max 9h per day",
 * "limit operators to 8 hours per day", "10-hour days at most". The scheduler makes it a hard
 * rule: nobody's day holds more working hours. Masked, so no later reader sees the numbers.
 */

const WHO_ZH = '(?:每人|每个人|每位|每名|每个机手|每个司机|机手|操作员|司机|驾驶员|大家|人员)?';
const DAY_ZH = '(?:每天|一天|每日|单日|一日|每个工作日)';
const DO_ZH = '(?:工作|作业|干活|干|开机|开车|上班|的)?(?:时间|时长|工时)?(?:都|也)?';
const LIMIT_ZH =
  '(?:不超过|不超出|不多于|别|不要|不能|不得|不许|不可|不准|不应|不宜)?(?:超过|超出|多于|大于|高于)?(?:最多|至多|顶多|最长|限|限制在|控制在|只|不超)?';
const HOURS_ZH = `(${ZH_COUNT})(?:个)?(半)?(?:小时|钟头|个钟|h|小时以内|小时之内)`;
const ZH = new RegExp(`${WHO_ZH}${DAY_ZH}${DO_ZH}${LIMIT_ZH}(?:干|工作|作业)?${HOURS_ZH}(?:以内|之内|内|为限)?`);
/** one of these must be in a Chinese match: "每天10小时" alone is a rate, not a limit */
const ZH_LIMIT_WORD =
  /别|不要|不能|不得|不许|不可|不准|不应|不宜|超过|超出|多于|大于|高于|最多|至多|顶多|最长|限|控制|以内|之内|内|只|不超/;

const PER_DAY_EN = '(?:a|per|each|every|/)\\s*(?:day|shift|workday|working day)';
const HOURS_EN = `(${EN_COUNT}(?:\\.5)?)\\s*(?:-\\s*)?(?:hours?|hrs?|h)\\b`;
const EN = [
  new RegExp(
    `(?:no more than|not more than|no longer than|at most|max(?:imum)?(?: of)?|up to|limit(?:ed)?(?:\\s+\\w+){0,3}\\s+to|cap(?:ped)?(?:\\s+\\w+){0,3}\\s+(?:at|to)|(?:don't|do not|never|not) (?:exceed|go over|work more than|work over)|never more than|less than|under|within)\\s+${HOURS_EN}(?:\\s+(?:of\\s+)?(?:work|working time))?\\s*${PER_DAY_EN}`,
  ),
  new RegExp(
    `(?:each|every|per|a)\\s+day[^.;,]{0,30}?(?:no more than|at most|max(?:imum)?|up to|under)\\s+${HOURS_EN}`,
  ),
  new RegExp(`${HOURS_EN}\\s*(?:-\\s*)?days?\\s+(?:max(?:imum)?|at most|or less|tops)`),
  new RegExp(`max(?:imum)?\\s+${HOURS_EN}\\s*${PER_DAY_EN}`),
];

export function readLimits(text: GoalText, notes: Notes): TPlanConstraints['limits'] | undefined {
  let hours: number | null = null;
  const zh = scan(text.view(), [{ re: ZH, value: 'zh' as const }]).filter((m) =>
    ZH_LIMIT_WORD.test(text.view().slice(m.start, m.end)),
  );
  const en = scan(
    text.view(),
    EN.map((re) => ({ re, value: 'en' as const })),
  );
  for (const m of [...zh, ...en].sort((a, b) => a.start - b.start)) {
    if (!text.isFree(m)) continue;
    const raw = m.groups[0]!;
    const half = raw.endsWith('.5') || m.groups[1] === '半' ? 0.5 : 0;
    const n = parseCount(raw.replace(/\.5$/, ''));
    text.mask(m);
    if (n === null || n + half < 1 || n + half > 24) {
      notes.add(
        `每天工时上限“${n ?? raw}”不在1到24小时之间，已忽略`,
        `a daily limit of "${raw}" hours is outside 1..24; ignored`,
      );
      continue;
    }
    // the strictest limit the goal states wins
    hours = Math.min(hours ?? 24, n + half);
  }
  if (hours !== null) notes.add(`每人每天工作不超过${hours}小时`, `at most ${hours} working hours per person per day`);
  // rest days and the day's hours (rules-workdays.ts): also masked before the period is read
  const week = readWorkdays(text, notes);
  if (hours === null && Object.keys(week).length === 0) return undefined;
  return { maxHoursPerDay: hours, ...week };
}
