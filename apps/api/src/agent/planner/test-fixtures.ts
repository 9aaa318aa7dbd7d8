import { ZPlanConstraints, type TPlanConstraints } from '@amms/contracts/agent';
import { expect } from 'vitest';
import { planWithRules } from './rules-planner.js';

/** Test fixtures shared by the planner specs (a fake org's names; ids are fixed uuids). Not used at runtime. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const T = {
  one: { id: id(1), name: '一队' },
  two: { id: id(2), name: '二队' },
  combineOne: { id: id(3), name: '机收一队' },
  north: { id: id(4), name: 'North team' },
  south: { id: id(5), name: 'South crew' },
};
export const F = {
  donggang3: { id: id(11), name: '东岗3号地' },
  xiwa: { id: id(12), name: '西洼地' },
  river: { id: id(13), name: 'River field' },
  beida: { id: id(14), name: '北大田' },
  hill: { id: id(15), name: 'Hill 7' },
};
export const A = {
  s780: { id: id(21), name: 'JD S780' },
  jd8r: { id: id(22), name: '约翰迪尔8R' },
  lx1304: { id: id(23), name: '东方红LX1304' },
  case310: { id: id(24), name: 'Case 310' },
  harvester1: { id: id(25), name: '收割机1号' },
};
export const O = {
  zhang: { id: id(31), name: '张三' },
  li: { id: id(32), name: '李四' },
  wang: { id: id(33), name: 'Wang Wei' },
  na: { id: id(34), name: 'Li Na' },
};

export const KNOWN = {
  teams: Object.values(T),
  fields: Object.values(F),
  assets: Object.values(A),
  operators: Object.values(O),
};

/** 2026-12-02 10:00 in Shanghai: a Wednesday */
export const WED = new Date('2026-12-02T10:00:00+08:00');
export const SUN = new Date('2026-12-06T09:00:00+08:00');
export const MON = new Date('2026-12-07T08:00:00+08:00');
/** a Monday, the last day of November */
export const MONTH_END = new Date('2026-11-30T18:00:00+08:00');
/** a Thursday, the last day of the year */
export const YEAR_END = new Date('2026-12-31T20:00:00+08:00');

export const Q = {
  zh: {
    period: '你想安排哪个时间段的作业？例如：下周、明天、12月8日到12月12日',
    periodMaintenance: '你想安排哪个时间段的保养？例如：未来两周、下个月、12月8日到12月12日',
    intent: '你想让我安排什么？例如：安排下周的收获作业，或安排未来两周到期的保养。',
  },
  en: {
    period: 'Which period should the jobs be scheduled in? For example: next week, tomorrow, Dec 8 to Dec 12.',
    periodMaintenance:
      'Which period should the maintenance be planned for? For example: the next two weeks, next month, Dec 8 to Dec 12.',
    intent:
      'What would you like me to plan? For example: schedule next week’s harvesting jobs, or plan the maintenance due in the next two weeks.',
  },
};

export type Expected = Partial<Omit<TPlanConstraints, 'avoid' | 'prefer' | 'notes'>> & {
  avoid?: Partial<TPlanConstraints['avoid']>;
  prefer?: Partial<TPlanConstraints['prefer']>;
};

/** The full expected object (without notes): the defaults of a plain goal, overridden. */
export function full(language: 'zh' | 'en', e: Expected): Omit<TPlanConstraints, 'notes'> {
  const missing = e.missing ?? [];
  return {
    intent: e.intent ?? 'SCHEDULE_JOBS',
    period: e.period === undefined ? null : e.period,
    operationTypes: e.operationTypes ?? [],
    teams: e.teams ?? [],
    fields: e.fields ?? [],
    minPriority: e.minPriority ?? null,
    urgentFirst: e.urgentFirst ?? false,
    avoid: { inMaintenance: false, dueForMaintenance: false, assets: [], operators: [], ...e.avoid },
    prefer: { assets: [], operators: [], ...e.prefer },
    missing,
    question: e.question ?? null,
    language: e.language ?? language,
    ...(e.limits ? { limits: e.limits } : {}),
    ...(e.deadline ? { deadline: e.deadline } : {}),
    ...(e.leave ? { leave: e.leave } : {}),
  };
}

export const p = (from: string, to: string = from) => ({ from, to });

/** The rules planner's answer for `goal` (known: KNOWN, at `now`): valid, `e` apart from its notes, few notes. */
export function checkRules(goal: string, e: Expected, language: 'zh' | 'en', now = WED) {
  const out = planWithRules({ goal, now, timezone: 'Asia/Shanghai', known: KNOWN });
  expect(ZPlanConstraints.safeParse(out).success).toBe(true);
  const { notes, ...rest } = out;
  expect(rest).toEqual(full(language, e));
  expect(notes.length).toBeLessThanOrEqual(20);
  return out;
}

/** A rules planner over a world of operators only (the leave and name specs), on Wednesday 2 December 2026, 10:00 Shanghai. */
export function operatorsPlanner(operators: { id: string; name: string }[]) {
  const known = { teams: [], fields: [], assets: [], operators };
  return (goal: string) =>
    planWithRules({ goal, now: new Date('2026-12-02T02:00:00Z'), timezone: 'Asia/Shanghai', known });
}
