import { Injectable } from '@nestjs/common';
import type { TCalendarAssignment } from '@amms/contracts/jobs';
import type { TEditedItem, TRunLeave } from '@amms/contracts/drafts';
import type { AgentRun } from '@amms/db';
import { DraftsService } from '../../drafts/drafts.service.js';
import { AssignmentsService } from '../../jobs/assignments.service.js';
import type { OrgContext } from '../../platform/access/context.js';
import { mayWriteLeave } from '../../platform/access/leave-access.js';
import { may } from '../../platform/access/permission.js';
import { contentHashOf, schedulerInput } from '../../planning/draft-content.js';
import { loadFacts } from '../../planning/facts.js';
import { AgentTools, type KnownNames } from '../../planning/tools/agent-tools.js';
import type { ToolRunner } from '../../planning/tools/runner.js';
import { MemberPlanningRepository } from '../../tenancy/member-planning.repository.js';
import type { Outcome } from '../agent-run.parts.js';
import { repairEdit } from '../followup/edit-repair.js';
import { parseLeaveEdit } from '../followup/leave-edit.js';
import { nameList, type Lang } from '../explain/wording.js';
import { localToday } from '../planner/calendar.js';
import { goalLanguage } from '../planner/text.js';
import { leaveItems, leaveMessage, unknownLeaveName, type LeaveDays, type MovedLine } from './leave-words.js';

const DAY = 86_400_000;

/**
 * A leave said on its own, with no draft in the conversation ("赵刚下周请假", "吴斌周四请假", "Li Ming
 * is off on Friday"; issue #25). The person is found by name (pinyin too) among the operators the
 * caller can see, the days as the planner reads them in the org's zone. The run makes
 *  1. a LEAVE draft: executing it writes the member's leave (MemberLeave, once per item);
 *  2. when they have live bookings on those days, a SCHEDULE draft re-planning exactly those
 *     bookings with other operators (the follow-up repair: the scheduler itself on each job, same
 *     machine and hours first, licences, day limits, leave), whose execution re-assigns the jobs.
 * An unknown name is asked about; a caller who may not write leave is told so.
 */
@Injectable()
export class LeaveStatements {
  constructor(
    private readonly drafts: DraftsService,
    private readonly assignments: AssignmentsService,
    private readonly tools: AgentTools,
    private readonly members: MemberPlanningRepository,
  ) {}

