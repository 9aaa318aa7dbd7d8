import { DAY, HOUR, SchedulerInputError, WorkCalendar, parseInstant, resolveOptions } from './calendar.js';
import { capableSets, groupCapable, type CapGroup, type JClass } from './classes.js';
import { familyOf, type CSet, type SetFamily } from './sets.js';
import { Timeline } from './timeline.js';
import { withTravel, type TravelContext } from './travel-timeline.js';
import type { SchedJob, SchedMachine, SchedOperator, SchedOptions, SchedulerInput } from './types.js';
import { lacking, workHours } from './world-rules.js';

export type { CSet, SetFamily } from './sets.js';
export type { PJob, Placement, Score, Solution } from './problem-types.js';
import type { PJob, Solution } from './problem-types.js';
import { assertUnique, byId, windowCheck } from './problem-prep.js';

/**
 * The scheduling problem in canonical form: machines, operators and jobs sorted by id, the
 * existing bookings as timelines, the working calendar, and per job its candidate starts,
 * machine sets and operators (or the reason it cannot be placed at all).
 */
export class Problem {
  readonly opts: SchedOptions;
  readonly now: number;
  readonly machines: SchedMachine[];
  readonly operators: SchedOperator[];
  readonly jobs: PJob[];
  readonly cal: WorkCalendar;
  readonly mBusy: Timeline[];
  readonly oBusy: Timeline[];
  /** road time between one machine's consecutive jobs (travel-timeline.ts); null without `input.travel` */
  readonly travel: TravelContext | null;
  readonly excluded = new Map<number, string>(); // machine index → why it cannot be used
  readonly opExcluded = new Set<number>();
  /** usable operator indices, ascending; who is preferred (by machine / operator index) */
  readonly ops: number[];
  readonly opPref: Uint8Array;
  readonly machinePref: Uint8Array;
  /** by operator index: their own day limit in ms, 0 = only the calendar's */
  readonly opLimitMs: Float64Array;
  private readonly families = new Map<string, { fam: SetFamily; resources: Uint8Array }>();
  private readonly opTeam = new Map<string, { opTeamMiss: Uint8Array; opLeast: number }>();
  private readonly groups = new Map<string, CapGroup[]>();
  private readonly qualOps = new Map<string, number[]>();
  /** the horizon's end: a licence must last until then to count (the validator checks each item's end) */
  private horizonEnd = 0;

