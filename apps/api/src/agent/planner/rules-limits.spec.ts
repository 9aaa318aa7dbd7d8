import { describe, expect, it } from 'vitest';
import { planWithRules } from './rules-planner.js';
import { KNOWN, WED } from './test-fixtures.js';

const plan = (goal: string) => planWithRules({ goal, now: WED, timezone: 'Asia/Shanghai', known: KNOWN });

describe('working-time limits in the goal', () => {
  it.each([
    ['安排下周的收获作业，每人每天别超过10小时', 10],
    ['下周收割，一天最多干八个半小时', 8.5],
    ['下周播种 每天工作不超过9小时', 9],
    ['下周的作业，机手每天工作10小时以内', 10],
    ['下周打药，每个人一天不能超过十个钟头', 10],
    ['schedule next week harvesting, no more than 10 hours a day per operator', 10],
    ['plan next week; operators work at most 9 hours per day', 9],
    ['next week tillage, limit operators to 8 hours per day', 8],
    ['harvest next week with 10-hour days max', 10],
    ['harvest next week, max 9.5 hours per day', 9.5],
  ])('%s → %s h a day, the period still read', (goal, hours) => {
    const c = plan(goal);
    expect(c.limits).toEqual({ maxHoursPerDay: hours });
    expect(c.period).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(c.intent).toBe('SCHEDULE_JOBS');
  });

  it.each(['安排下周的收获作业', '下周每天收10公顷', 'harvest next week, 10 hours of work in total'])(
    '%s → no limit',
    (goal) => {
      expect(plan(goal).limits).toBeUndefined();
    },
  );

  it('the strictest of two limits wins; a limit outside 1..24 is ignored with a note', () => {
    expect(plan('下周收割，每天不超过10小时，机手每天最多8小时').limits).toEqual({ maxHoursPerDay: 8 });
    const c = plan('下周收割，每天不超过30小时');
    expect(c.limits).toBeUndefined();
    expect(c.notes.join(' ')).toContain('30');
  });
});