  async tryLeave(
    ctx: OrgContext,
    run: AgentRun,
    runner: ToolRunner,
    known: KnownNames,
    timezone: string,
  ): Promise<Outcome | null> {
    const today = localToday(new Date(), timezone);
    const said = parseLeaveEdit(run.goal, known, today, null);
    const lang: Lang = goalLanguage(run.goal);
    const zh = lang === 'zh';
    const base = { constraints: null, error: null, draft: null, intent: 'RECORD_LEAVE' as const };
    const who = said ? null : unknownLeaveName(run.goal, today);
    if (!said && !who) return null;
    this.plan(runner, said ? said.leave.map((l) => `${l.operator.name} ${l.from}..${l.to}`).join(', ') : `"${who}"`);
    // who may not write leave is told so before any name is looked at (they may not see the members)
    if (!mayWriteLeave(ctx) || !may(ctx, 'draft.edit')) {
      const message = zh
        ? '你的角色不能登记请假或修改排班，请让调度员登记。'
        : 'Your role may not record leave or change the schedule; ask a dispatcher.';
      runner.note('message', { message });
      return { ...base, status: 'COMPLETED', question: null, message };
    }
    if (!said) {
      const names = nameList(
        known.operators.map((o) => o.name),
        lang,
      );
      const question = zh
        ? `我不认识“${who}”：你能看到的机手里没有这个名字。请说出要请假的成员全名${names ? `（机手有：${names}）` : ''}。`
        : `I don't know "${who}": no operator you can see has that name. Which member is on leave?${names ? ` (operators: ${names})` : ''}`;
      return { ...base, status: 'NEEDS_INPUT', question, message: null };
    }
    const leave: LeaveDays[] = said.leave.map((l) => ({ operator: l.operator, from: l.from, to: l.to }));
    const items = leaveItems(leave, timezone, run.goal);
    // leave already on the calendar over those days is not recorded twice (executing would refuse it)
    const already: Parameters<typeof leaveMessage>[2]['already'][number][] = [];
    const checked = await Promise.all(items.map((it) => this.onCalendar(ctx, it.membershipId, it.startsAt, it.endsAt)));
    const toDraft = items.filter((it, i) => {
      const hit = checked[i];
      if (hit) already.push({ ...leave[i]!, startsAt: hit.startsAt, endsAt: hit.endsAt });
      return !hit;
    });
    const replan = await this.replan(ctx, runner, items, timezone, run.goal, lang);
    const message = leaveMessage(lang, timezone, {
      drafted: leave.filter((l) => toDraft.some((t) => t.membershipId === l.operator.id && t.from === l.from)),
      already,
      moved: replan.moved,
      stuck: replan.stuck,
      replanDraft: replan.draftId !== null,
      bookings: replan.bookings,
    });
    const record: TRunLeave = {
      leave: leave.map((l) => ({ membershipId: l.operator.id, name: l.operator.name, from: l.from, to: l.to })),
      replanDraftId: replan.draftId,
      bookings: replan.bookings,
      moved: replan.moved.length,
    };
    runner.note('message', { message, args: { leave: record } });
    if (toDraft.length === 0)
      return {
        ...base,
        status: 'COMPLETED',
        question: null,
        message,
        ...(replan.draftId ? { linkDraftId: replan.draftId } : {}),
      };
    const validation = { ok: true, violations: [], warnings: [] };
    const title = zh
      ? `请假：${toDraft.map((i) => `${i.memberName} ${i.from === i.to ? i.from : `${i.from}..${i.to}`}`).join('、')}`
      : `Leave: ${toDraft.map((i) => `${i.memberName} ${i.from === i.to ? i.from : `${i.from}..${i.to}`}`).join(', ')}`;
    return {
      ...base,
      status: 'COMPLETED',
      question: null,
      message,
      draft: {
        kind: 'LEAVE',
        title: title.slice(0, 200),
        content: { items: toDraft, unplaced: [], validation, contentHash: contentHashOf(toDraft, [], validation) },
        evidence: toDraft.map((i) => ({ itemKey: i.itemKey, jobId: '', steps: {} })),
        note: run.goal.slice(0, 1000),
      },
    };
  }

  private plan(runner: ToolRunner, what: string): void {
    runner.note('plan', {
      message: `intent RECORD_LEAVE (${what})`,
      args: { intent: 'RECORD_LEAVE', classifier: 'rules' },
    });
  }

  /** leave already on the member's calendar overlapping [from, to) */
  private async onCalendar(ctx: OrgContext, membershipId: string, from: string, to: string) {
    const { items } = await this.members.listLeave(ctx, membershipId, { from, to });
    return (
      items.find((l) => Date.parse(l.startsAt) < Date.parse(to) && Date.parse(l.endsAt) > Date.parse(from)) ?? null
    );
  }

