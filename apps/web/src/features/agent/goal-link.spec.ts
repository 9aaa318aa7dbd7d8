import { describe, expect, it } from 'vitest';
import { agentGoalHref, goalPrefill, MAX_GOAL_PREFILL } from './goal-link';

describe('the agent page’s ?goal= prefill', () => {
  it('a link carries the goal and the page reads it back', () => {
    const href = agentGoalHref('org-1', '下周保养需要订哪些配件？');
    expect(href.startsWith('/orgs/org-1/agent?goal=')).toBe(true);
    const goal = new URL(href, 'http://x').searchParams.get('goal') ?? undefined;
    expect(goalPrefill(goal)).toBe('下周保养需要订哪些配件？');
  });
  it('blank, repeated or overlong parameters prefill nothing', () => {
    expect(goalPrefill(undefined)).toBeNull();
    expect(goalPrefill('   ')).toBeNull();
    expect(goalPrefill(['a', 'b'])).toBeNull();
    expect(goalPrefill('x'.repeat(MAX_GOAL_PREFILL + 1))).toBeNull();
    expect(goalPrefill('  order filters  ')).toBe('order filters');
  });
});
