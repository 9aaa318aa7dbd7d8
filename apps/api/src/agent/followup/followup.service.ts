import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TDraftDetail, TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import { DraftsService } from '../../drafts/drafts.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { Outcome } from '../agent-run.parts.js';
import { AgentRepository } from '../agent.repository.js';
import { localToday } from '../planner/calendar.js';
import { goalLanguage } from '../planner/text.js';
import type { MachineCandidate } from '../skills/machine-match.js';
import { applyEdit, select, type Lang } from './edit-apply.js';
import { parseEdit, type EditCommand } from './edit-grammar.js';
import { parseLeaveEdit, type LeaveEdit } from './leave-edit.js';
import { may } from '../../platform/access/permission.js';
import { schedulerInput } from '../../planning/draft-content.js';
import { loadFacts } from '../../planning/facts.js';
import { AgentTools, type KnownNames } from '../../planning/tools/agent-tools.js';
import { repairEdit, type Repaired } from './edit-repair.js';
import { repairSentence } from './repair-words.js';
import { explainVersion } from '../explain/explain-draft.js';
import { applyGoalLimits, type GoalLimits } from '../../planning/goal-limits.js';
import { ToolRunner } from '../../planning/tools/runner.js';
import { splitFollowUp } from './split-followup.js';
import { describeEdit, nextVersionEdit } from './edit-record.js';
import { TravelService } from '../../planning/travel/travel.service.js';

/** how many earlier runs of the conversation are searched for its current draft */
const LOOK_BACK = 20;

/**
 * A follow-up in a conversation that refers to its current draft ("那把周三的改到周四", "换成那台
 * S780", "use the S780 instead") makes a NEW VERSION of that draft through the draft edit path
 * (DraftsService.createVersion: facts re-read, conflicts / machine type / operator validated),
 * not a new goal. The current draft is the newest draft of the conversation's earlier runs, when
 * it is still OPEN, a SCHEDULE draft and visible to the caller. A command that does not name
 * exactly what to change ends the run with one precise question.
 */
@Injectable()
export class FollowUpEdits implements OnModuleInit {
  constructor(
    private readonly repo: AgentRepository,
    private readonly drafts: DraftsService,
    private readonly tools: AgentTools,
    private readonly travel: TravelService,
  ) {}

  /** An edit from the web editor is said like a follow-up's: findings and reasons in the reader's language. */
  onModuleInit(): void {
    this.drafts.useExplainer(async (ctx, lang, timezone, said) => {
      const known = await new ToolRunner(ctx, this.tools.all)
        .call<KnownNames>('known_names', {})
        .then((r) => r.result.teams)
        .catch(() => []);
      return explainVersion(lang, timezone, new Map(known.map((t) => [t.id, t.name])), said?.slice(0, 200) ?? null);
    });
  }

  /** The edit made whole against fresh facts (edit-repair.ts): what the words did not fix may change. */
  private async repair(
    ctx: OrgContext,
    runner: ToolRunner,
    result: Extract<ReturnType<typeof applyEdit>, { kind: 'edit' }>,
    timezone: string,
    limits: GoalLimits | null,
  ): Promise<{ items: TEditedItem[]; repaired: Repaired[] }> {
    const jobIds = [...new Set(result.items.map((i) => i.jobId))];
    const starts = result.items.map((i) => Date.parse(i.startsAt));
    const ends = result.items.map((i) => Date.parse(i.endsAt));
    if (starts.length === 0) return { items: result.items, repaired: [] };
    // whole days around the items: a repair may use any hour of the item's day
    const range = {
      from: new Date(Math.min(...starts) - 86_400_000).toISOString(),
      to: new Date(Math.max(...ends) + 2 * 86_400_000).toISOString(),
    };
    const { facts } = await loadFacts(runner, { jobIds }, range);
    // the goal's limits (day limit, deadline, leave, avoidances) bound the repair as they bound the planner
    const goal = applyGoalLimits(facts, limits, timezone);
    const input = schedulerInput(facts, {
      now: new Date().toISOString(),
      timezone,
      calendar: await this.tools.workCalendar(ctx),
      ...goal,
    });
    return repairEdit(input, result.items, result.asks);
  }

  /** The conversation's current (open, schedule) draft, or null. */
  async currentDraft(ctx: OrgContext, run: AgentRun): Promise<TDraftDetail | null> {
    if (!run.conversationId) return null;
    const runs = await this.repo.runsOfConversation(undefined, ctx.organizationId, run.conversationId, LOOK_BACK);
    const latest = runs.find((r) => r.id !== run.id && r.draftId);
    if (!latest?.draftId) return null;
    const draft = await this.drafts.get(ctx, latest.draftId).catch(() => null);
    return draft && draft.status === 'OPEN' && draft.kind === 'SCHEDULE' ? draft : null;
  }

