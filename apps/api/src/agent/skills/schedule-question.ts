import type { TAgentAnswer } from '@amms/contracts/agent';
import type { TCalendarAssignment } from '@amms/contracts/jobs';
import { addDays, localToday, type LocalDate } from '../planner/calendar.js';
import { findNames, type KnownRef } from '../planner/names.js';
import { findPeriod } from '../planner/periods.js';
import { GoalText } from '../planner/text.js';
import { localSpan, nameList, opWord, type Lang } from '../explain/wording.js';
import { periodRange } from '../../planning/draft-content.js';
import type { KnownNames } from '../../planning/tools/agent-tools.js';
import { ToolFailed, type ToolRunner } from '../../planning/tools/runner.js';
import type { OrgContext } from '../../platform/access/context.js';
import { businessPeriod } from './business-period.js';
import { fold, matchMachine, type MachineCandidate } from './machine-match.js';
import { SCHEDULE_OF_MAX } from './schedule-of.js';

/**
 * A question about what is already booked ("钱勇那台下周都排了什么", "吴斌明天有活吗", "what is the
 * S780 doing next week?", "who is driving the Lexion on Monday?"): answered from the live
 * assignments (the calendar the dispatcher sees), never a new draft. It reads KINDS of
 * expression: a question form about bookings (排了/安排了 + 什么, 干什么, 有活吗, doing,
 * scheduled, booked, who is driving), never a planning order ("安排下周的收获作业", "plan next
 * week's harvest"), which stays with the planner.
 */
const ZH_QUESTION =
  /(?:排|安排)了(?:些)?(?:什么|啥|哪些|几)|都(?:排|安排)(?:了)?(?:些)?(?:什么|啥|哪些)|(?<!能|可以|会|要|该|应该)(?:干|做|忙)(?:了)?(?:些)?(?:什么|啥)|有(?:什么|哪些|没有)(?:活|作业|安排|任务|工作)|(?:有|排)(?:活|作业|安排|任务|工作)(?:吗|没有|没)|(?:安排|日程|排班|行程)(?:是)?(?:什么|怎么样|如何)|谁(?:在)?(?:开|驾驶|操作)|(?:忙|空|闲)(?:不|吗)/;
const EN_QUESTION =
  /\bwhat(?:'s|’s| is| are| does| do| has| have)\b[^?.!]{0,60}\b(?:doing|scheduled|booked|planned|assigned|working on|up to|on the (?:schedule|calendar))\b|\bwhat (?:jobs?|work|bookings?)\b[^?.!]{0,40}\b(?:has|have|does|do|is|are|got)\b|\bwho(?:'s|’s| is| was)\b[^?.!]{0,20}\b(?:driving|running|operating|on)\b|\b(?:is|are)\b[^?.!]{0,60}\b(?:booked|busy)\b|\b(?:show|list|give)\b(?: me)?[^.?!]{0,40}\b(?:schedule|bookings|calendar|agenda|assignments)\b/i;
/** An order to plan: a planning verb first, not "安排了" */
const PLANNING_ORDER =
  /^\s*(?:请|帮我|麻烦|给我)?\s*(?:安排(?!了)|排一下|排个|调度|派工|重新安排)|^\s*(?:please\s+)?(?:plan|schedule|assign|book|re-?plan)\b/i;

export function isScheduleQuestion(goal: string): boolean {
  if (PLANNING_ORDER.test(goal)) return false;
  return ZH_QUESTION.test(goal) || EN_QUESTION.test(goal);
}

/** the days a question covers: said ahead ("下周", "明天") or back ("上周"), else the coming 7 days */
export function questionDays(goal: string, today: LocalDate): { from: LocalDate; to: LocalDate; said: boolean } {
  const ahead = findPeriod(new GoalText(goal), today);
  if (ahead.period && !ahead.past) return { ...ahead.period, said: true };
  const back = businessPeriod(goal, today);
  if (back.said) return { from: back.from, to: back.to, said: true };
  return { from: today, to: addDays(today, 6), said: false };
}

