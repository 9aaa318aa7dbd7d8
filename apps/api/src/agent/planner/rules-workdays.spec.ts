import { describe, expect, it } from 'vitest';
import { planWithRules } from './rules-planner.js';
import { KNOWN, WED } from './test-fixtures.js';

const plan = (goal: string) => planWithRules({ goal, now: WED, timezone: 'Asia/Shanghai', known: KNOWN });
const NEXT_WEEK = { from: '2026-12-07', to: '2026-12-13' };

describe('rest days and the working day in the goal', () => {
  it.each([
    ['安排下周的收获作业，周六周日休息', [6, 7]],
    ['下周收割，周末不干活', [6, 7]],
    ['下周的作业，星期三不上班', [3]],
    ['下周收割 周六、周日都不安排', [6, 7]],
    ["plan next week's harvest, weekends off", [6, 7]],
    ['plan next week, no work on Sunday', [7]],
    ['schedule next week harvesting, Saturdays and Sundays off', [6, 7]],
  ])('%s → rest days %j, the period still next week', (goal, days) => {
    const c = plan(goal);
    expect(c.limits).toMatchObject({ maxHoursPerDay: null, restWeekdays: days });
    expect(c.period).toEqual(NEXT_WEEK);
    expect(c.intent).toBe('SCHEDULE_JOBS');
  });

  it.each([
    ['安排下周的收获作业，每天8点以后开工', 8, undefined],
    ['下周收割，早上八点半开始，下午4点收工', 8.5, 16],
    ['下周收割，不要早于9点', 9, undefined],
    ["plan next week's harvest, nobody before 8am", 8, undefined],
    ['plan next week, start at 8:30 and finish by 4pm', 8.5, 16],
  ])('%s → the day from %s to %s', (goal, start, end) => {
    const c = plan(goal);
    expect(c.limits?.dayStartHour).toBe(start);
    expect(c.limits?.dayEndHour).toBe(end);
    expect(c.period).toEqual(NEXT_WEEK);
  });

  it('with the day limit; a start after the end is ignored with a note', () => {
    expect(plan('下周收割，每人每天别超过9小时，周日休息，8点开工').limits).toEqual({
      maxHoursPerDay: 9,
      restWeekdays: [7],
      dayStartHour: 8,
    });
    const c = plan('下周收割，下午5点开工，下午3点收工');
    expect(c.limits?.dayStartHour).toBeUndefined();
    expect(c.notes.join(' ')).toContain('已忽略');
  });

  it.each([
    '安排下周的收获作业',
    '下周三收获',
    '周六之前收完东岗3号地',
    'harvest on Sunday',
    '安排下周的收获作业，李四周三休息',
    "plan next week's harvest, Li Na is off on Tuesday",
  ])('%s → none', (goal) => {
    const c = plan(goal);
    expect(c.limits?.restWeekdays).toBeUndefined();
    expect(c.limits?.dayStartHour).toBeUndefined();
  });
});
