import { Injectable, Logger } from '@nestjs/common';
import { ZPlanConstraints } from '@amms/contracts/agent';
import type { TAgentRun, TConversation, TCreateRunRequest } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import { AuditService } from '../audit/audit.service.js';
import { DraftsRepository } from '../drafts/drafts.repository.js';
import { toVersion } from '../drafts/drafts.mappers.js';
import type { OrgContext } from '../platform/access/context.js';
import { AgentErrors } from './agent.errors.js';
import { AgentRepository } from './agent.repository.js';
import { AgentRunFinisher } from './agent-run.finisher.js';
import { ScheduleDraftRun } from './agent-schedule.js';
import { defaultPeriodForFields } from './default-period.js';
import { PlannerFactory } from './planner-factory.js';
import { AgentMemoryService } from './memory/memory.service.js';
import { FollowUpEdits } from './followup/followup.service.js';
import { LeaveStatements } from './leave/leave-statement.js';
import { completeOnItsOwn, continuedGoal, pendingGoals } from './followup/pending-goal.js';
import { entitiesOf } from './memory/references.js';
import { AgentTools, type KnownNames } from '../planning/tools/agent-tools.js';
import { ToolRunner } from '../planning/tools/runner.js';
import { describePlanner, planMaintenanceRun, withNotes, type Outcome, type RunMemo } from './agent-run.parts.js';
import { runScope, conversationScope } from '../platform/access/own-scope.js';
import { toAgentRun } from './agent-run.view.js';
import { classifyIntent, languageOf } from './skills/intent.js';
import { isScheduleQuestion, scheduleQuestion } from './skills/schedule-question.js';
import { runSkill } from './skills/run-skill.js';
import { SkillTools } from './skills/skill-tools.js';

/**
 * goal → plan (constraints; a model planner may call the read-only tools itself) → read-only
 * tools → deterministic scheduler + validator → draft v1.
 * The run row is created first (RUNNING, audited), the work happens outside any transaction
 * (reads only), and the outcome (steps, draft, audit of every tool call) commits in one
 * transaction at the end.
 */
@Injectable()
export class AgentService {
  private readonly log = new Logger('Agent');

  constructor(
    private readonly repo: AgentRepository,
    private readonly audit: AuditService,
    private readonly tools: AgentTools,
    private readonly planners: PlannerFactory,
    private readonly draftsRepo: DraftsRepository,
    private readonly skillTools: SkillTools,
    private readonly memory: AgentMemoryService,
    private readonly finisher: AgentRunFinisher,
    private readonly followUps: FollowUpEdits,
    private readonly schedule: ScheduleDraftRun,
    private readonly leaves: LeaveStatements,
  ) {}

