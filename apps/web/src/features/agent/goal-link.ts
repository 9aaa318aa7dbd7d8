import { orgPath } from '@/lib/nav';

/** The agent page with its goal box filled in (`?goal=`): the person reads it, may edit it, and starts the run. */
export const agentGoalHref = (orgId: string, goal: string): string =>
  `${orgPath(orgId, 'agent')}?${new URLSearchParams({ goal }).toString()}`;

/** Longest goal the prefill takes from the URL (the goal box's own limit is the API's). */
export const MAX_GOAL_PREFILL = 500;

/** The `?goal=` of the agent page, cleaned: a string, trimmed, not empty, not overlong; else null. */
export function goalPrefill(raw: string | string[] | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const goal = raw.trim();
  return goal && goal.length <= MAX_GOAL_PREFILL ? goal : null;
}
