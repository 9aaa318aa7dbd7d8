import { describe, expect, it } from 'vitest';
import { DEMO_ORGS, demoStaff, demoUsers, staffName } from './demo-data.js';

describe('demo names look like a real co-op (issue #12)', () => {
  it('are unique within an org, even at scale 10, and carry no role labels or test words', () => {
    for (const [index, org] of DEMO_ORGS.entries()) {
      const names = [...demoUsers(org, index), ...demoStaff(org, index, 10)].map((u) => u.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(n).not.toMatch(/\(|Owner|Admin|Dispatcher|Operator|Viewer|test/i);
    }
  });

  it('walks every surname × given-name pair before repeating one', () => {
    const all = Array.from({ length: 26 * 31 }, (_, n) => staffName(1, n));
    expect(new Set(all).size).toBe(26 * 31);
    expect(staffName(1, 26 * 31)).toBe(`${staffName(1, 0)} 2`);
  });
});
