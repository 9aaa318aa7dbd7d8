/**
 * A goal that names the field(s) but no time ("用钱勇那台克拉斯收前滩7号地", "harvest River field")
 * is not asked back: a dispatcher who names a field means its open work, as soon as it can be
 * done. The period becomes the next `DEFAULT_DAYS` days from today (the jobs' own windows then
 * decide the days, the scheduler the earliest free ones), and the plan says so in its notes and
 * in the draft's note. A goal naming no field (or whose intent is unknown) still gets the question.
 */
import type { TPlanConstraints } from '@amms/contracts/agent';
import { addDays, localToday } from './planner/calendar.js';

export const DEFAULT_DAYS = 14;

export interface DefaultedPeriod {
  constraints: TPlanConstraints;
  note: { zh: string; en: string };
}

export function defaultPeriodForFields(c: TPlanConstraints, now: Date, timezone: string): DefaultedPeriod | null {
  if (c.intent !== 'SCHEDULE_JOBS' || c.period || c.fields.length === 0) return null;
  if (c.missing.some((m) => m !== 'period')) return null;
  const from = localToday(now, timezone);
  const to = addDays(from, DEFAULT_DAYS - 1);
  const names = c.fields.map((f) => f.name).join(c.language === 'zh' ? '、' : ', ');
  const note = {
    zh: `没有说时间：按接下来 ${DEFAULT_DAYS} 天（${from} 至 ${to}）安排${names}的作业，在各作业的时间窗内尽早开工；要别的时间请直接说`,
    en: `no period given: ${names} planned over the next ${DEFAULT_DAYS} days (${from} – ${to}), each job as early as its window allows; say another period to change it`,
  };
  const line = c.language === 'zh' ? note.zh : note.en;
  return {
    constraints: { ...c, period: { from, to }, missing: [], question: null, notes: [line, ...c.notes].slice(0, 20) },
    note,
  };
}
