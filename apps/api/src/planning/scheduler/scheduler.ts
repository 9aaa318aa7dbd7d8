import { createHash } from 'node:crypto';
import { Rng, hashSeed } from '../../seed/prng.js';
import { HOUR, MINUTE, SchedulerInputError, WorkCalendar, iso, parseInstant, resolveOptions } from './calendar.js';
import { Timeline } from './timeline.js';
import type {
  SchedJob,
  SchedMachine,
  SchedOperator,
  SchedOptions,
  ScheduleItem,
  ScheduleResult,
  SchedulerInput,
  UnplacedJob,
  UnplacedReason,
} from './types.js';

/**
 * The deterministic scheduler (issue #4). Objective, lexicographic:
 *   1. maximize Σ weight of placed jobs, weight = priority (1…5): two priority-3 jobs are
 *      worth more than one priority-5 job, an urgent job more than a low one;
 *   2. earliness: minimize Σ (start − windowStart) of placed jobs;
 *   3. few machine changes: an operator keeps the same primary machine across consecutive
 *      jobs, a lead machine keeps its implement.
 * Preferences (preferAssetIds / preferOperatorIds) break ties between equally early options
 * before machine changes; team affinity and ids come last.
 *
 * Algorithm: greedy earliest-fit in a job order (priority desc, fewest possible starts,
 * earliest window end, id), then an ejection pass (an unplaced job may take the place of
 * placed competitors if the weight placed grows), a compaction pass (every item re-inserted
 * at its earliest start), repeated from a few seeded perturbed orders; the best solution by
 * the objective wins. Everything iterates over arrays sorted by id, and the only randomness
 * is a seeded PRNG, so the same input (in any array order) + seed gives the same output.
 */

/** A candidate machine set: one lead machine, optionally one implement (indices into machines). */
interface CSet {
  lead: number;
  impl: number; // −1: none
  size: number;
  pref: number; // preferred machines in the set
  teamMiss: number; // lead machine of another team than the job
}

interface PJob {
  i: number;
  job: SchedJob;
  ws: number;
  we: number;
  weight: number;
  work: number; // working slots
  k0: number; // candidate start indices [k0, k1] into the calendar (after now)
  k1: number;
  pre: { reason: UnplacedReason; detail: string } | null;
  capable: CSet[]; // every set that can do the operation (any status)
  sets: CSet[]; // usable ones (ACTIVE, not avoided), by (lead, impl)
  ops: number[]; // usable operator indices, ascending
  opPref: Uint8Array; // by operator index
  opTeamMiss: Uint8Array;
  /** resources this job can use: machines 0..M-1, operators M.. */
  resources: Uint8Array;
}

interface Placement {
  k: number;
  s: number;
  e: number;
  lead: number;
  impl: number;
  op: number;
}

interface Solution {
  placed: (Placement | null)[];
  mTl: Timeline[];
  oTl: Timeline[];
  moves: number;
}

interface Score {
  weight: number;
  earlyMin: number;
  changes: number;
}

export function schedule(input: SchedulerInput): ScheduleResult {
  return new Scheduler(input).run();
}

/**
 * The space the scheduler searches, for bench:scheduler's exact model: per placeable job,
 * each candidate start (working-slot grid, inside the window, after now) with the machine
 * sets and operators free of existing bookings for that run. Epoch ms.
 */
export interface SearchSpace {
  jobs: {
    id: string;
    weight: number;
    options: { startsAt: number; endsAt: number; sets: string[][]; operators: string[] }[];
  }[];
}

export function searchSpace(input: SchedulerInput): SearchSpace {
  return new Scheduler(input).space();
}