interface Subject {
  machines: KnownRef[];
  operators: KnownRef[];
  fields: KnownRef[];
}

/** the asker themself ("我明天有活吗", "what am I doing tomorrow") */
const SELF = /我|\b(?:I|me|my|am I)\b/;

function subjectOf(goal: string, known: KnownNames, self: KnownRef | null): Subject {
  const scan = findNames(new GoalText(goal), {
    team: known.teams,
    field: known.fields,
    asset: known.assets,
    operator: known.operators,
  });
  const of = (kind: string) => scan.matches.filter((m) => m.kind === kind).map((m) => m.ref);
  const operators = of('operator');
  if (operators.length === 0 && self && SELF.test(goal)) operators.push(self);
  return { machines: of('asset'), operators, fields: of('field') };
}

const EMPTY = { figures: [], citations: [], sources: [], refused: false, found: true };

/** "12/14周一" / "Mon 14 Dec": a local date as the dispatcher reads it */
const dayWord = (d: LocalDate, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', {
    timeZone: 'UTC',
    month: lang === 'zh' ? 'numeric' : 'short',
    day: 'numeric',
    weekday: 'short',
  }).format(new Date(`${d}T00:00:00Z`));

/**
 * The machines a goal names when no full name is said: the model ("S780"), the kind ("收割机",
 * "combine", all of that kind) or a maker's / model's word ("the Lexion", "那台约翰迪尔").
 */
/** maker / model words that are also everyday English ("Case IH": "in case") */
const COMMON = new Set(['case', 'with', 'from', 'next', 'week', 'this', 'that', 'what', 'field', 'farm', 'power']);

export function machinesNamed(goal: string, machines: readonly MachineCandidate[]): MachineCandidate[] {
  const m = matchMachine(goal, machines);
  if (m.kind === 'one') return [m.machine];
  if (m.kind === 'many') return m.candidates;
  const words = (x: MachineCandidate) =>
    `${x.manufacturer} ${x.modelName}`
      .toLowerCase()
      .split(/[\s\-_/]+/)
      .filter((w) => w.length >= 4 && /^[a-z]+$/.test(w) && !COMMON.has(w));
  const g = fold(goal);
  // a maker's name, also said in Chinese (约翰迪尔 → johndeere: machine-match's brands)
  const maker = (x: MachineCandidate) => fold(x.manufacturer).length >= 5 && g.includes(fold(x.manufacturer));
  return machines.filter(
    (x) => x.status !== 'RETIRED' && (maker(x) || words(x).some((w) => new RegExp(`\\b${w}\\b`, 'i').test(goal))),
  );
}

/** the answer's text: who/what, the days, then one line a booking (at most `max`), in the goal's language */
export function scheduleText(
  rows: readonly TCalendarAssignment[],
  s: Subject,
  days: { from: LocalDate; to: LocalDate },
  timezone: string,
  lang: Lang,
  max = 30,
): string {
  const zh = lang === 'zh';
  const names = [...s.machines, ...s.operators, ...s.fields].map((r) => r.name);
  const who = names.length ? nameList(names, lang, 3) : zh ? '全组织' : 'the whole fleet';
  const one = days.from === days.to;
  const span = one
    ? dayWord(days.from, lang)
    : `${dayWord(days.from, lang)}${zh ? '至' : ' – '}${dayWord(days.to, lang)}`;
  if (rows.length === 0)
    return zh ? `${who} 在 ${span} 没有安排。` : `Nothing is booked for ${who} ${one ? 'on' : 'from'} ${span}.`;
  const head = zh
    ? `${who} 在 ${span} 的安排（共 ${rows.length} 项）：`
    : `${who[0]!.toUpperCase()}${who.slice(1)}, ${span}: ${rows.length} booking${rows.length === 1 ? '' : 's'}:`;
  const lines = rows.slice(0, max).map((a) => {
    const machines = a.machines.map((m) => m.name).join(' + ');
    const what = `${a.job.fieldName} ${opWord(a.job.operationType, lang)}`;
    return `- ${localSpan(a.startsAt, a.endsAt, timezone, lang)} · ${what} · ${machines} · ${a.operatorName}`;
  });
  const more = rows.length - max;
  if (more > 0) lines.push(zh ? `……还有 ${more} 项，见作业日历。` : `… and ${more} more on the job calendar.`);
  return [head, ...lines].join('\n');
}

