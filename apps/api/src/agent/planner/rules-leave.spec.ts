import { describe, expect, it } from 'vitest';
import { operatorsPlanner } from './test-fixtures.js';

const ZHAO = '00000000-0000-4000-8000-0000000000a1';
const QIAN = '00000000-0000-4000-8000-0000000000a2';
const plan = operatorsPlanner([
  { id: ZHAO, name: '赵刚' },
  { id: QIAN, name: 'Qian Yong' },
]);

describe('a person on leave is not planned', () => {
  it.each([
    ['赵刚下周请假，安排下周的收获作业', ZHAO],
    ['安排下周的收获作业，赵刚周三不在', ZHAO],
    ['下周收获，赵刚生病了', ZHAO],
    ["plan next week's harvest, Qian Yong is on leave", QIAN],
    ["plan next week's harvest; Qian Yong is off sick", QIAN],
  ])('%s → the operator avoided (on the days said, else the whole period)', (goal, id) => {
    const c = plan(goal);
    expect([...c.avoid.operators, ...(c.leave ?? []).map((l) => l.operator)].map((o) => o.id)).toEqual([id]);
    expect(c.notes.join('\n')).not.toMatch(/已忽略|ignored/);
  });

  it('a name with no leave word stays a mention', () => {
    expect(plan('赵刚下周安排收获作业').avoid.operators).toEqual([]);
  });
});
