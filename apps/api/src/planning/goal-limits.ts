import { createHash } from 'node:crypto';
import { ZPlanConstraints, type TPlanConstraints } from '@amms/contracts/agent';
import { periodRange, type PlanningFacts, type PlanningOptions } from './draft-content.js';
import type { BusyFacts } from './tools/agent-tools.js';

/**
 * Leave a goal states with its days ("赵刚周三请假", "Li is off on Tuesday") as the scheduler's
 * busy intervals: each local day range [from 00:00, to + 1 day 00:00) in the org's zone holds the
 * person, like a leave record (the validator names it ON_LEAVE). Only operators among the facts
 * (visible to the caller) count: a reference the facts do not hold is dropped.
 */
export function leaveBusy(
  leave: TPlanConstraints['leave'],
  operators: readonly { membershipId: string }[],
  timezone: string,
): BusyFacts['operators'] {
  return (leave ?? [])
    .filter((l) => operators.some((o) => o.membershipId === l.operator.id))
    .map((l) => {
      const r = periodRange(l, timezone);
      return {
        membershipId: l.operator.id,
        startsAt: r.from,
        endsAt: r.to,
        label: 'leave (said in the goal)',
        ref: { kind: 'LEAVE' as const, id: goalLeaveId(l.operator.id, l.from, l.to) },
      };
    });
}

/**
 * A goal's leave has no leave record: its clash names it by a name-based UUID (version 5 layout
 * over sha256 of person and days), stable for the same words, never a record's id.
 */
function goalLeaveId(membershipId: string, from: string, to: string): string {
  const h = createHash('sha256').update(`goal-leave:${membershipId}:${from}:${to}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The limits a goal set for its draft ("每人每天别超过10小时", "12月15日前收完", "不要用张三",
 * "avoid machines due for service", "赵刚周三请假"). They hold for the planner's version 1 and
 * for every later edit of that draft (a follow-up in the conversation, the web editor), so an
 * edit that breaks one gets the finding the planner's own validation gives.
 */
export interface GoalLimits {
  maxHoursPerDay: number | null;
  /** ISO weekdays nobody works ("周六周日休息"), and the hours the working day is kept within */
  restWeekdays: number[];
  dayStartHour: number | null;
  dayEndHour: number | null;
  avoidAssetIds: string[];
  avoidOperatorIds: string[];
  avoidDueForMaintenance: boolean;
  leave: NonNullable<TPlanConstraints['leave']>;
  /** last local day work may end (inclusive), null: no deadline */
  deadline: string | null;
}

/** A run's stored constraints as the limits of its draft; null when there are none to carry. */
export function goalLimitsOf(stored: unknown): GoalLimits | null {
  const c = ZPlanConstraints.safeParse(stored);
  if (!c.success || c.data.intent !== 'SCHEDULE_JOBS') return null;
  return {
    maxHoursPerDay: c.data.limits?.maxHoursPerDay ?? null,
    restWeekdays: c.data.limits?.restWeekdays ?? [],
    dayStartHour: c.data.limits?.dayStartHour ?? null,
    dayEndHour: c.data.limits?.dayEndHour ?? null,
    avoidAssetIds: c.data.avoid.assets.map((a) => a.id),
    avoidOperatorIds: c.data.avoid.operators.map((o) => o.id),
    avoidDueForMaintenance: c.data.avoid.dueForMaintenance,
    leave: c.data.leave ?? [],
    deadline: c.data.deadline ?? null,
  };
}

/**
 * The limits applied to an edit's facts and planning options: the goal's leave joins the busy
 * intervals, and a deadline ends every job's window (an item past it is OUTSIDE_WINDOW, as the
 * planner's own clamped windows give). Returns the options to spread into `schedulerInput`.
 */
export function applyGoalLimits(
  facts: PlanningFacts,
  limits: GoalLimits | null,
  timezone: string,
): Pick<
  PlanningOptions,
  | 'avoidAssetIds'
  | 'avoidOperatorIds'
  | 'avoidDueForMaintenance'
  | 'maxHoursPerDay'
  | 'restWeekdays'
  | 'dayStartHour'
  | 'dayEndHour'
> {
  if (!limits) return {};
  facts.busy.operators.push(...leaveBusy(limits.leave, facts.operators, timezone));
  if (limits.deadline) {
    const end = periodRange({ from: limits.deadline, to: limits.deadline }, timezone).to;
    for (const j of facts.jobs) if (Date.parse(j.windowEnd) > Date.parse(end)) j.windowEnd = end;
  }
  return {
    avoidAssetIds: limits.avoidAssetIds,
    avoidOperatorIds: limits.avoidOperatorIds,
    avoidDueForMaintenance: limits.avoidDueForMaintenance,
    maxHoursPerDay: limits.maxHoursPerDay,
    restWeekdays: limits.restWeekdays,
    dayStartHour: limits.dayStartHour,
    dayEndHour: limits.dayEndHour,
  };
}
