/** The agent run's plain parts: its outcome and memo shapes, the maintenance plan step, step texts. */
import { PLAN_LIMITS, type TAgentAnswer, type TAgentIntent, type TPlanConstraints } from '@amms/contracts/agent';
import type { AgentRun, AgentRunStatus } from '@amms/db';
import type { TRunEdit } from '@amms/contracts/drafts';
import type { RunDraftContent } from '../drafts/drafts.service.js';
import type { OrgContext } from '../platform/access/context.js';
import { periodRange, planningNow } from '../planning/draft-content.js';
import { planMaintenance } from '../planning/maintenance-plan.js';
import type {
  BusyFacts,
  DueFact,
  KnownNames,
  MachineFact,
  MechanicFact,
  ServicePartsFact,
} from '../planning/tools/agent-tools.js';
import { ToolFailed } from '../planning/tools/runner.js';
import type { ToolRunner } from '../planning/tools/runner.js';
import type { entitiesOf } from './memory/references.js';
import type { PlannerDiagnostics } from './planner/planner.js';

export interface Outcome {
  status: AgentRunStatus;
  constraints: TPlanConstraints | null;
  question: string | null;
  message: string | null;
  error: string | null;
  draft: {
    kind: 'SCHEDULE' | 'MAINTENANCE' | 'PURCHASE' | 'LEAVE';
    title: string;
    content: RunDraftContent;
    evidence: unknown;
    note?: string | null;
  } | null;
  /** a skill's run (DIAGNOSE / ASK_MANUAL / BUSINESS_QUESTION): its intent; its answer is in the last message step */
  intent?: TAgentIntent;
  answer?: TAgentAnswer | null;
  /** EDIT_DRAFT: the run points at the conversation's existing draft (its new version is already stored) */
  linkDraftId?: string;
  edit?: TRunEdit;
}

/** What a run keeps for the conversation's entity memory (memory/references.ts): ids and names only. */
export interface RunMemo {
  goal: string;
  known: KnownNames | null;
  resolved: Parameters<typeof entitiesOf>[2];
  machines: MachineFact[];
  pairs: Array<{ assetId: string; operatorId: string }>;
  intent: string;
  planner?: PlannerDiagnostics | null;
}

/**
 * PLAN_MAINTENANCE: the due list over the period's horizon, the machines and their bookings →
 * one PREVENTIVE work-order item per due plan × machine in its earliest free working window
 * (rules in maintenance-plan.ts). `operationTypes` of the goal ("检修收割机") narrow the machines.
 */
export async function planMaintenanceRun(
  ctx: OrgContext,
  run: AgentRun,
  runner: ToolRunner,
  knownStep: number,
  constraints: TPlanConstraints,
  timezone: string,
): Promise<Outcome> {
  const period = constraints.period!;
  const range = periodRange(period, timezone);
  const now = planningNow();
  // DUE_SOON within the period: the horizon runs from today to the period's last day
  const withinDays = Math.min(365, Math.max(0, Math.ceil((Date.parse(range.to) - Date.now()) / 86_400_000)));
  const due = await runner.call<DueFact[]>('maintenance_due', { withinDays });
  const machines = await runner.call<MachineFact[]>('candidate_machines', {});
  const busy = await runner.call<BusyFacts>('bookings', range);
  const ops = new Set<string>(constraints.operationTypes);
  const avoid = new Set(constraints.avoid.assets.map((a) => a.id));
  const usable = machines.result.filter(
    (m) => !avoid.has(m.id) && (ops.size === 0 || m.operationTypes.some((t) => ops.has(t))),
  );
  // the workshop (mechanics and their load) and the parts each service needs: a caller who may not
  // read them still gets a draft (the failed step says why), without mechanics or parts
  const mechanics = await optionalCall<MechanicFact[]>(runner, 'mechanics', range);
  const pairs = due.result
    .filter((d) => (d.status === 'OVERDUE' || d.status === 'DUE_SOON') && !d.openWorkOrderId)
    .filter((d) => usable.some((m) => m.id === d.assetId))
    .slice(0, 100)
    .map((d) => ({ planId: d.planId, assetId: d.assetId }));
  const parts = pairs.length ? await optionalCall<ServicePartsFact[]>(runner, 'service_parts', { pairs }) : null;
  const scheduleStarted = performance.now();
  const plan = planMaintenance({
    due: due.result,
    machines: usable,
    busy: busy.result.machines,
    range,
    now,
    timezone,
    language: constraints.language,
    ...(mechanics ? { mechanics } : {}),
    ...(parts ? { parts } : {}),
  });
  const zh = constraints.language === 'zh';
  runner.note('schedule', {
    durationMs: Math.round(performance.now() - scheduleStarted),
    message: `${plan.items.length} placed, ${plan.unplaced.length} unplaced, ${plan.skipped} skipped (open work order or machine not plannable)`,
  });
  if (plan.items.length === 0 && plan.unplaced.length === 0) {
    const message = zh
      ? `${period.from} 至 ${period.to} 没有需要安排的到期保养。`
      : `No maintenance to plan for ${period.from} – ${period.to}.`;
    runner.note('message', { message });
    return { status: 'COMPLETED', constraints, question: null, message, error: null, draft: null };
  }
  const { skipped: _skipped, ...content } = plan;
  const steps = { due: due.step, machines: machines.step, bookings: busy.step, known: knownStep };
  const evidence = content.items.map((i) => ({ itemKey: i.itemKey, jobId: '', steps }));
  return {
    status: 'COMPLETED',
    constraints,
    question: null,
    message: null,
    error: null,
    draft: { kind: 'MAINTENANCE', title: run.goal.slice(0, 200), content, evidence },
  };
}

/** The plan's notes with `extra` (in the plan's language) first, bounded like the contract. */
export function withNotes(c: TPlanConstraints, extra: ReadonlyArray<{ zh: string; en: string }>): TPlanConstraints {
  if (extra.length === 0) return c;
  const add = extra.map((n) => (c.language === 'zh' ? n.zh : n.en).slice(0, PLAN_LIMITS.noteChars));
  return { ...c, notes: [...new Set([...add, ...c.notes])].slice(0, PLAN_LIMITS.notes) };
}

/** ", by openai-compatible (model m, 1 attempt)" / ", by rules (fallback from model m: why)"; nothing for a plain rules run. */
export function describePlanner(d: PlannerDiagnostics | null): string {
  if (!d) return '';
  const attempts = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`;
  const tools = d.toolCalls ? `, ${d.toolCalls} tool call${d.toolCalls === 1 ? '' : 's'}` : '';
  if (d.fallback)
    return `, by ${d.planner} (fallback from model ${d.model ?? '?'} after ${attempts}${tools}: ${d.fallback})`;
  return `, by ${d.planner} (model ${d.model ?? '?'}, ${attempts}${tools}${d.droppedIds ? `, ${d.droppedIds} unknown id(s) dropped` : ''})`;
}

/** A tool the caller may lack (member.read for the mechanics): null, and the failed step says why. */
async function optionalCall<T>(runner: ToolRunner, name: string, args: Record<string, unknown>): Promise<T | null> {
  try {
    return (await runner.call<T>(name, args)).result;
  } catch (err) {
    if (err instanceof ToolFailed) return null;
    throw err;
  }
}