/**
 * The answer: the subject's bookings (machines and operators named, fields named narrow them),
 * read by the `schedule_of` tool. One machine or one person is asked for on the server; several
 * are filtered from the period's bookings.
 */
export async function scheduleQuestion(req: {
  ctx: OrgContext;
  runner: ToolRunner;
  goal: string;
  language: Lang;
  timezone: string;
  known: KnownNames;
}): Promise<{ message: string; answer: TAgentAnswer }> {
  const { runner, goal, language, timezone } = req;
  const days = questionDays(goal, localToday(new Date(), timezone));
  // the calendar spans at most 62 days
  const to = days.to < addDays(days.from, 61) ? days.to : addDays(days.from, 61);
  const range = periodRange({ from: days.from, to }, timezone);
  const zh = language === 'zh';
  const self = req.ctx.membershipId ? { id: req.ctx.membershipId, name: zh ? '你' : 'you' } : null;
  const s = subjectOf(goal, req.known, self);
  if (s.machines.length === 0) {
    try {
      const all = (await runner.call<MachineCandidate[]>('machines', {})).result;
      s.machines.push(...machinesNamed(goal, all).map((m) => ({ id: m.id, name: m.name })));
    } catch (err) {
      // without asset.read a machine is found by its full name only
      if (!(err instanceof ToolFailed)) throw err;
    }
  }
  const one =
    s.machines.length === 1 && s.operators.length === 0
      ? { assetId: s.machines[0]!.id }
      : s.operators.length === 1 && s.machines.length === 0
        ? { operatorMembershipId: s.operators[0]!.id }
        : {};
  let read: { step: number; result: TCalendarAssignment[] };
  try {
    read = await runner.call<TCalendarAssignment[]>('schedule_of', { ...range, ...one });
  } catch (err) {
    if (!(err instanceof ToolFailed) || !/missing permission/.test(err.message)) throw err;
    const text = zh
      ? '你没有查看作业的权限（job.read），因此不能回答这个问题。'
      : 'You do not have permission to read jobs (job.read), so I cannot answer this.';
    return {
      message: text,
      answer: { ...EMPTY, intent: 'SCHEDULE_QUESTION', language, text, refused: true, found: false },
    };
  }
  const machineIds = new Set(s.machines.map((m) => m.id));
  const operatorIds = new Set(s.operators.map((o) => o.id));
  const fieldIds = new Set(s.fields.map((f) => f.id));
  const rows = read.result.filter(
    (a) =>
      (machineIds.size === 0 || a.machines.some((m) => machineIds.has(m.assetId))) &&
      (operatorIds.size === 0 || operatorIds.has(a.operatorMembershipId)) &&
      (fieldIds.size === 0 || fieldIds.has(a.job.fieldId)),
  );
  const text = scheduleText(rows, s, { from: days.from, to }, timezone, language);
  const cut = read.result.length >= SCHEDULE_OF_MAX;
  const answer: TAgentAnswer = {
    ...EMPTY,
    intent: 'SCHEDULE_QUESTION',
    language,
    text: cut
      ? `${text}\n${zh ? `（只读了前 ${SCHEDULE_OF_MAX} 项）` : `(only the first ${SCHEDULE_OF_MAX} bookings were read)`}`
      : text,
    sources: [
      {
        kind: 'job_calendar',
        label: `GET /assignments?from=${range.from}&to=${range.to}${one.assetId ? `&assetId=${one.assetId}` : ''}${one.operatorMembershipId ? `&operatorMembershipId=${one.operatorMembershipId}` : ''}`,
        step: read.step,
      },
    ],
  };
  return { message: answer.text, answer };
}
