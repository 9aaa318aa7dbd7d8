import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsService } from '../../platform/metrics/metrics.service.js';

/**
 * The agent's metrics on /metrics (docs/agent.md "Metrics"):
 * - amms_agent_runs_total{intent, outcome}: intent SCHEDULE_JOBS | PLAN_MAINTENANCE | UNKNOWN |
 *   PREFERENCE (a "remember …" statement) | NONE (no plan: failed or a reference question);
 *   outcome = the run's status, or `draft` when a draft was produced;
 * - amms_agent_planner_fallbacks_total{planner}: a model planner's output not used (rules instead);
 * - amms_agent_tool_calls_total{tool, ok};
 * - amms_agent_tokens_total{kind}: model tokens (prompt / completion) when a model reports them;
 * - amms_agent_run_duration_seconds{intent}: wall time of a run (histogram);
 * - amms_agent_feedback_total{rating}: thumbs up / down given (a changed vote counts again).
 */
@Injectable()
export class AgentMetrics {
  readonly runs: Counter<'intent' | 'outcome'>;
  readonly fallbacks: Counter<'planner'>;
  readonly toolCalls: Counter<'tool' | 'ok'>;
  readonly tokens: Counter<'kind'>;
  readonly duration: Histogram<'intent'>;
  readonly feedback: Counter<'rating'>;

  constructor(metrics: MetricsService) {
    const registers = [metrics.registry];
    const existing = <T>(name: string) => metrics.registry.getSingleMetric(name) as T | undefined;
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      existing<Counter<L>>(name) ?? new Counter({ name, help, labelNames, registers });
    this.runs = counter('amms_agent_runs_total', 'Agent runs by intent and outcome', ['intent', 'outcome']);
    this.fallbacks = counter(
      'amms_agent_planner_fallbacks_total',
      'Model planner outputs not used (the rules planner planned instead)',
      ['planner'],
    );
    this.toolCalls = counter('amms_agent_tool_calls_total', 'Agent tool calls by tool and success', ['tool', 'ok']);
    this.tokens = counter('amms_agent_tokens_total', 'Model tokens used by the agent (when a model reports usage)', [
      'kind',
    ]);
    this.duration =
      existing('amms_agent_run_duration_seconds') ??
      new Histogram({
        name: 'amms_agent_run_duration_seconds',
        help: 'Agent run wall time',
        labelNames: ['intent'] as const,
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
        registers,
      });
    this.feedback = counter('amms_agent_feedback_total', 'Thumbs up / down on agent answers and drafts', ['rating']);
  }

  /** one finished run: its intent, outcome, tool calls and wall time */
  run(r: {
    intent: string;
    outcome: string;
    seconds: number;
    tools: ReadonlyArray<{ tool?: string; ok?: boolean }>;
    fallback?: string | null;
    planner?: string;
    tokens?: { prompt?: number; completion?: number };
  }): void {
    this.runs.inc({ intent: r.intent, outcome: r.outcome });
    this.duration.observe({ intent: r.intent }, r.seconds);
    for (const t of r.tools) this.toolCalls.inc({ tool: t.tool ?? 'unknown', ok: t.ok === false ? 'false' : 'true' });
    if (r.fallback) this.fallbacks.inc({ planner: r.planner ?? 'openai-compatible' });
    if (r.tokens?.prompt) this.tokens.inc({ kind: 'prompt' }, r.tokens.prompt);
    if (r.tokens?.completion) this.tokens.inc({ kind: 'completion' }, r.tokens.completion);
  }
}