  constructor(input: SchedulerInput) {
    this.opts = resolveOptions(input);
    this.now = parseInstant(input.now, 'now');
    // canonical order: nothing below depends on the order of the input arrays
    this.machines = [...input.machines].sort(byId((m) => m.id));
    this.operators = [...input.operators].sort(byId((o) => o.membershipId));
    const jobs = [...input.jobs].sort(byId((j) => j.id));
    assertUnique(this.machines, (m) => m.id, 'machine');
    assertUnique(this.operators, (o) => o.membershipId, 'operator');
    assertUnique(jobs, (j) => j.id, 'job');

    const mIndex = new Map(this.machines.map((m, i) => [m.id, i]));
    const oIndex = new Map(this.operators.map((o, i) => [o.membershipId, i]));
    const mRaw = this.machines.map(() => [] as [number, number][]);
    const oRaw = this.operators.map(() => [] as [number, number][]);
    for (const b of input.busy.machines) {
      const i = mIndex.get(b.assetId);
      if (i !== undefined)
        mRaw[i]!.push([parseInstant(b.startsAt, 'busy.startsAt'), parseInstant(b.endsAt, 'busy.endsAt')]);
    }
    for (const b of input.busy.operators) {
      const i = oIndex.get(b.membershipId);
      if (i !== undefined)
        oRaw[i]!.push([parseInstant(b.startsAt, 'busy.startsAt'), parseInstant(b.endsAt, 'busy.endsAt')]);
    }
    const travel = withTravel(
      mRaw.map((r) => Timeline.ofBusy(r)),
      this.machines.map((m) => m.id),
      input.travel,
      jobs.map((j) => j.fieldId),
    );
    this.mBusy = travel.timelines;
    this.travel = travel.ctx;
    this.oBusy = oRaw.map((r) => Timeline.ofBusy(r));

    const avoidA = new Set(this.opts.avoidAssetIds);
    this.machines.forEach((m, i) => {
      // status is a hard rule whatever avoidInMaintenance says: only ACTIVE machines work
      if (m.status !== 'ACTIVE') this.excluded.set(i, m.status);
      else if (avoidA.has(m.id)) this.excluded.set(i, 'avoided');
      else if (this.opts.avoidDueForMaintenance && m.dueForMaintenance) this.excluded.set(i, 'maintenance due');
    });
    const avoidO = new Set(this.opts.avoidOperatorIds);
    this.operators.forEach((o, i) => {
      if (avoidO.has(o.membershipId)) this.opExcluded.add(i);
    });

    const windows = jobs.map(
      (j) =>
        [
          parseInstant(j.windowStart, `job ${j.id} windowStart`),
          parseInstant(j.windowEnd, `job ${j.id} windowEnd`),
        ] as const,
    );
    const from = Math.min(...windows.map(([s]) => s), this.now);
    const to = Math.max(...windows.map(([, e]) => e), this.now);
    this.cal = new WorkCalendar(this.opts, this.now, from, to);
    this.horizonEnd = to;
    const preferA = new Set(this.opts.preferAssetIds);
    this.machinePref = Uint8Array.from(this.machines, (m) => (preferA.has(m.id) ? 1 : 0));
    const preferO = new Set(this.opts.preferOperatorIds);
    this.ops = this.operators.flatMap((_, oi) => (this.opExcluded.has(oi) ? [] : [oi]));
    this.opPref = Uint8Array.from(this.operators, (o) => (preferO.has(o.membershipId) ? 1 : 0));
    this.opLimitMs = Float64Array.from(this.operators, (o) =>
      o.maxDailyHours ? Math.round(o.maxDailyHours * HOUR) : 0,
    );
    const setsByOp = new Map<string, CSet[]>();
    this.jobs = jobs.map((job, i) => this.prepareJob(job, i, windows[i]!, setsByOp));
    const jIndex = new Map(jobs.map((j, i) => [j.id, i]));
    for (const pj of this.jobs)
      pj.preds = [...new Set((pj.job.after ?? []).flatMap((id) => jIndex.get(id) ?? []))]
        .filter((x) => x !== pj.i)
        .sort((a, b) => a - b);
  }

  /** The earliest start the job's predecessors allow in `sol`: −1 when one is not placed. */
  afterPreds(sol: Solution, pj: PJob): number {
    let lb = 0;
    for (const q of pj.preds) {
      const p = sol.placed[q];
      if (!p) return -1;
      if (p.e > lb) lb = p.e;
    }
    return lb;
  }

  /** the usable set family and the resources of an operation for a job team (one per pair, shared by jobs) */
  private familyFor(op: string, team: string | null, capable: readonly CSet[], group = '') {
    const key = `${op}\u0000${team === null ? '-' : `=${team}`}\u0000${group}`;
    let got = this.families.get(key);
    if (!got) {
      const fam = familyOf(
        capable,
        this.machines.length,
        (m) => this.excluded.has(m),
        this.machinePref,
        (lead) => {
          const t = this.machines[lead]!.teamId;
          return team !== null && t && t !== team ? 1 : 0;
        },
      );
      const M = this.machines.length;
      const resources = new Uint8Array(M + this.operators.length);
      for (const m of fam.leads) resources[m] = 1;
      for (const m of fam.impls) resources[m] = 1;
      for (const oi of this.ops) resources[M + oi] = 1;
      this.families.set(key, (got = { fam, resources }));
    }
    return got;
  }

  /** by operator index: 1 when the operator is not in the job's team, and the least operator part (shared per team) */
  private opTeamFor(team: string | null) {
    const key = team === null ? '-' : `=${team}`;
    let got = this.opTeam.get(key);
    if (!got) {
      const opTeamMiss = Uint8Array.from(this.operators, (o) => (team !== null && !o.teamIds.includes(team) ? 1 : 0));
      const opLeast = Math.min(...this.ops.map((oi) => -18 * this.opPref[oi]! + opTeamMiss[oi]!));
      this.opTeam.set(key, (got = { opTeamMiss, opLeast }));
    }
    return got;
  }

  // --- preparation ---------------------------------------------------------------