/** Stable key of a draft item: the job (and its version) plus everything the item would write. */
export function itemKeyOf(item: Omit<ScheduleItem, 'itemKey'>, jobVersion: number): string {
  const text = [
    item.jobId,
    jobVersion,
    item.primaryAssetId,
    item.implementAssetIds.join(','),
    item.operatorMembershipId,
    item.startsAt,
    item.endsAt,
  ].join('|');
  return `sch_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

const byId =
  <T>(key: (x: T) => string) =>
  (x: T, y: T) =>
    key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0;

function assertUnique<T>(xs: readonly T[], key: (x: T) => string, what: string): void {
  for (let i = 1; i < xs.length; i++)
    if (key(xs[i] as T) === key(xs[i - 1] as T))
      throw new SchedulerInputError(`duplicate ${what} id ${key(xs[i] as T)}`);
}

class Scheduler {
  private readonly opts: SchedOptions;
  private readonly now: number;
  private readonly machines: SchedMachine[];
  private readonly operators: SchedOperator[];
  private readonly jobs: PJob[];
  private readonly cal: WorkCalendar;
  private readonly mBusy: Timeline[];
  private readonly oBusy: Timeline[];
  private readonly excluded = new Map<number, string>(); // machine index → why it cannot be used
  private readonly opExcluded = new Set<number>();
  private budget = 0;

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
    this.mBusy = mRaw.map((r) => Timeline.ofBusy(r));
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
    const setsByOp = new Map<string, CSet[]>();
    this.jobs = jobs.map((job, i) => this.prepareJob(job, i, windows[i]!, setsByOp));
  }

  // --- preparation ---------------------------------------------------------------

  /**
   * Candidate sets for an operation, smallest first: a self-propelled machine that lists it;
   * a power unit that lists it (its model lists what it can pull for) with one implement that
   * lists it; a power unit alone only when no implement in the fleet does the operation
   * (e.g. OTHER). Larger sets are never needed: any valid set contains one of these.
   */
  private capableSets(op: string): CSet[] {
    const ms = this.machines;
    const implIdx = ms.flatMap((m, i) => (m.kind === 'IMPLEMENT' && m.operationTypes.includes(op) ? [i] : []));
    const out: CSet[] = [];
    ms.forEach((m, i) => {
      if (!m.operationTypes.includes(op)) return;
      if (m.kind === 'SELF_PROPELLED' || (m.kind === 'POWER_UNIT' && implIdx.length === 0))
        out.push({ lead: i, impl: -1, size: 1, pref: 0, teamMiss: 0 });
      else if (m.kind === 'POWER_UNIT')
        for (const j of implIdx) out.push({ lead: i, impl: j, size: 2, pref: 0, teamMiss: 0 });
    });
    return out;
  }

  private prepareJob(
    job: SchedJob,
    i: number,
    [ws, we]: readonly [number, number],
    setsByOp: Map<string, CSet[]>,
  ): PJob {
    const cal = this.cal;
    if (!Number.isInteger(job.priority) || job.priority < 1 || job.priority > 5)
      throw new SchedulerInputError(`job ${job.id}: priority must be 1..5`);
    if (!(job.estimatedHours >= 0)) throw new SchedulerInputError(`job ${job.id}: estimatedHours must be ≥ 0`);
    const work = cal.slotsFor(job.estimatedHours);
    const [k0, k1] = cal.startRange(Math.max(ws, this.now), we, work);
    const [f0, f1] = cal.startRange(ws, we, work);
    const { startHour, endHour } = this.opts.workday;
    const hours = (work * cal.slot) / HOUR;
    let pre: PJob['pre'] = null;
    if (f1 < f0) {
      pre = {
        reason: 'WINDOW_TOO_SHORT',
        detail: `Needs ${hours} working hours (${hh(startHour)}–${hh(endHour)}, ${this.opts.granularityMinutes}-minute steps) but the window ${iso(ws)} – ${iso(we)} holds no such run.`,
      };
    } else if (we <= this.now || k1 < k0) {
      pre = {
        reason: 'WINDOW_IN_PAST',
        detail:
          we <= this.now
            ? `The window ended at ${iso(we)}, before now (${iso(this.now)}).`
            : `What is left of the window after now (${iso(this.now)}) is shorter than the ${hours} working hours needed.`,
      };
    }
    let capable = setsByOp.get(job.operationType);
    if (!capable) setsByOp.set(job.operationType, (capable = this.capableSets(job.operationType)));
    if (!pre && capable.length === 0)
      pre = {
        reason: 'NO_CAPABLE_MACHINE',
        detail: `No machine in the fleet can do ${job.operationType}: no self-propelled machine lists it, and no power unit lists it together with an implement that does.`,
      };

    const preferA = new Set(this.opts.preferAssetIds);
    const team = job.teamId ?? null;
    const sets = capable
      .filter((c) => !this.excluded.has(c.lead) && (c.impl < 0 || !this.excluded.has(c.impl)))
      .map((c) => {
        const lead = this.machines[c.lead]!;
        const pref = (preferA.has(lead.id) ? 1 : 0) + (c.impl >= 0 && preferA.has(this.machines[c.impl]!.id) ? 1 : 0);
        const teamMiss = team !== null && lead.teamId && lead.teamId !== team ? 1 : 0;
        return { ...c, pref, teamMiss };
      });
    const preferO = new Set(this.opts.preferOperatorIds);
    const ops: number[] = [];
    const O = this.operators.length;
    const opPref = new Uint8Array(O);
    const opTeamMiss = new Uint8Array(O);
    this.operators.forEach((o, oi) => {
      if (this.opExcluded.has(oi)) return;
      ops.push(oi);
      opPref[oi] = preferO.has(o.membershipId) ? 1 : 0;
      opTeamMiss[oi] = team !== null && !o.teamIds.includes(team) ? 1 : 0;
    });
    const M = this.machines.length;
    const resources = new Uint8Array(M + O);
    for (const c of sets) {
      resources[c.lead] = 1;
      if (c.impl >= 0) resources[c.impl] = 1;
    }
    for (const oi of ops) resources[M + oi] = 1;
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
      sets,
      ops,
      opPref,
      opTeamMiss,
      resources,
    };
  }

  private placeable(pj: PJob): boolean {
    return pj.pre === null && pj.sets.length > 0 && pj.ops.length > 0;
  }

  // --- search ----------------------------------------------------------------------

  private fresh(): Solution {
    return {
      placed: this.jobs.map(() => null),
      mTl: this.mBusy.map((t) => t.clone()),
      oTl: this.oBusy.map((t) => t.clone()),
      moves: 0,
    };
  }

  /**
   * Earliest start of the job given the current timelines, and the best set + operator
   * there. Machines and operators are disjoint resources, so a start is feasible as soon as
   * some set and some operator are free; blocked starts jump to the earliest end of what
   * blocks them.
   */
  private earliest(sol: Solution, pj: PJob): Placement | null {
    const cal = this.cal;
    let k = pj.k0;
    while (k <= pj.k1) {
      const s = cal.starts[k]!;
      const e = cal.endOf(k, pj.work);
      let nextSet = Infinity;
      let anySet = false;
      for (const c of pj.sets) {
        const b = Math.max(sol.mTl[c.lead]!.blockedUntil(s, e), c.impl >= 0 ? sol.mTl[c.impl]!.blockedUntil(s, e) : 0);
        if (b === 0) {
          anySet = true;
          break;
        }
        if (b < nextSet) nextSet = b;
      }
      let nextOp = Infinity;
      let anyOp = false;
      for (const oi of pj.ops) {
        const b = sol.oTl[oi]!.blockedUntil(s, e);
        if (b === 0) {
          anyOp = true;
          break;
        }
        if (b < nextOp) nextOp = b;
      }
      if (anySet && anyOp) return this.bestAt(sol, pj, k, s, e);
      const next = Math.max(anySet ? s + 1 : nextSet, anyOp ? s + 1 : nextOp);
      k = Math.max(k + 1, cal.firstAtOrAfter(next));
    }
    return null;
  }

  /** The best (set, operator) at a feasible start, by the tie-break order documented above. */
  private bestAt(sol: Solution, pj: PJob, k: number, s: number, e: number): Placement {
    const freeOps: number[] = [];
    const opPrevLead: number[] = [];
    for (const oi of pj.ops) {
      if (sol.oTl[oi]!.blockedUntil(s, e) !== 0) continue;
      freeOps.push(oi);
      const prev = sol.oTl[oi]!.ownerBefore(s);
      opPrevLead.push(prev >= 0 ? sol.placed[prev]!.lead : -1);
    }
    let best: Placement | null = null;
    let bestKey = Infinity;
    for (const c of pj.sets) {
      const mt = sol.mTl[c.lead]!;
      if (mt.blockedUntil(s, e) !== 0 || (c.impl >= 0 && sol.mTl[c.impl]!.blockedUntil(s, e) !== 0)) continue;
      const prev = mt.ownerBefore(s);
      const leadChange = prev >= 0 && sol.placed[prev]!.impl !== c.impl ? 1 : 0;
      for (let x = 0; x < freeOps.length; x++) {
        const oi = freeOps[x]!;
        const pl = opPrevLead[x]!;
        const changes = leadChange + (pl >= 0 && pl !== c.lead ? 1 : 0);
        const pref = c.pref + pj.opPref[oi]!;
        const key = (((3 - pref) * 3 + changes) * 2 + (c.size - 1)) * 3 + c.teamMiss + pj.opTeamMiss[oi]!;
        // strict <: sets come in (lead, impl) id order and operators in id order
        if (key < bestKey) {
          bestKey = key;
          best = { k, s, e, lead: c.lead, impl: c.impl, op: oi };
        }
      }
    }
    return best!;
  }

  private put(sol: Solution, j: number, p: Placement): void {
    sol.placed[j] = p;
    sol.mTl[p.lead]!.insert(p.s, p.e, j);
    if (p.impl >= 0) sol.mTl[p.impl]!.insert(p.s, p.e, j);
    sol.oTl[p.op]!.insert(p.s, p.e, j);
  }

  private take(sol: Solution, j: number): Placement {
    const p = sol.placed[j]!;
    sol.mTl[p.lead]!.remove(p.s, j);
    if (p.impl >= 0) sol.mTl[p.impl]!.remove(p.s, j);
    sol.oTl[p.op]!.remove(p.s, j);
    sol.placed[j] = null;
    return p;
  }

  private tryPlace(sol: Solution, pj: PJob): boolean {
    this.budget--;
    const p = this.earliest(sol, pj);
    if (!p) return false;
    this.put(sol, pj.i, p);
    return true;
  }

  private greedy(order: readonly PJob[]): Solution {
    const sol = this.fresh();
    for (const pj of order) this.tryPlace(sol, pj);
    return sol;
  }

  /** Does a placed job hold something the other job could use, inside its window? */
  private competes(sol: Solution, u: PJob, v: number): boolean {
    const p = sol.placed[v]!;
    const M = this.machines.length;
    const uses = u.resources[p.lead] === 1 || (p.impl >= 0 && u.resources[p.impl] === 1) || u.resources[M + p.op] === 1;
    if (!uses) return false;
    const from = this.cal.starts[u.k0]!;
    const to = this.cal.endOf(u.k1, u.work);
    return p.s < to && p.e > from;
  }

  /**
   * Ejection: for each unplaced job (heaviest first), try removing one placed competitor,
   * placing the job, then any other unplaced competitor of the removed one, then putting
   * the removed job back anywhere. Kept only if the weight placed strictly grows (so no
   * cycles); undone otherwise. Bounded by the work budget.
   */
  private improve(sol: Solution, byWeight: readonly PJob[]): void {
    for (let round = 0; round < 3 && this.budget > 0; round++) {
      let improved = false;
      for (const u of byWeight) {
        if (sol.placed[u.i] || this.budget <= 0) continue;
        if (this.tryPlace(sol, u)) {
          improved = true;
          sol.moves++;
          continue;
        }
        const victims = this.jobs
          .filter((v) => sol.placed[v.i] && this.competes(sol, u, v.i))
          .sort((x, y) => x.weight - y.weight || x.i - y.i);
        let done = false;
        for (const v of victims) {
          if (this.budget <= 0) break;
          const old = this.take(sol, v.i);
          if (!this.tryPlace(sol, u)) {
            this.put(sol, v.i, old);
            continue;
          }
          const added = [u];
          for (const w of byWeight) {
            if (w !== v && !sol.placed[w.i] && this.placeable(w) && this.competes2(old, w) && this.tryPlace(sol, w))
              added.push(w);
          }
          const back = this.tryPlace(sol, v);
          const gain = added.reduce((g, w) => g + w.weight, 0) - (back ? 0 : v.weight);
          if (gain > 0) {
            improved = done = true;
            sol.moves++;
            break;
          }
          if (back) this.take(sol, v.i);
          for (const w of added) this.take(sol, w.i);
          this.put(sol, v.i, old);
        }
        if (!done && victims.length > 1 && this.budget > victims.length && this.recreate(sol, u, victims, byWeight)) {
          improved = true;
          sol.moves++;
        }
      }
      if (!improved) break;
    }
  }

  /**
   * Ruin and recreate around an unplaced job: take out every placed competitor, place the
   * job first, then the competitors heaviest first, then other unplaced jobs that could use
   * what was freed. Kept only if the weight placed strictly grows; otherwise restored.
   */
  private recreate(sol: Solution, u: PJob, victims: readonly PJob[], byWeight: readonly PJob[]): boolean {
    const old = victims.map((v) => [v, this.take(sol, v.i)] as const);
    const before = victims.reduce((g, v) => g + v.weight, 0);
    const added: PJob[] = [];
    if (this.tryPlace(sol, u)) {
      added.push(u);
      for (const v of [...victims].sort((x, y) => y.weight - x.weight || x.i - y.i))
        if (this.tryPlace(sol, v)) added.push(v);
      for (const w of byWeight) {
        if (
          w !== u &&
          !sol.placed[w.i] &&
          !victims.includes(w) &&
          old.some(([, p]) => this.competes2(p, w)) &&
          this.tryPlace(sol, w)
        )
          added.push(w);
      }
    }
    if (added.reduce((g, w) => g + w.weight, 0) > before) return true;
    for (const w of added) this.take(sol, w.i);
    for (const [v, p] of old) this.put(sol, v.i, p);
    return false;
  }

  /** Could job w use what placement p freed? */
  private competes2(p: Placement, w: PJob): boolean {
    const M = this.machines.length;
    const uses = w.resources[p.lead] === 1 || (p.impl >= 0 && w.resources[p.impl] === 1) || w.resources[M + p.op] === 1;
    return uses && p.s < this.cal.endOf(w.k1, w.work) && p.e > this.cal.starts[w.k0]!;
  }

  /** Re-insert every item at its earliest start (never later than where it was). */
  private compact(sol: Solution): void {
    for (let round = 0; round < 3; round++) {
      let moved = false;
      const order = this.jobs
        .filter((pj) => sol.placed[pj.i])
        .sort((x, y) => sol.placed[x.i]!.s - sol.placed[y.i]!.s || x.i - y.i);
      for (const pj of order) {
        const old = this.take(sol, pj.i);
        const p = this.earliest(sol, pj)!; // the old spot is free again, so there is one
        this.put(sol, pj.i, p);
        if (p.s < old.s) moved = true;
      }
      if (!moved) break;
    }
  }

  private score(sol: Solution): Score {
    let weight = 0;
    let earlyMin = 0;
    for (const pj of this.jobs) {
      const p = sol.placed[pj.i];
      if (!p) continue;
      weight += pj.weight;
      earlyMin += Math.round((p.s - pj.ws) / MINUTE);
    }
    return { weight, earlyMin, changes: this.changes(sol) };
  }

  /** Consecutive items of an operator on different leads + of a lead with a different implement. */
  private changes(sol: Solution): number {
    let n = 0;
    for (const tl of sol.oTl) {
      let prev = -1;
      for (const iv of tl.ivs) {
        if (iv.owner < 0) continue;
        const lead = sol.placed[iv.owner]!.lead;
        if (prev >= 0 && prev !== lead) n++;
        prev = lead;
      }
    }
    sol.mTl.forEach((tl, mi) => {
      let prev: number | null = null;
      for (const iv of tl.ivs) {
        if (iv.owner < 0) continue;
        const p = sol.placed[iv.owner]!;
        if (p.lead !== mi) continue;
        if (prev !== null && prev !== p.impl) n++;
        prev = p.impl;
      }
    });
    return n;
  }

  private static better(a: Score, b: Score): boolean {
    if (a.weight !== b.weight) return a.weight > b.weight;
    if (a.earlyMin !== b.earlyMin) return a.earlyMin < b.earlyMin;
    return a.changes < b.changes;
  }

  run(): ScheduleResult {
    const live = this.jobs.filter((pj) => this.placeable(pj));
    const slack = (pj: PJob) => pj.k1 - pj.k0;
    const base = [...live].sort((x, y) => y.weight - x.weight || slack(x) - slack(y) || x.we - y.we || x.i - y.i);
    const byWeight = [...live].sort((x, y) => y.weight - x.weight || x.i - y.i);
    // restarts shrink with size so 500 jobs stay well under 2 s; the count only depends on the input
    const restarts = this.opts.restarts ?? Math.max(1, Math.min(32, Math.floor(6000 / Math.max(1, live.length))));
    let best: Solution | null = null;
    let bestScore: Score | null = null;
    for (let r = 0; r < restarts; r++) {
      const order = r === 0 ? base : this.perturbed(live, r);
      // a deterministic work budget (earliest-fit calls) per restart, not a clock
      this.budget = 40 * live.length + 200;
      const sol = this.greedy(order);
      this.improve(sol, byWeight);
      this.compact(sol);
      for (const u of byWeight) if (!sol.placed[u.i]) this.tryPlace(sol, u);
      const sc = this.score(sol);
      if (!bestScore || Scheduler.better(sc, bestScore)) {
        best = sol;
        bestScore = sc;
      }
    }
    return this.result(best ?? this.fresh(), bestScore ?? { weight: 0, earlyMin: 0, changes: 0 }, restarts);
  }

  /**
   * Seeded job orders: odd restarts keep priority major and shuffle within a priority; even
   * ones draw a weighted random permutation (key −ln(U)/weight: heavier jobs tend to come
   * first, but two light jobs can get ahead of a heavy one they together outweigh).
   */
  private perturbed(live: readonly PJob[], r: number): PJob[] {
    const rng = new Rng(hashSeed(`${this.opts.seed}:${r}`));
    const u = new Float64Array(this.jobs.length);
    for (const pj of this.jobs) u[pj.i] = rng.next(); // drawn in id order
    if (r % 2 === 1) return [...live].sort((x, y) => y.weight - x.weight || u[x.i]! - u[y.i]! || x.i - y.i);
    const key = (pj: PJob) => -Math.log(1 - u[pj.i]!) / pj.weight;
    return [...live].sort((x, y) => key(x) - key(y) || x.i - y.i);
  }

  space(): SearchSpace {
    const sol = this.fresh();
    const jobs = this.jobs
      .filter((pj) => this.placeable(pj))
      .map((pj) => {
        const options: SearchSpace['jobs'][number]['options'] = [];
        for (let k = pj.k0; k <= pj.k1; k++) {
          const s = this.cal.starts[k]!;
          const e = this.cal.endOf(k, pj.work);
          const sets = pj.sets
            .filter(
              (c) =>
                sol.mTl[c.lead]!.blockedUntil(s, e) === 0 && (c.impl < 0 || sol.mTl[c.impl]!.blockedUntil(s, e) === 0),
            )
            .map((c) =>
              c.impl >= 0 ? [this.machines[c.lead]!.id, this.machines[c.impl]!.id] : [this.machines[c.lead]!.id],
            );
          const operators = pj.ops
            .filter((oi) => sol.oTl[oi]!.blockedUntil(s, e) === 0)
            .map((oi) => this.operators[oi]!.membershipId);
          if (sets.length && operators.length) options.push({ startsAt: s, endsAt: e, sets, operators });
        }
        return { id: pj.job.id, weight: pj.weight, options };
      });
    return { jobs };
  }

  // --- output ----------------------------------------------------------------------

  private result(sol: Solution, sc: Score, restarts: number): ScheduleResult {
    const items: ScheduleItem[] = [];
    for (const pj of this.jobs) {
      const p = sol.placed[pj.i];
      if (!p) continue;
      const item = {
        jobId: pj.job.id,
        primaryAssetId: this.machines[p.lead]!.id,
        implementAssetIds: p.impl >= 0 ? [this.machines[p.impl]!.id] : [],
        operatorMembershipId: this.operators[p.op]!.membershipId,
        startsAt: iso(p.s),
        endsAt: iso(p.e),
      };
      items.push({ ...item, itemKey: itemKeyOf(item, pj.job.version ?? 0) });
    }
    items.sort((a, b) =>
      a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0,
    );
    const unplaced = this.jobs
      .filter((pj) => !sol.placed[pj.i])
      .sort((x, y) => y.weight - x.weight || x.i - y.i)
      .map((pj) => this.why(sol, pj));
    const weightTotal = this.jobs.reduce((s, pj) => s + pj.weight, 0);
    return {
      items,
      unplaced,
      stats: {
        jobs: this.jobs.length,
        placed: items.length,
        unplaced: unplaced.length,
        weightPlaced: sc.weight,
        weightTotal,
        earlinessHours: sc.earlyMin / 60,
        machineChanges: sc.changes,
        restarts,
        improvementMoves: sol.moves,
      },
    };
  }

  private setName(c: CSet): string {
    const lead = this.machines[c.lead]!.name;
    return c.impl >= 0 ? `${lead} + ${this.machines[c.impl]!.name}` : lead;
  }

  /** The reason a job stays unplaced, judged against the final schedule. */
  private why(sol: Solution, pj: PJob): UnplacedJob {
    const assetIds = [...new Set(pj.capable.flatMap((c) => (c.impl >= 0 ? [c.lead, c.impl] : [c.lead])))]
      .sort((a, b) => a - b)
      .map((i) => this.machines[i]!.id);
    const operatorMembershipIds = pj.ops.map((oi) => this.operators[oi]!.membershipId);
    const out = (reason: UnplacedReason, detail: string): UnplacedJob => ({
      jobId: pj.job.id,
      reason,
      detail,
      candidates: { assetIds, operatorMembershipIds },
    });
    if (pj.pre) return out(pj.pre.reason, pj.pre.detail);
    const window = `${iso(Math.max(pj.ws, this.now))} – ${iso(pj.we)}`;
    const excludedNote = () => {
      const ex = [...new Set(pj.capable.flatMap((c) => [c.lead, c.impl]))]
        .filter((i) => i >= 0 && this.excluded.has(i))
        .sort((a, b) => a - b);
      return ex.length
        ? ` Not usable: ${list(ex.map((i) => `${this.machines[i]!.name} (${this.excluded.get(i)})`))}.`
        : '';
    };
    if (pj.sets.length === 0) {
      return out(
        'NO_MACHINE_AVAILABLE',
        `Every machine set that can do ${pj.job.operationType} is out of service or avoided: ${list(pj.capable.map((c) => this.setName(c)))}.${excludedNote()}`,
      );
    }
    if (pj.ops.length === 0)
      return out(
        'NO_OPERATOR_AVAILABLE',
        `No operator may take it: ${this.operators.length === 0 ? 'none is eligible' : 'all eligible operators are avoided'}.`,
      );
    // machines free at some start? then the operators were the bottleneck
    const cal = this.cal;
    for (let k = pj.k0; k <= pj.k1; k++) {
      const s = cal.starts[k]!;
      const e = cal.endOf(k, pj.work);
      const free = pj.sets.find(
        (c) => sol.mTl[c.lead]!.blockedUntil(s, e) === 0 && (c.impl < 0 || sol.mTl[c.impl]!.blockedUntil(s, e) === 0),
      );
      if (free) {
        return out(
          'NO_OPERATOR_AVAILABLE',
          `${this.setName(free)} is free from ${iso(s)}, but none of the ${pj.ops.length} operators considered (${list(pj.ops.map((oi) => this.operators[oi]!.name))}) is free for ${(pj.work * cal.slot) / HOUR} working hours in ${window} at the same time as a capable machine.`,
        );
      }
    }
    return out(
      'NO_MACHINE_AVAILABLE',
      `All ${pj.sets.length} usable machine sets (${list(pj.sets.map((c) => this.setName(c)))}) are booked at every start in ${window} that leaves ${(pj.work * cal.slot) / HOUR} working hours.${excludedNote()}`,
    );
  }
}

const hh = (h: number) => `${String(Math.floor(h)).padStart(2, '0')}:${h % 1 ? '30' : '00'}`;

/** at most 8 names, then a count */
function list(names: readonly string[]): string {
  return names.length <= 8 ? names.join(', ') : `${names.slice(0, 8).join(', ')} and ${names.length - 8} more`;
}
