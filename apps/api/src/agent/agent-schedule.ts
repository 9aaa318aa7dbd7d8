import { Injectable } from '@nestjs/common';
import type { TPlanConstraints } from '@amms/contracts/agent';
import type { OrgContext } from '../platform/access/context.js';
import { draftContent, periodRange, planningNow, schedulerInput } from '../planning/draft-content.js';
import { loadFacts } from '../planning/facts.js';
import { validate } from '../planning/scheduler/validator.js';
import { AgentTools, type KnownNames } from '../planning/tools/agent-tools.js';
import type { ToolRunner } from '../planning/tools/runner.js';
import { TravelService } from '../planning/travel/travel.service.js';
import type { Outcome, RunMemo } from './agent-run.parts.js';
import { withNotes } from './agent-run.parts.js';
import { explainDraft, withWhy } from './explain/explain-draft.js';
import { leaveBusy } from '../planning/goal-limits.js';
import { itemKeyOf } from '../planning/scheduler/scheduler.js';
import { splitParts } from './followup/edit-grammar.js';
import { splitAsked } from './followup/split-edit.js';
import { refusalNote } from './followup/split-followup.js';
import { AgentMemoryService } from './memory/memory.service.js';
import { applyPreferences, scheduleSoftly } from './memory/schedule-preferences.js';

/**
 * The SCHEDULE half of a run, once the goal is constraints with a period: read-only tools →
 * facts (leave, roads, saved preferences) → deterministic scheduler + validator → the draft as a
 * dispatcher reads it (reasons per item, findings in the goal's language and zone).
 */
@Injectable()
export class ScheduleDraftRun {
  constructor(
    private readonly tools: AgentTools,
    private readonly memory: AgentMemoryService,
    private readonly travel: TravelService,
  ) {}

  async plan(
    ctx: OrgContext,
    runner: ToolRunner,
    memo: RunMemo,
    goal: string,
    constraints: TPlanConstraints & { period: NonNullable<TPlanConstraints['period']> },
    known: { step: number; result: KnownNames },
    timezone: string,
    /** said in the draft's note before the preferences' notes (a defaulted period) */
    lead: readonly string[] = [],
  ): Promise<Outcome> {
    const none = { message: null, error: null, draft: null };
    const range = periodRange(constraints.period, timezone);
    const { facts, steps } = await loadFacts(
      runner,
      {
        from: range.from,
        to: range.to,
        operationTypes: constraints.operationTypes,
        teamIds: constraints.teams.map((t) => t.id),
        fieldIds: constraints.fields.map((f) => f.id),
        minPriority: constraints.minPriority,
      },
      range,
    );
    if (facts.jobs.length === 0) {
      const message =
        constraints.language === 'zh'
          ? `${constraints.period.from} 至 ${constraints.period.to} 没有符合条件的待安排作业。`
          : `No planned jobs match in ${constraints.period.from} – ${constraints.period.to}.`;
      runner.note('message', { message });
      return { ...none, status: 'COMPLETED', constraints, question: null, message };
    }

    // leave the goal states with its days ("赵刚周三请假") holds the person those days (planning/goal-limits.ts)
    facts.busy.operators.push(...leaveBusy(constraints.leave, facts.operators, timezone));
    // the road between fields: one machine's consecutive jobs leave time to drive (planning/travel/travel.service.ts)
    facts.travel = await this.travel.forScheduler(
      ctx.organizationId,
      facts.jobs.map((j) => j.fieldId),
      facts.machines.map((m) => m.id),
    );
    // saved preferences (memory/schedule-preferences.ts): re-checked against the caller's scope, soft
    const prefs = applyPreferences(await this.memory.recall(ctx), ctx, known.result, facts.machines);
    // the scheduler's own time: input, soft-preference runs, validation, draft content
    const scheduleStarted = performance.now();
    memo.machines = facts.machines;
    // only PLANNED jobs are planned; SCHEDULED ones keep their assignment (and their bookings count as busy)
    const input = schedulerInput(facts, {
      now: planningNow(),
      timezone,
      clamp: range,
      avoidAssetIds: constraints.avoid.assets.map((a) => a.id),
      preferAssetIds: [...constraints.prefer.assets.map((a) => a.id), ...prefs.preferAssetIds],
      avoidOperatorIds: constraints.avoid.operators.map((o) => o.id),
      preferOperatorIds: [...constraints.prefer.operators.map((o) => o.id), ...prefs.preferOperatorIds],
      avoidDueForMaintenance: constraints.avoid.dueForMaintenance,
      calendar: await this.tools.workCalendar(ctx),
      maxHoursPerDay: constraints.limits?.maxHoursPerDay ?? null,
      restWeekdays: constraints.limits?.restWeekdays ?? [],
      dayStartHour: constraints.limits?.dayStartHour ?? null,
      dayEndHour: constraints.limits?.dayEndHour ?? null,
    });
    const soft = scheduleSoftly(input, prefs, constraints.period, timezone);
    if (soft.relaxed)
      prefs.notes.push({
        zh: '按偏好避开的日期或机器会导致更多作业排不上，本次未完全按偏好安排',
        en: 'keeping the avoidances of your preferences would leave more jobs unplaced; they were not all kept this time',
      });
    // "…两台一起收" / "… with two combines together" in the goal: the named field's job in parts (split-edit.ts)
    const asked = splitParts(goal.toLowerCase());
    const parted = asked
      ? splitAsked(
          input,
          soft.result.items,
          constraints.fields.map((f) => f.id),
          asked,
          itemKeyOf,
          (jobId, why) =>
            prefs.notes.push(refusalNote(facts.jobs, input, soft.result.items, jobId, why, asked, timezone)),
        )
      : null;
    const result = parted
      ? {
          ...soft.result,
          items: parted.items.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.jobId.localeCompare(b.jobId)),
        }
      : soft.result;
    memo.pairs = result.items.map((i) => ({ assetId: i.primaryAssetId, operatorId: i.operatorMembershipId }));
    const prefNotes = [...lead, ...prefs.notes.map((n) => (constraints.language === 'zh' ? n.zh : n.en))];
    const validation = validate(input, result.items);
    // the draft as a dispatcher reads it: reasons per item, unplaced jobs and findings in the goal's language and zone
    const explained = explainDraft(
      { facts, input, lang: constraints.language, timezone },
      draftContent(facts, result.items, result.unplaced, validation),
      result.items,
      result.unplaced,
      new Map(known.result.teams.map((t) => [t.id, t.name])),
      parted !== null,
    );
    const content = explained.content;
    runner.note('schedule', {
      durationMs: Math.round(performance.now() - scheduleStarted),
      message: `${result.stats.placed} placed, ${result.stats.unplaced} unplaced`,
    });
    const evidence = withWhy(
      content.items.map((i) => ({ itemKey: i.itemKey, jobId: i.jobId, steps: { ...steps, known: known.step } })),
      explained.why,
    );
    return {
      ...none,
      status: 'COMPLETED',
      constraints: withNotes(constraints, prefs.notes),
      question: null,
      draft: {
        kind: 'SCHEDULE',
        title: goal.slice(0, 200),
        content,
        evidence,
        note: prefNotes.length ? prefNotes.join('\n').slice(0, 2000) : null,
      },
    };
  }
}