  prepareJob(job: SchedJob, i: number, [ws, we]: readonly [number, number], setsByOp: Map<string, CSet[]>): PJob {
    const cal = this.cal;
    if (!Number.isInteger(job.priority) || job.priority < 1 || job.priority > 5)
      throw new SchedulerInputError(`job ${job.id}: priority must be 1..5`);
    if (!(job.estimatedHours >= 0)) throw new SchedulerInputError(`job ${job.id}: estimatedHours must be ≥ 0`);
    let capable = setsByOp.get(job.operationType);
    if (!capable) setsByOp.set(job.operationType, (capable = capableSets(this.machines, job.operationType)));
    const groups = this.groupsOf(job.operationType, capable);
    // the fastest way decides whether the window can hold the job at all
    const work = groups.length
      ? Math.min(...groups.map((g) => cal.slotsFor(workHours(job, g.rate))))
      : cal.slotsFor(job.estimatedHours);
    const [k0, k1] = cal.startRange(Math.max(ws, this.now), we, work);
    const [f0, f1] = cal.startRange(ws, we, work);
    const pre = windowCheck(this.opts, this.now, job, [ws, we], work, [k0, k1], [f0, f1], cal, capable.length);

    const { fam, resources } = this.familyFor(job.operationType, job.teamId ?? null, capable);
    const { opTeamMiss, opLeast } = this.opTeamFor(job.teamId ?? null);
    const { ops, opPref } = this;
    const classes: JClass[] = [];
    const needs: string[][] = [];
    const team = job.teamId ?? null;
    for (const g of groups) {
      const gFam = groups.length === 1 ? fam : this.familyFor(job.operationType, team, g.sets, g.key).fam;
      if (gFam.size === 0) continue;
      needs.push(g.quals);
      const gOps = this.opsHolding(g.quals);
      if (gOps.length === 0) continue;
      const gWork = cal.slotsFor(workHours(job, g.rate));
      const gOpLeast = Math.min(...gOps.map((oi) => -18 * opPref[oi]! + opTeamMiss[oi]!));
      const gk1 = cal.startRange(Math.max(ws, this.now), we, gWork)[1];
      if (gk1 >= k0) classes.push({ key: g.key, work: gWork, k1: gk1, fam: gFam, ops: gOps, opLeast: gOpLeast });
    }
    classes.sort((a, b) => a.work - b.work || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return {
      i,
      job,
      ws,
      we,
      weight: job.priority,
      work,
      k0,
      k1,
      pre,
      capable,
      fam,
      ops,
      opPref,
      opTeamMiss,
      opLeast,
      resources,
      preds: [],
      classes,
      needs,
    };
  }

  /**
   * Would [s, e) keep the operator within their own day limit (`maxDailyHours`) on every local
   * day it touches, counting the working time of everything already on their timeline?
   * Returns 0 when it does, else the start of the next local day after the first day it breaks.
   */
  opDayBlock(tl: Timeline, oi: number, s: number, e: number): number {
    const limit = this.opLimitMs[oi]!;
    if (limit <= 0) return 0;
    const cal = this.cal;
    for (let d = cal.localDayStart(s); d < e; d += DAY) {
      const de = d + DAY;
      let used = cal.workingTimeIn(Math.max(s, d), Math.min(e, de));
      for (let x = tl.firstEndingAfter(d); x < tl.ivs.length && tl.ivs[x]!.a < de; x++) {
        const iv = tl.ivs[x]!;
        used += cal.workingTimeIn(Math.max(iv.a, d), Math.min(iv.b, de));
      }
      if (used > limit) return de;
    }
    return 0;
  }

  placeable(pj: PJob): boolean {
    return pj.pre === null && pj.classes.length > 0;
  }

  /** the capable sets of an operation grouped by output and qualifications (one list per operation) */
  private groupsOf(op: string, capable: readonly CSet[]): CapGroup[] {
    let got = this.groups.get(op);
    if (!got) this.groups.set(op, (got = groupCapable(this.machines, capable, op)));
    return got;
  }

  /** the usable operators holding every one of `quals` until the horizon's end (shared per list) */
  private opsHolding(quals: readonly string[]): number[] {
    const key = quals.join('+');
    let got = quals.length === 0 ? this.ops : this.qualOps.get(key);
    if (!got)
      this.qualOps.set(
        key,
        (got = this.ops.filter((oi) => !lacking(this.operators[oi]!, quals, this.horizonEnd).length)),
      );
    return got;
  }

  /** an empty solution: only the existing bookings */
  fresh(): Solution {
    return {
      placed: this.jobs.map(() => null),
      mTl: this.mBusy.map((t) => t.clone()),
      oTl: this.oBusy.map((t) => t.clone()),
      moves: 0,
    };
  }
}
