import type { AgentRun } from '@amms/db';
import type { KnownNames } from '../../planning/tools/agent-tools.js';
import { planWithRules } from '../planner/rules-planner.js';
import { classifyIntent } from '../skills/intent.js';
import { isScheduleQuestion } from '../skills/schedule-question.js';

/**
 * An answer to the agent's own question continues the goal it asked about: "安排收获作业" →
 * "哪个时间段？" → "下下周" is planned as "安排收获作业，下下周"; "next week" → "what should I plan?"
 * → "the harvest ones". The earlier goals are the conversation's newest runs that ended
 * NEEDS_INPUT, back to the last one that did not (at most MAX_CHAIN, oldest first).
 * The answer is read on its own first: a complete goal (a skill, or a plan with an intent and a
 * period) is a new goal and the pending one is dropped.
 */
const MAX_CHAIN = 3;

/** The pending goals of the conversation before `run` (newest run first in `earlier`), oldest first. */
export function pendingGoals(earlier: readonly AgentRun[]): string[] {
  const chain: string[] = [];
  for (const r of earlier) {
    if (r.status !== 'NEEDS_INPUT' || chain.length >= MAX_CHAIN) break;
    chain.unshift(r.goal);
  }
  return chain;
}

/** Whether `goal` stands on its own: a skill's question, a question about what is booked, or a plan with an intent and a period. */
export function completeOnItsOwn(goal: string, known: KnownNames, now: Date, timezone: string): boolean {
  if (classifyIntent(goal).intent !== 'PLAN' || isScheduleQuestion(goal)) return true;
  const c = planWithRules({ goal, now, timezone, known });
  return c.intent !== 'UNKNOWN' && c.missing.length === 0;
}

/** The goal to work on: the pending goals and the answer joined, or the answer alone. */
export function continuedGoal(pending: readonly string[], answer: string): string {
  return [...pending, answer].join('，').slice(0, 2000);
}