  /**
   * Their live (SCHEDULED) bookings inside the leave, each given to another operator by the
   * follow-up repair (same machine and hours first), as one SCHEDULE draft.
   */
  private async replan(
    ctx: OrgContext,
    runner: ToolRunner,
    leave: readonly { membershipId: string; startsAt: string; endsAt: string }[],
    timezone: string,
    said: string,
    lang: Lang,
  ): Promise<{ draftId: string | null; bookings: number; moved: MovedLine[]; stuck: MovedLine[] }> {
    const booked: TCalendarAssignment[] = [];
    for (const l of leave) {
      const page = await this.assignments.calendar(ctx, {
        from: l.startsAt,
        to: l.endsAt,
        operatorMembershipId: l.membershipId,
        limit: 200,
      });
      booked.push(...page.items.filter((a) => a.job.status === 'SCHEDULED'));
    }
    if (booked.length === 0) return { draftId: null, bookings: 0, moved: [], stuck: [] };
    const jobIds = [...new Set(booked.map((a) => a.jobId))];
    const gone = [...new Set(leave.map((l) => l.membershipId))];
    const starts = booked.map((a) => Date.parse(a.startsAt));
    const ends = booked.map((a) => Date.parse(a.endsAt));
    const range = {
      from: new Date(Math.min(...starts) - DAY).toISOString(),
      to: new Date(Math.max(...ends) + 2 * DAY).toISOString(),
    };
    const { facts } = await loadFacts(runner, { jobIds, includeScheduled: true }, range);
    // the jobs' own bookings are what the re-plan replaces, not a clash; the people on leave are busy then
    const mine = (ref?: { kind: string; id: string }) => ref?.kind === 'JOB' && jobIds.includes(ref.id);
    facts.busy = {
      machines: facts.busy.machines.filter((b) => !mine(b.ref)),
      operators: [
        ...facts.busy.operators.filter((b) => !mine(b.ref)),
        ...leave.map((l) => ({ membershipId: l.membershipId, startsAt: l.startsAt, endsAt: l.endsAt, label: 'LEAVE' })),
      ],
    };
    const input = schedulerInput(facts, {
      now: new Date().toISOString(),
      timezone,
      calendar: await this.tools.workCalendar(ctx),
    });
    const current: TEditedItem[] = booked.map((a) => ({
      jobId: a.jobId,
      primaryAssetId: a.machines.find((m) => m.role === 'PRIMARY')?.assetId ?? a.machines[0]!.assetId,
      implementAssetIds: a.machines.filter((m) => m.role !== 'PRIMARY').map((m) => m.assetId),
      operatorMembershipId: a.operatorMembershipId,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
    }));
    const asks = current.map((i) => ({
      jobId: i.jobId,
      keepMachine: false,
      keepOperator: false,
      avoidAssetIds: [],
      avoidOperatorIds: gone,
    }));
    const fixed = repairEdit(input, current, asks);
    const names = new Map(facts.operators.map((o) => [o.membershipId, o.name]));
    const machines = new Map(facts.machines.map((m) => [m.id, m.name]));
    const line = (a: TCalendarAssignment, to: TEditedItem): MovedLine => ({
      label: a.job.fieldName ?? a.job.title ?? a.jobId.slice(0, 8),
      startsAt: to.startsAt,
      endsAt: to.endsAt,
      machine: machines.get(to.primaryAssetId) ?? null,
      from: a.operatorName,
      to: names.get(to.operatorMembershipId) ?? null,
    });
    const moved = fixed.items.filter((i) => !gone.includes(i.operatorMembershipId));
    const stuck = fixed.items.filter((i) => gone.includes(i.operatorMembershipId));
    const byJob = new Map(booked.map((a) => [a.jobId, a]));
    const out = {
      bookings: booked.length,
      moved: moved.map((i) => line(byJob.get(i.jobId)!, i)),
      stuck: stuck.map((i) => line(byJob.get(i.jobId)!, i)),
    };
    if (moved.length === 0) return { draftId: null, ...out };
    const who = [...new Set(booked.map((a) => a.operatorName))].join(lang === 'zh' ? '、' : ', ');
    const draft = await this.drafts.createFromBoard(
      ctx,
      {
        title: (lang === 'zh' ? `${who} 请假期间的作业改派` : `Re-plan of ${who}'s bookings during leave`).slice(
          0,
          200,
        ),
        items: moved,
        note: said.slice(0, 1000),
      },
      { lang },
      'leave',
    );
    return { draftId: draft.id, ...out };
  }
}