  /** The run's outcome when its goal edits the current draft; null when it is not an edit (a new goal). */
  async tryEdit(
    ctx: OrgContext,
    run: AgentRun,
    runner: ToolRunner,
    known: KnownNames,
    timezone: string,
  ): Promise<Outcome | null> {
    const today = localToday(new Date(), timezone);
    let cmd: EditCommand | null = parseEdit(run.goal, known, today);
    const draft = await this.currentDraft(ctx, run);
    if (!draft) return null;
    const current = draft.versions.find((v) => v.version === draft.currentVersion);
    if (!current) return null;
    // "赵刚周三请假" after a draft: his items those days get someone else (a new version)
    let leave: LeaveEdit['leave'] = [];
    if (!cmd) {
      const first = current.items.map((i) => localToday(new Date(i.startsAt), timezone)).sort()[0] ?? null;
      const said = parseLeaveEdit(run.goal, known, today, first !== null && first > today ? first : null);
      if (!said) return null;
      cmd = said.command;
      leave = said.leave;
    }
    // said without a change verb ("高家圩1号地用GN70收") and about nothing in the draft: a new goal
    if ('loose' in cmd && cmd.loose && select(current.items, cmd.select, timezone).length === 0) return null;
    // the goal's own words decide, not the names it quotes ("don't use 收割机乙" is English)
    const names = [...known.fields, ...known.assets, ...known.operators].map((n) => n.name).filter((n) => n.length > 0);
    const own = names.sort((a, b) => b.length - a.length).reduce((g, n) => g.split(n).join(' '), run.goal);
    const lang: Lang = goalLanguage(own.trim() ? own : run.goal);
    const zh = lang === 'zh';
    runner.note('plan', {
      message: `intent EDIT_DRAFT (${cmd.kind} on draft ${draft.id} v${draft.currentVersion})`,
      args: { intent: 'EDIT_DRAFT', classifier: 'rules', command: cmd.kind, draftId: draft.id },
    });
    const machines =
      cmd.kind === 'MACHINE'
        ? (await runner.call<MachineCandidate[]>('machines', {})).result
        : ([] as MachineCandidate[]);
    const leaveNote = leave.length ? leaveSentence(leave, lang) : '';
    const base = { constraints: null, error: null, draft: null, intent: 'EDIT_DRAFT' as const };
    if (leave.length && !current.items.some((i) => onLeave(i, leave, timezone))) {
      const message =
        leaveNote +
        (zh
          ? '草案里他们那几天没有作业，不用改动。'
          : 'The draft gives them no work on those days: nothing to change.');
      runner.note('message', { message });
      return { ...base, status: 'COMPLETED', question: null, message };
    }
    if (cmd.kind === 'SPLIT') {
      const limits = await this.drafts.goalLimits(ctx, draft.runId);
      return splitFollowUp(
        { drafts: this.drafts, workCalendar: () => this.tools.workCalendar(ctx), travel: this.travel },
        { ctx, runner, draft, current, cmd, run, known, timezone, lang, limits },
      );
    }
    const result = applyEdit(cmd, current.items, { timezone, lang, machines });
    if (result.kind === 'question') return { ...base, status: 'NEEDS_INPUT', question: result.question, message: null };
    if (result.kind === 'nothing' || !may(ctx, 'draft.edit')) {
      const message =
        result.kind === 'nothing'
          ? leaveNote + result.message
          : zh
            ? '你的角色不能修改草案，请让调度员修改。'
            : 'Your role may not edit drafts; ask a dispatcher.';
      runner.note('message', { message });
      return { ...base, status: 'COMPLETED', question: null, message };
    }
    const fixed = await this.repair(ctx, runner, result, timezone, await this.drafts.goalLimits(ctx, draft.runId));
    const label = (jobId: string) => {
      const i = current.items.find((x) => x.jobId === jobId);
      return i?.job?.fieldName ?? i?.job?.title ?? jobId.slice(0, 8);
    };
    const replacing = cmd.kind === 'AVOID' || cmd.kind === 'ANOTHER' || result.replacing === true;
    if (replacing && fixed.repaired.length === 0) {
      const message = zh
        ? `没有找到可以替换的${cmd.kind === 'ANOTHER' && cmd.what === 'OPERATOR' ? '机手' : cmd.kind === 'ANOTHER' ? '机器' : '机器或机手'}：同一天里其他能做这些作业的都不空闲或不合适，草案没有改动。`
        : `I found no replacement: nothing else that can do these jobs is free and fit on the same day, so the draft is unchanged.`;
      runner.note('message', { message });
      return { ...base, status: 'COMPLETED', question: null, message };
    }
    const repairNotes = fixed.repaired.map((r) => repairSentence(r, label(r.jobId), lang, replacing));
    // the version in the conversation's words: findings from their codes, the changed items' reasons
    const teams = new Map(known.teams.map((t) => [t.id, t.name]));
    const after = await this.drafts.createVersion(
      ctx,
      draft.id,
      { basedOnVersion: draft.currentVersion, items: fixed.items, workOrderItems: [], note: run.goal.slice(0, 1000) },
      { lang, explain: explainVersion(lang, timezone, teams, run.goal.slice(0, 200)) },
    );
    const { next, edit } = nextVersionEdit(draft, current.items, after);
    const message =
      leaveNote +
      describeEdit(
        edit,
        next.validation.violations.map((v) => v.message),
        timezone,
        lang,
        repairNotes,
      );
    runner.note('message', { message, args: { edit } });
    return { ...base, status: 'COMPLETED', question: null, message, linkDraftId: draft.id, edit };
  }
}

/** the item is the work of someone on leave on one of its days */
function onLeave(i: TDraftItem, leave: LeaveEdit['leave'], tz: string): boolean {
  const from = localToday(new Date(i.startsAt), tz);
  const to = localToday(new Date(i.endsAt), tz);
  return leave.some((l) => l.operator.id === i.operatorMembershipId && from <= l.to && to >= l.from);
}

/** "记下了：赵刚 2026-12-09 请假（只用于这份草案；长期记录请登记到他的请假日历）。" */
function leaveSentence(leave: LeaveEdit['leave'], lang: Lang): string {
  const days = (l: LeaveEdit['leave'][number]) => (l.from === l.to ? l.from : `${l.from}..${l.to}`);
  const who = leave.map((l) => `${l.operator.name} ${days(l)}`);
  return lang === 'zh'
    ? `记下了：${who.join('、')} 请假（只用于这份草案；长期记录请登记到成员的请假日历）。`
    : `Noted: ${who.join(', ')} off (for this draft only; record it in the member's leave calendar to keep it). `;
}
