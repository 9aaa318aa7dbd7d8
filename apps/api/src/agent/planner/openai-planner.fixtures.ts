import type { TPlanConstraints } from '@amms/contracts/agent';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { FakeOpenAi } from '../../../test/fake-openai.js';
import { OpenAiCompatiblePlanner } from './openai-planner.js';
import { planWithRules } from './rules-planner.js';
import { A, KNOWN, WED } from './test-fixtures.js';

/** Fixtures of the openai-compatible planner's specs (not used at runtime). */

/**
 * A real HTTP server speaking the chat-completions protocol (test/fake-openai.ts), started for the
 * calling spec file, and `planner(over)`: an openai-compatible planner pointed at it.
 */
export function useFakeOpenAi() {
  const fake = new FakeOpenAi();
  beforeAll(() => fake.start());
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const planner = (over: Partial<ConstructorParameters<typeof OpenAiCompatiblePlanner>[0]> = {}) =>
    new OpenAiCompatiblePlanner({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      model: 'fake-model-1',
      timeoutMs: 2000,
      ...over,
    });
  return { fake, planner };
}

export const GOAL = '安排下周的收获作业，避开维修中的机器，优先用JD S780';
const NEXT_WEEK = { from: '2026-12-07', to: '2026-12-13' };

/** What a well-behaved model answers for GOAL (at WED). */
export function modelPlan(over: Partial<TPlanConstraints> = {}): TPlanConstraints {
  return {
    intent: 'SCHEDULE_JOBS',
    period: NEXT_WEEK,
    operationTypes: ['HARVESTING'],
    teams: [],
    fields: [],
    minPriority: null,
    urgentFirst: false,
    avoid: { inMaintenance: true, dueForMaintenance: false, assets: [], operators: [] },
    prefer: { assets: [A.s780], operators: [] },
    missing: [],
    question: null,
    language: 'zh',
    notes: ['下周收获作业，避开维修中的机器，优先用 JD S780'],
    ...over,
  };
}

export const input = (goal = GOAL, known = KNOWN) => ({ goal, now: WED, timezone: 'Asia/Shanghai', known });
const withoutNotes = (c: TPlanConstraints) => ({ ...c, notes: [] });
/** `c` is the rules planner's plan for `goal`, notes aside (a fallback adds its own). */
export const expectRulesPlan = (c: TPlanConstraints, goal = GOAL) =>
  expect(withoutNotes(c)).toEqual(withoutNotes(planWithRules(input(goal))));

/** The diagnostics of a run the rules planner took over: after `attempts` requests, for `fallback`. */
export const rulesFallback = (attempts: number, fallback: string, more: Record<string, unknown> = {}) => ({
  planner: 'rules',
  model: 'fake-model-1',
  attempts,
  ...more,
  fallback,
});

/** The diagnostics of a plan the model made: after `attempts` requests, `completion` tokens in all. */
export const modelUsed = (attempts: number, completion: number, more: Record<string, unknown> = {}) => ({
  planner: 'openai-compatible',
  model: 'fake-model-1',
  attempts,
  droppedIds: 0,
  ...more,
  tokens: { prompt: expect.any(Number), completion },
});
