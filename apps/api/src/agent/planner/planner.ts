import { PLAN_LIMITS, type TPlanConstraints } from '@amms/contracts/agent';
import { z } from 'zod';
import type { PlannerToolbox } from '../../planning/tools/toolbox.js';
import { isValidTimeZone } from './calendar.js';

export type { PlannerTool, PlannerToolbox, PlannerToolOutcome } from '../../planning/tools/toolbox.js';

/**
 * A planner turns a dispatcher's goal into validated constraints (`ZPlanConstraints`).
 * Implementations: `rules` (deterministic, no model, no network; the default) and
 * `openai-compatible` (a model's tool call, validated by the same schema, falling back to rules).
 * A planner reads nothing itself: the names it may resolve come in `known` (loaded through the
 * read-only tools, within the caller's permissions and data scope), and it may only return ids
 * from there.
 */
export interface Planner {
  readonly name: 'rules' | 'openai-compatible';
  plan(input: PlannerInput): Promise<TPlanConstraints>;
  /**
   * Optional: the same plan plus what happened on the way (model, attempts, fallback), so the
   * run's steps can show it. A planner without it (rules) is called through `plan`.
   * `tools`: the run's read-only tools, which a model planner may call itself before it submits
   * its plan (the agent loop); without it the planner plans from `known` alone.
   */
  planWithDiagnostics?(input: PlannerInput, tools?: PlannerToolbox): Promise<PlanOutcome>;
}

/** What a planner did to get its constraints: shown in the run's plan step and its audit event. */
export interface PlannerDiagnostics {
  /** the planner whose constraints were used: `rules` also when a model planner fell back */
  planner: 'rules' | 'openai-compatible';
  model?: string;
  /** model requests made (0 for rules) */
  attempts: number;
  /** why the model planner's output was not used */
  fallback?: string;
  /** ids the model returned that were not in `known` (dropped) */
  droppedIds?: number;
  /** read-only tool calls the model made before submitting (only when it made any) */
  toolCalls?: number;
  /** model tokens over all requests, when the server reported usage */
  tokens?: { prompt: number; completion: number };
}

export interface PlanOutcome {
  constraints: TPlanConstraints;
  diagnostics: PlannerDiagnostics;
}

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

const ZKnownRef = z.strictObject({ id: z.uuid(), name: z.string().trim().min(1).max(PLAN_LIMITS.nameChars) });
const ZKnownList = z.array(ZKnownRef).max(5000);

export const ZPlannerInput = z.strictObject({
  goal: z.string().max(PLAN_LIMITS.goalChars),
  now: z.date(),
  timezone: z.string().default(DEFAULT_TIMEZONE).refine(isValidTimeZone, { message: 'not an IANA time zone' }),
  known: z.strictObject({
    teams: ZKnownList.default([]),
    fields: ZKnownList.default([]),
    assets: ZKnownList.default([]),
    operators: ZKnownList.default([]),
  }),
  /**
   * Earlier turns of the conversation (memory.ts): the dispatcher's earlier goals and what came
   * of them, as plain lines. User text, so a model planner gets it wrapped as untrusted data; the
   * rules planner ignores it (it reads the current goal only, deterministically). Never facts.
   */
  memory: z
    .strictObject({
      summary: z.string().max(4000).nullable(),
      turns: z.array(z.string().max(1000)).max(50),
    })
    .optional(),
});
export type PlannerInput = z.input<typeof ZPlannerInput>;
export type ParsedPlannerInput = z.output<typeof ZPlannerInput>;
