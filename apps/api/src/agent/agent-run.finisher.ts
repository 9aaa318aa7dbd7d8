import { Injectable } from '@nestjs/common';
import type { TConversationMemory } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { DraftsService } from '../drafts/drafts.service.js';
import type { OrgContext } from '../platform/access/context.js';
import type { Tx } from '../platform/prisma/prisma.service.js';
import type { ToolRunner } from '../planning/tools/runner.js';
import type { Outcome } from './agent-run.parts.js';
import { AgentRepository } from './agent.repository.js';
import { buildMemory } from './memory.js';
import { AgentMemoryService } from './memory/memory.service.js';
import type { RunEntity } from './memory/references.js';

/**
 * Memory (memory.ts): a run sees the conversation's earlier turns (goals and outcomes only) as a
 * window of the newest that fit MEMORY_TOKENS plus a summary of the older ones within
 * SUMMARY_TOKENS. Facts (machine status, bookings, …) always come from this run's tools.
 */
const MEMORY_TOKENS = 600;
const SUMMARY_TOKENS = 200;
/** at most this many earlier runs are read for the memory (older ones only count as "more") */
const MEMORY_RUNS = 50;

/** A run's end (its audit, draft, entity memory and row in one transaction) and a conversation's memory. */
@Injectable()
export class AgentRunFinisher {
  constructor(
    private readonly repo: AgentRepository,
    private readonly audit: AuditService,
    private readonly drafts: DraftsService,
    private readonly memory: AgentMemoryService,
  ) {}

  /** One transaction: every tool call audited in order, the draft (v1) created, the run closed. */
  async finish(ctx: OrgContext, run: AgentRun, runner: ToolRunner, o: Outcome, entities: RunEntity[]): Promise<void> {
    await this.repo.transaction(async (tx) => {
      // the steps' events in step order, appended at once (one chain lock, one head read, one insert)
      await this.audit.appendMany(tx, this.stepEvents(ctx, run, runner, o));
      const draft = o.draft
        ? await this.drafts.createForRun(
            tx,
            ctx,
            run.id,
            o.draft.title,
            o.draft.content,
            o.draft.evidence,
            o.draft.kind,
            o.draft.note ?? null,
          )
        : null;
      await this.memory.remember(tx, ctx, run.id, entities);
      await this.repo.finishRun(tx, ctx.organizationId, run.id, {
        status: o.status,
        constraints: o.constraints,
        question: o.question,
        steps: runner.steps,
        error: o.error,
        draftId: draft?.id ?? o.linkDraftId ?? null,
      });
      await this.audit.record(tx, ctx, 'agent.run_finished', 'agent_run', run.id, {
        status: o.status,
        ...(o.intent ? { intent: o.intent } : {}),
        draftId: draft?.id ?? o.linkDraftId ?? null,
        ...(o.edit
          ? { edit: { version: o.edit.version, basedOnVersion: o.edit.basedOnVersion, diff: o.edit.diff } }
          : {}),
        question: o.question,
        message: o.message,
        error: o.error,
      });
      if (run.conversationId) {
        // the summary as the next run will see it (this run included): the folded older turns
        const memory = await this.memoryOf(ctx.organizationId, run.conversationId, null, tx);
        await this.repo.setSummary(tx, ctx.organizationId, run.conversationId, memory.summary);
      }
    });
  }

  /** the run's tool calls and its plan, as audit events in step order */
  private stepEvents(ctx: OrgContext, run: AgentRun, runner: ToolRunner, o: Outcome) {
    const events: Array<ReturnType<AuditService['forCtx']>> = [];
    for (const s of runner.steps) {
      if (s.kind === 'tool') {
        events.push(
          this.audit.forCtx(ctx, 'agent.tool_called', 'agent_run', run.id, {
            step: s.step,
            name: s.tool,
            args: s.args,
            durationMs: s.durationMs,
            resultSize: s.resultSize,
            resultCount: s.resultCount,
            ok: s.ok,
            error: s.error,
          }),
        );
      } else if (s.kind === 'plan' && o.intent) {
        events.push(this.audit.forCtx(ctx, 'agent.planned', 'agent_run', run.id, { step: s.step, intent: o.intent }));
      } else if (s.kind === 'plan' && o.constraints) {
        const { memory, ...planner } = (s.args ?? {}) as Record<string, unknown>;
        events.push(
          this.audit.forCtx(ctx, 'agent.planned', 'agent_run', run.id, {
            step: s.step,
            constraints: o.constraints,
            ...(Object.keys(planner).length ? { planner } : {}),
            ...(memory ? { memory } : {}),
          }),
        );
      }
    }
    return events;
  }

  /** The conversation's memory over its runs (without `excludeRunId`); empty without a conversation. */
  async memoryOf(
    organizationId: string,
    conversationId: string | null,
    excludeRunId: string | null,
    tx?: Tx,
  ): Promise<TConversationMemory> {
    const turns = conversationId
      ? await this.repo.memoryTurns(tx, organizationId, conversationId, excludeRunId, MEMORY_RUNS)
      : [];
    const m = buildMemory(turns, { tokenBudget: MEMORY_TOKENS, summaryTokenBudget: SUMMARY_TOKENS });
    return {
      tokenBudget: MEMORY_TOKENS,
      ...m,
      window: m.window.map((t) => ({ ...t, status: t.status as TConversationMemory['window'][number]['status'] })),
    };
  }
}
