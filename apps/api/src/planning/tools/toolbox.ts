import type { UntrustedText } from '../../platform/untrusted.js';

/** A read-only tool as offered to a model: its name, description and the JSON schema of its input. */
export interface PlannerTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * What one call of a planner's tool gave:
 * - `result`: the tool's output rendered as text (every database string inside the run's
 *   untrusted boundary), already cut to the result size budget;
 * - `error`: the call failed (unknown tool, bad arguments, missing permission, timeout) — tell
 *   the model and go on (the call counted against the budget);
 * - `stop`: a budget is exhausted or the call repeated an identical one — stop planning with
 *   the model.
 */
export type PlannerToolOutcome =
  { kind: 'result'; text: string } | { kind: 'error'; message: string } | { kind: 'stop'; reason: string };

/**
 * The run's read-only tools as a planner sees them (ToolRunner.forPlanner): every call runs
 * through the run's ToolRunner with the caller's context (permissions, data scope, per-tool
 * timeout, run budgets, identical-repeat stop) and is recorded as a run step. Tools take no
 * organization or scope from their arguments; there is no write tool.
 */
export interface PlannerToolbox {
  readonly tools: readonly PlannerTool[];
  /** the run's boundary for database text: tool results use it, so the planner's prompt must too */
  readonly untrusted: UntrustedText;
  /** tool calls the planner may still make */
  remainingCalls(): number;
  /** wall time (ms) the planner may still spend, model requests included */
  remainingMs(): number;
  call(name: string, args: unknown): Promise<PlannerToolOutcome>;
}
