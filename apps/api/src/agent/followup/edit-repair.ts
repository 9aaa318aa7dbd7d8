import type { TEditedItem } from '@amms/contracts/drafts';
import { DAY, utcOffsetMs } from '../../planning/scheduler/calendar.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import type { SchedMachine, SchedOperator, SchedulerInput, Violation } from '../../planning/scheduler/types.js';
import { validate } from '../../planning/scheduler/validator.js';
import { partJob } from '../../planning/scheduler/parts.js';

/**
 * A follow-up edit made whole (pure). The dispatcher's words fix one thing (MOVE: the day;
 * MACHINE: the machine; OPERATOR: the operator; AVOID: who or what is gone) and keep the rest
 * when they can. When the plain edit breaks a hard rule (the machine or person is booked that
 * day, on leave, past the day limit or the daylight, not licensed …), what the words did not
 * fix is changed as little as an experienced dispatcher would, in this order:
 *   1. the same crew (machine set + operator), another time on the same day;
 *   2. the same operator on another machine that does the job (same hours first);
 *   3. the same machine with another operator;
 *   4. any crew that day.
 * Each step is a run of the scheduler itself on that one job (its own rules: output, licences,
 * leave, daylight, day limits), with the draft's other items counted as busy. Nothing found:
 * the plain edit stays, and the new version shows its violations.
 */

/** what the follow-up's words fixed for each changed item */
export interface RepairAsk {
  jobId: string;
  keepMachine: boolean;
  keepOperator: boolean;
  avoidAssetIds: readonly string[];
  avoidOperatorIds: readonly string[];
}

export interface Repaired {
  jobId: string;
  /** what had to change beyond the words, and why (the plain edit's violation codes) */
  moved: ('TIME' | 'MACHINE' | 'OPERATOR')[];
  because: Violation['code'][];
}

/** the violations an item's time, machine or operator can cure (not a job window, an unknown job …) */
const CURABLE = new Set<Violation['code']>([
  'CAPABILITY_MISMATCH',
  'IMPLEMENT_MISFIT',
  'MACHINE_BUSY',
  'MACHINE_DOUBLE_BOOKED',
  'MACHINE_NOT_ACTIVE',
  'NOT_QUALIFIED',
  'ON_LEAVE',
  'OPERATOR_BUSY',
  'OPERATOR_DAY_LIMIT',
  'OPERATOR_DOUBLE_BOOKED',
  'OUTSIDE_WORKING_DAY',
  'UNKNOWN_OPERATOR',
]);

function localMidnight(t: number, tz: string): number {
  const local = t + utcOffsetMs(tz, t);
  const mid = local - (((local % DAY) + DAY) % DAY);
  return mid - utcOffsetMs(tz, mid);
}

type Stage = { window: 'SAME_HOURS' | 'DAY'; machines: 'SAME' | 'OTHER'; operator: 'SAME' | 'OTHER' };

function stagesFor(a: RepairAsk): Stage[] {
  const all: Stage[] = [
    { window: 'SAME_HOURS', machines: 'SAME', operator: 'SAME' },
    { window: 'DAY', machines: 'SAME', operator: 'SAME' },
    { window: 'SAME_HOURS', machines: 'OTHER', operator: 'SAME' },
    { window: 'SAME_HOURS', machines: 'SAME', operator: 'OTHER' },
    { window: 'DAY', machines: 'OTHER', operator: 'SAME' },
    { window: 'DAY', machines: 'SAME', operator: 'OTHER' },
    { window: 'SAME_HOURS', machines: 'OTHER', operator: 'OTHER' },
    { window: 'DAY', machines: 'OTHER', operator: 'OTHER' },
  ];
  return all.filter((s) => (!a.keepMachine || s.machines === 'SAME') && (!a.keepOperator || s.operator === 'SAME'));
}

const badOf = (input: SchedulerInput, items: readonly TEditedItem[], jobId: string) =>
  validate(input, items).violations.filter((v) => v.jobId === jobId);