  /** `reported`: a fault code a machine sent (telematics/, run by the worker): diagnosed without the classifier. */
  async start(ctx: OrgContext, input: TCreateRunRequest, reported?: { faultCode: string }): Promise<TAgentRun> {
    const planner = this.planners.create();
    if (
      input.conversationId &&
      !(await this.repo.findConversation(undefined, ctx.organizationId, input.conversationId, conversationScope(ctx)))
    ) {
      throw AgentErrors.conversationNotFound();
    }
    const run = await this.repo.transaction(async (tx) => {
      const conversationId =
        input.conversationId ?? (await this.repo.createConversation(tx, ctx.organizationId, ctx.actorUserId)).id;
      const r = await this.repo.createRun(tx, ctx.organizationId, {
        conversationId,
        initiatorUserId: ctx.actorUserId,
        initiatorMembershipId: ctx.membershipId,
        goal: input.goal,
        planner: planner.name,
      });
      await this.audit.record(tx, ctx, 'agent.run_started', 'agent_run', r.id, {
        goal: input.goal,
        conversationId,
        planner: planner.name,
      });
      return r;
    });

    const runner = new ToolRunner(ctx, new Map([...this.tools.all, ...this.skillTools.all]));
    const started = performance.now();
    const memo: RunMemo = { goal: run.goal, known: null, resolved: [], machines: [], pairs: [], intent: 'NONE' };
    let outcome: Outcome;
    try {
      outcome = await this.work(ctx, run, runner, planner, memo, reported);
    } catch (err) {
      this.log.warn(`run ${run.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      outcome = {
        status: 'FAILED',
        constraints: null,
        question: null,
        message: null,
        error: err instanceof Error ? err.message : 'run failed',
        draft: null,
      };
    }
    const entities = memo.known ? entitiesOf(memo.goal, memo.known, memo.resolved, memo.machines, memo.pairs) : [];
    await this.finisher.finish(ctx, run, runner, outcome, entities);
    this.memory.metrics.run({
      intent: outcome.constraints?.intent ?? memo.intent,
      outcome: outcome.draft ? 'draft' : outcome.status,
      seconds: (performance.now() - started) / 1000,
      tools: runner.steps.filter((s) => s.kind === 'tool'),
      fallback: memo.planner?.fallback,
      planner: memo.planner?.model ? 'openai-compatible' : 'rules',
      tokens: memo.planner?.tokens,
    });
    return this.get(ctx, run.id);
  }

  private async work(
    ctx: OrgContext,
    run: AgentRun,
    runner: ToolRunner,
    planner: ReturnType<PlannerFactory['create']>,
    memo: RunMemo,
    reported?: { faultCode: string },
  ): Promise<Outcome> {
    const none = { message: null, error: null, draft: null };
    const timezone = await this.repo.orgTimezone(ctx.organizationId);
    // in a conversation: a follow-up that edits its current draft ("把周三的改到周四") → the draft's
    // next version; an answer to the agent's own question ("下下周") continues the pending goal
    const classified = classifyIntent(run.goal);
    const alone = reported
      ? {
          ...classified,
          intent: 'DIAGNOSE' as const,
          faultCode: reported.faultCode,
          reason: 'a fault code the machine reported',
        }
      : classified;
    let known: { step: number; result: KnownNames } | null = null;
    let goal = run.goal;
    const continued: Array<{ zh: string; en: string }> = [];
    if (run.conversationId && alone.intent === 'PLAN') {
      known = await runner.call<KnownNames>('known_names', {});
      memo.known = known.result;
      const edited = await this.followUps.tryEdit(ctx, run, runner, known.result, timezone);
      if (edited) {
        memo.intent = 'EDIT_DRAFT';
        return edited;
      }
      const earlier = await this.repo.runsOfConversation(undefined, ctx.organizationId, run.conversationId, 10);
      const pending = pendingGoals(earlier.filter((r) => r.id !== run.id));
      if (pending.length > 0 && !completeOnItsOwn(run.goal, known.result, new Date(), timezone)) {
        goal = continuedGoal(pending, run.goal);
        memo.goal = goal;
        const quoted = pending.at(-1)!.slice(0, 60);
        continued.push({ zh: `接着上一个问题：“${quoted}”`, en: `continuing the earlier goal "${quoted}"` });
      }
    }
    // diagnose / ask the manual / business questions are routed before any planner (skills/intent.ts)
    const routed = goal === run.goal ? alone : classifyIntent(goal);
    if (routed.intent !== 'PLAN') {
      runner.note('plan', {
        message: `intent ${routed.intent} (${routed.reason})`,
        args: { intent: routed.intent, classifier: 'rules', ...(goal !== run.goal ? { continues: true } : {}) },
      });
      const out = await runSkill({
        ctx,
        runner,
        goal,
        routed: { ...routed, intent: routed.intent },
        timezone,
        reported,
      });
      return { ...out, constraints: null, error: null, intent: routed.intent };
    }
    known ??= await runner.call<KnownNames>('known_names', {});
    memo.known = known.result;
    const asked = goal === run.goal ? run : { ...run, goal };
    // a leave said on its own ("赵刚下周请假"; after a draft it was an edit above): a LEAVE draft, and
    // a SCHEDULE draft re-planning their bookings on those days (leave/leave-statement.ts)
    const leave = await this.leaves.tryLeave(ctx, asked, runner, known.result, timezone);
    if (leave) {
      memo.intent = 'RECORD_LEAVE';
      return leave;
    }
    // memory (memory/): a "remember …" goal is saved and answered; references ("那台收割机", "the
    // same field") become the names they stand for, or a question when not exactly one fits
    const remembered = await this.memory.saveStatement(ctx, asked, known.result);
    if (remembered) {
      memo.intent = 'PREFERENCE';
      runner.note('message', { message: remembered.message });
      return { ...none, status: 'COMPLETED', constraints: null, question: null, message: remembered.message };
    }
    const refs = await this.memory.resolve(ctx, asked, known.result);
    if (refs.question) return { ...none, status: 'NEEDS_INPUT', constraints: null, question: refs.question };
    // "钱勇那台下周都排了什么": what is booked, answered from the calendar (the reference resolved above)
    if (isScheduleQuestion(refs.goal)) {
      memo.intent = 'SCHEDULE_QUESTION';
      runner.note('plan', {
        message: 'intent SCHEDULE_QUESTION (a question about what is booked)',
        args: { intent: 'SCHEDULE_QUESTION', classifier: 'rules' },
      });
      const language = languageOf(refs.goal);
      const out = await scheduleQuestion({ ctx, runner, goal: refs.goal, language, timezone, known: known.result });
      runner.note('message', { message: out.message, args: { answer: out.answer } });
      return { ...none, status: 'COMPLETED', constraints: null, question: null, ...out, intent: 'SCHEDULE_QUESTION' };
    }
    memo.goal = refs.goal;
    memo.resolved = refs.resolved;
    const memory = await this.finisher.memoryOf(ctx.organizationId, run.conversationId, run.id);
    const planInput = {
      goal: refs.goal,
      now: new Date(),
      timezone,
      known: known.result,
      memory: { summary: memory.summary, turns: memory.window.map((t) => t.text) },
    };
    // a model planner says what happened (model, attempts, fallback: the plan step's args) and may call
    // the read-only tools (not the skills') through this run's runner: run steps, audited, in budget
    const planStarted = performance.now();
    const planned = planner.planWithDiagnostics
      ? await planner.planWithDiagnostics(
          planInput,
          runner.forPlanner({ exclude: ['known_names', ...this.skillTools.all.keys()] }),
        )
      : { constraints: await planner.plan(planInput), diagnostics: null };
    runner.reuseIdenticalResults();
    memo.planner = planned.diagnostics;
    const planned0 = withNotes(ZPlanConstraints.parse(planned.constraints), [...continued, ...refs.notes]);
    runner.note('plan', {
      // the planner's own time (a model planner's tool calls are steps of their own, timed too)
      durationMs: Math.round(performance.now() - planStarted),
      message: `intent ${planned0.intent}${planned0.period ? `, ${planned0.period.from}..${planned0.period.to}` : ''}${describePlanner(planned.diagnostics)}`,
      // the memory the planner got: its size only (the text is in the conversation)
      args: {
        ...(planned.diagnostics ?? {}),
        memory: {
          turns: memory.window.length,
          tokens: memory.windowTokens,
          summaryTokens: memory.summaryTokens,
          folded: memory.folded,
        },
      },
    });
    // a goal naming its field(s) but no time plans the next days rather than asking (default-period.ts)
    const defaulted = defaultPeriodForFields(planned0, new Date(), timezone);
    const constraints = defaulted?.constraints ?? planned0;
    const lead = defaulted ? [constraints.language === 'zh' ? defaulted.note.zh : defaulted.note.en] : [];
    if (constraints.missing.length > 0 || constraints.intent === 'UNKNOWN' || !constraints.period) {
      return {
        ...none,
        status: 'NEEDS_INPUT',
        constraints,
        question:
          constraints.question ??
          (constraints.language === 'zh'
            ? '请说明要安排的作业和时间段。'
            : 'Which jobs and which period should I plan?'),
      };
    }
    if (constraints.intent === 'PLAN_MAINTENANCE')
      return planMaintenanceRun(ctx, asked, runner, known.step, constraints, timezone);

    return this.schedule.plan(
      ctx,
      runner,
      memo,
      goal,
      { ...constraints, period: constraints.period },
      known,
      timezone,
      lead,
    );
  }

  async get(ctx: OrgContext, id: string): Promise<TAgentRun> {
    const r = await this.repo.findRun(ctx.organizationId, id, runScope(ctx));
    if (!r) throw AgentErrors.runNotFound();
    let draft: TAgentRun['draft'] = null;
    if (r.draftId) {
      const d = await this.draftsRepo.findById(undefined, ctx.organizationId, r.draftId, {});
      const v = d ? await this.draftsRepo.findVersion(undefined, ctx.organizationId, d.id, d.currentVersion) : null;
      if (d && v) {
        const tv = toVersion(v);
        draft = {
          id: d.id,
          version: tv.version,
          contentHash: tv.contentHash,
          items: tv.items,
          unplaced: tv.unplaced,
          workOrderItems: tv.workOrderItems,
          unplacedWorkOrders: tv.unplacedWorkOrders,
          correctiveItems: tv.correctiveItems,
          purchaseLines: tv.purchaseLines,
          leaveItems: tv.leaveItems,
          validation: tv.validation,
          evidence: tv.evidence,
        };
      }
    }
    return toAgentRun(r, draft);
  }

  async conversation(ctx: OrgContext, id: string): Promise<TConversation> {
    const c = await this.repo.findConversation(undefined, ctx.organizationId, id, conversationScope(ctx));
    if (!c) throw AgentErrors.conversationNotFound();
    const runs = await this.repo.runsOfConversation(undefined, ctx.organizationId, id);
    return {
      id: c.id,
      summary: c.summary,
      memory: await this.finisher.memoryOf(ctx.organizationId, c.id, null),
      createdAt: c.createdAt.toISOString(),
      runs: runs.map((r) => ({
        id: r.id,
        goal: r.goal,
        status: r.status,
        draftId: r.draftId,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }
}
