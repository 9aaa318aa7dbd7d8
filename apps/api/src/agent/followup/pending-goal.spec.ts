import { describe, expect, it } from 'vitest';
import { KNOWN, MON } from '../planner/test-fixtures.js';
import { completeOnItsOwn } from './pending-goal.js';

describe('completeOnItsOwn: a new goal, not an answer to the pending question', () => {
  it('a question about what is booked stands on its own', () => {
    expect(completeOnItsOwn('Who was driving the S780 last week?', KNOWN, MON, 'Asia/Shanghai')).toBe(true);
    expect(completeOnItsOwn('张三明天有活吗', KNOWN, MON, 'Asia/Shanghai')).toBe(true);
  });
  it('a bare period is an answer', () => {
    expect(completeOnItsOwn('下下周', KNOWN, MON, 'Asia/Shanghai')).toBe(false);
  });
});