export function repairEdit(
  input: SchedulerInput,
  items: readonly TEditedItem[],
  asks: readonly RepairAsk[],
): { items: TEditedItem[]; repaired: Repaired[] } {
  const tz = input.options?.timezone ?? 'Asia/Shanghai';
  let out = items.map((i) => ({ ...i, implementAssetIds: [...i.implementAssetIds] }));
  const repaired: Repaired[] = [];
  for (const ask of asks) {
    const idx = out.findIndex((i) => i.jobId === ask.jobId);
    const it = out[idx];
    const job = input.jobs.find((j) => j.id === ask.jobId);
    if (!it || !job) continue;
    const bad = badOf(input, out, ask.jobId);
    const avoidedNow =
      ask.avoidAssetIds.some((id) => id === it.primaryAssetId || it.implementAssetIds.includes(id)) ||
      ask.avoidOperatorIds.includes(it.operatorMembershipId);
    if (!avoidedNow && (bad.length === 0 || bad.some((v) => !CURABLE.has(v.code)))) continue;
    const s = Date.parse(it.startsAt);
    const e = Date.parse(it.endsAt);
    const day0 = localMidnight(s, tz);
    const days = Math.max(1, Math.ceil((localMidnight(e - 1, tz) - day0) / DAY) + 1);
    // the rest of the draft holds its machines and people
    const others = out.filter((o) => o.jobId !== ask.jobId);
    const busy = {
      machines: [
        ...input.busy.machines,
        ...others.flatMap((o) =>
          [o.primaryAssetId, ...o.implementAssetIds].map((assetId) => ({
            assetId,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
          })),
        ),
      ],
      operators: [
        ...input.busy.operators,
        ...others.map((o) => ({ membershipId: o.operatorMembershipId, startsAt: o.startsAt, endsAt: o.endsAt })),
      ],
    };
    const set = new Set([it.primaryAssetId, ...it.implementAssetIds]);
    const gone = new Set(ask.avoidAssetIds);
    const goneOps = new Set(ask.avoidOperatorIds);
    for (const st of stagesFor(ask)) {
      if (st.machines === 'SAME' && [...set].some((id) => gone.has(id))) continue;
      if (st.operator === 'SAME' && goneOps.has(it.operatorMembershipId)) continue;
      const from = st.window === 'SAME_HOURS' ? s : Math.max(day0, Date.parse(job.windowStart));
      const to = st.window === 'SAME_HOURS' ? e : Math.min(day0 + days * DAY, Date.parse(job.windowEnd));
      if (!(from < to)) continue;
      const machines: SchedMachine[] = input.machines.filter((m) =>
        st.machines === 'SAME' ? set.has(m.id) : !gone.has(m.id),
      );
      const operators: SchedOperator[] = input.operators.filter((o) =>
        st.operator === 'SAME' ? o.membershipId === it.operatorMembershipId : !goneOps.has(o.membershipId),
      );
      const res = schedule({
        ...input,
        jobs: [
          {
            ...partJob(job, it.part),
            after: [],
            windowStart: new Date(from).toISOString(),
            windowEnd: new Date(to).toISOString(),
          },
        ],
        machines,
        operators,
        busy,
        options: {
          ...input.options,
          preferAssetIds: [...set],
          preferOperatorIds: [it.operatorMembershipId],
          avoidAssetIds: [...(input.options?.avoidAssetIds ?? []), ...gone],
          avoidOperatorIds: [...(input.options?.avoidOperatorIds ?? []), ...goneOps],
          deadlineOptions: false,
          restarts: 1,
        },
      });
      const placed = res.items[0];
      // the words fixed the day: the item still starts on it
      if (!placed || localMidnight(Date.parse(placed.startsAt), tz) !== day0) continue;
      const next: TEditedItem = {
        jobId: it.jobId,
        primaryAssetId: placed.primaryAssetId,
        implementAssetIds: placed.implementAssetIds,
        operatorMembershipId: placed.operatorMembershipId,
        startsAt: placed.startsAt,
        endsAt: placed.endsAt,
        ...(it.part ? { part: it.part } : {}),
      };
      const trial = out.map((o, k) => (k === idx ? next : o));
      const left = badOf(input, trial, ask.jobId);
      // better than the plain edit: fewer violations (an avoided crew was itself the problem)
      if (!(left.length === 0 || left.length < bad.length || (avoidedNow && left.length <= bad.length))) continue;
      out = trial;
      const moved: Repaired['moved'] = [];
      // a new machine's own output may change the length; only a new start is a new time
      if (next.startsAt !== it.startsAt) moved.push('TIME');
      if (next.primaryAssetId !== it.primaryAssetId) moved.push('MACHINE');
      if (next.operatorMembershipId !== it.operatorMembershipId) moved.push('OPERATOR');
      repaired.push({ jobId: it.jobId, moved, because: [...new Set(bad.map((v) => v.code))] });
      break;
    }
  }
  return { items: out, repaired };
}
