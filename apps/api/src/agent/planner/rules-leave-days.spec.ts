import { describe, expect, it } from 'vitest';
import { operatorsPlanner } from './test-fixtures.js';

const ZHAO = '00000000-0000-4000-8000-0000000000a1';
const LI = '00000000-0000-4000-8000-0000000000a2';
const plan = operatorsPlanner([
  { id: ZHAO, name: '赵刚' },
  { id: LI, name: 'Li Ming' },
]);

describe('leave said with its days keeps the person off those days only', () => {
  it.each([
    ['安排下周的收获作业，赵刚周三请假', ZHAO, '2026-12-09', '2026-12-09'],
    ['赵刚下周三不在，安排下周的收获作业', ZHAO, '2026-12-09', '2026-12-09'],
    ['下周的收获，周四赵刚休假', ZHAO, '2026-12-10', '2026-12-10'],
    ['安排下周收获，赵刚周一到周三请假', ZHAO, '2026-12-07', '2026-12-09'],
    ["plan next week's harvest, Li Ming is off on Tuesday", LI, '2026-12-08', '2026-12-08'],
    ["plan next week's harvest; Li Ming is on leave next Monday", LI, '2026-12-07', '2026-12-07'],
  ])('%s', (goal, id, from, to) => {
    const c = plan(goal);
    expect(c.period).toEqual({ from: '2026-12-07', to: '2026-12-13' });
    expect(c.leave).toEqual([{ operator: { id, name: id === ZHAO ? '赵刚' : 'Li Ming' }, from, to }]);
    expect(c.avoid.operators).toEqual([]);
    expect(c.intent).toBe('SCHEDULE_JOBS');
  });

  it('leave without days avoids the person for the whole period; a mention stays a mention', () => {
    expect(plan('下周收获，赵刚生病了').avoid.operators.map((o) => o.id)).toEqual([ZHAO]);
    expect(plan('下周收获，赵刚生病了').leave).toBeUndefined();
    expect(plan('赵刚下周安排收获作业').leave).toBeUndefined();
  });

  it('the leave days do not widen the period', () => {
    expect(plan('安排下周的收获作业，赵刚12月20日请假').period).toEqual({ from: '2026-12-07', to: '2026-12-13' });
  });
});
