import { describe, expect, it } from 'vitest';
import { parseLeaveEdit } from './leave-edit.js';

const known = {
  fields: [{ id: 'f-1', name: '西岗3号地' }],
  assets: [],
  operators: [
    { id: 'o-1', name: '李明' },
    { id: 'o-2', name: '赵刚' },
  ],
};
// Sunday 6 Dec 2026; the draft starts Monday 7 Dec
const TODAY = '2026-12-06';

describe('a leave said as a follow-up', () => {
  it('"赵刚周三请假" is an AVOID of 赵刚 on the draft week\'s Wednesday', () => {
    const e = parseLeaveEdit('赵刚周三请假', known, TODAY, '2026-12-07');
    expect(e?.leave).toEqual([{ operator: { id: 'o-2', name: '赵刚' }, from: '2026-12-09', to: '2026-12-09' }]);
    expect(e?.command).toMatchObject({
      kind: 'AVOID',
      operators: [{ id: 'o-2' }],
      select: { during: { from: '2026-12-09', to: '2026-12-09' } },
    });
  });

  it('English and a trailing particle', () => {
    expect(parseLeaveEdit('李明周五请假了', known, TODAY, '2026-12-07')?.leave[0]).toMatchObject({
      from: '2026-12-11',
    });
    expect(parseLeaveEdit('Li Ming is off on Tuesday', known, TODAY, '2026-12-07')?.leave[0]).toMatchObject({
      from: '2026-12-08',
    });
  });

  it('anything else said with it is a new goal', () => {
    expect(parseLeaveEdit('安排下周的收获，赵刚周三请假', known, TODAY, '2026-12-07')).toBeNull();
    expect(parseLeaveEdit('赵刚周三请假，西岗3号地的改到周四', known, TODAY, '2026-12-07')).toBeNull();
    expect(parseLeaveEdit('赵刚生病了', known, TODAY, '2026-12-07')).toBeNull();
  });
});
