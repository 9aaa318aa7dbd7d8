import { describe, expect, it } from 'vitest';
import { parseLeaveEdit } from '../followup/leave-edit.js';
import { leaveItems, unknownLeaveName } from './leave-words.js';

const known = {
  fields: [{ id: 'f-1', name: '西岗3号地' }],
  assets: [],
  operators: [
    { id: '00000000-0000-4000-8000-000000000001', name: '李明' },
    { id: '00000000-0000-4000-8000-000000000002', name: '赵刚' },
  ],
};
// Sunday 6 Dec 2026
const TODAY = '2026-12-06';

describe('a leave said on its own (no draft)', () => {
  it('reads the person (pinyin too) and the days as the planner does', () => {
    expect(parseLeaveEdit('赵刚下周请假', known, TODAY, null)?.leave).toEqual([
      { operator: known.operators[1], from: '2026-12-07', to: '2026-12-13' },
    ]);
    expect(parseLeaveEdit('李明周四请假', known, TODAY, null)?.leave[0]).toMatchObject({ from: '2026-12-10' });
    expect(parseLeaveEdit('Li Ming is off on Friday', known, TODAY, null)?.leave[0]).toMatchObject({
      operator: { name: '李明' },
      from: '2026-12-11',
      to: '2026-12-11',
    });
    expect(parseLeaveEdit('Zhao Gang is on leave next Wednesday', known, TODAY, null)?.leave[0]).toMatchObject({
      operator: { name: '赵刚' },
      from: '2026-12-09',
    });
  });

  it('a name no one has is asked about, not guessed', () => {
    expect(parseLeaveEdit('吴斌周四请假', known, TODAY, null)).toBeNull();
    expect(unknownLeaveName('吴斌周四请假', TODAY)).toBe('吴斌');
    expect(unknownLeaveName('欧阳明华下周一到周三休假', TODAY)).toBe('欧阳明华');
    expect(unknownLeaveName('Wu Bin is off on Thursday', TODAY)).toBe('Wu Bin');
    // no days, a goal, or no name: not a leave statement
    expect(unknownLeaveName('吴斌请假', TODAY)).toBeNull();
    expect(unknownLeaveName('安排下周的收获', TODAY)).toBeNull();
    expect(unknownLeaveName('下周有人请假', TODAY)).toBeNull();
    expect(unknownLeaveName('Plan next week is off', TODAY)).toBeNull();
  });

  it('a LEAVE item spans the local days in the org zone, its key stable per member and span', () => {
    const [a] = leaveItems(
      [{ operator: known.operators[1]!, from: '2026-12-07', to: '2026-12-13' }],
      'Asia/Shanghai',
      '赵刚下周请假',
    );
    expect(a).toMatchObject({
      kind: 'LEAVE',
      startsAt: '2026-12-06T16:00:00.000Z',
      endsAt: '2026-12-13T16:00:00.000Z',
    });
    const [b] = leaveItems(
      [{ operator: known.operators[1]!, from: '2026-12-07', to: '2026-12-13' }],
      'Asia/Shanghai',
      '赵刚下周不来',
    );
    expect(b!.itemKey).toBe(a!.itemKey);
  });
});
