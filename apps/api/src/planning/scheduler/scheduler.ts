import { deadlineOptions } from './options.js';
import { splitUnplaced } from './split-jobs.js';
import { Rng, hashSeed } from '../../platform/random/prng.js';
import { MINUTE } from './calendar.js';
import { Placer } from './placer.js';
import { Problem, type PJob, type Placement, type Score, type Solution } from './problem.js';
import { result, searchSpaceOf, type SearchSpace } from './report.js';
import { polishResult } from './travel-polish.js';
import type { ScheduleResult, SchedulerInput } from './types.js';

export { itemKeyOf, type SearchSpace } from './report.js';

/**
 * The deterministic scheduler. Objective, lexicographic:
 *   1. maximize Σ weight of placed jobs, weight = priority (1…5): two priority-3 jobs are
 *      worth more than one priority-5 job, an urgent job more than a low one;
 *   2. finish early: minimize Σ priority × (end − windowStart) of placed jobs (the faster machine,
 *      urgent work first);
 *   3. few machine changes: an operator keeps the same primary machine across consecutive
 *      jobs, a lead machine keeps its implement;
 *   4. less road: among plans equal on 1–3, a machine's items in the order that drives least
 *      (travel-polish.ts).
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

export function schedule(input: SchedulerInput): ScheduleResult {
  // among plans the objective cannot tell apart, the one with less road (travel-polish.ts)
  const polished = polishResult(input, new Scheduler(input).run());
  // a splittable job one set cannot finish in its window: as parts (split-jobs.ts)
  const result =
    input.options?.splitJobs && polished.unplaced.length
      ? splitUnplaced(input, polished, (sub) => schedule({ ...sub, options: { ...sub.options, splitJobs: false } }))
      : polished;
  if (!input.options?.deadlineOptions || result.unplaced.length === 0) return result;
  // what would meet a missed deadline (each option a scheduler run of its own, without options)
  const found = deadlineOptions(input, result, (sub) =>
    schedule({ ...sub, options: { ...sub.options, deadlineOptions: false } }),
  );
  return {
    ...result,
    unplaced: result.unplaced.map((u) => (found.has(u.jobId) ? { ...u, options: found.get(u.jobId)! } : u)),
  };
}

export function searchSpace(input: SchedulerInput): SearchSpace {
  return searchSpaceOf(new Problem(input));
}

/** Tests: check every bestAt against the pairwise loop it replaces (slow; throws on a difference). */
export function crossCheckBestAt(on: boolean): void {
  Placer.crossCheck = on;
}

/** The search: greedy earliest-fit from several job orders, ejection, ruin-and-recreate and compaction. */
class Scheduler extends Placer {
  private budget = 0;

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

  /**
   * The search may move a job later after its successor was placed (ejection puts a victim back
   * anywhere): every successor that now starts before one of its predecessors ends (or whose
   * predecessor is out) is re-placed after them, or left out; then the unplaced get a try.
   * Each pass only re-places successors, and the order is acyclic in practice (a cycle leaves
   * its jobs out), so a few passes settle it.
   */
  private keepOrder(sol: Solution, byWeight: readonly PJob[]): void {
    if (!this.jobs.some((pj) => pj.preds.length > 0)) return;
    for (let pass = 0; pass < 4; pass++) {
      let changed = false;
      for (const pj of this.jobs) {
        const p = sol.placed[pj.i];
        if (!p || pj.preds.length === 0) continue;
        const lb = this.afterPreds(sol, pj);
        if (lb >= 0 && lb <= p.s) continue;
        this.take(sol, pj.i);
        this.tryPlace(sol, pj);
        changed = true;
      }
      for (const u of byWeight) if (!sol.placed[u.i] && this.tryPlace(sol, u)) changed = true;
      if (!changed) return;
    }
    // still out of order after the passes (a cycle): leave those out
    for (const pj of this.jobs) {
      const p = sol.placed[pj.i];
      if (p && pj.preds.length > 0) {
        const lb = this.afterPreds(sol, pj);
        if (lb < 0 || lb > p.s) this.take(sol, pj.i);
      }
    }
  }

  /** Re-insert every item where it finishes first (never later than where it was). */
  private compact(sol: Solution): void {
    for (let round = 0; round < 3; round++) {
      let moved = false;
      const order = this.jobs
        .filter((pj) => sol.placed[pj.i])
        .sort((x, y) => sol.placed[x.i]!.s - sol.placed[y.i]!.s || x.i - y.i);
      for (const pj of order) {
        const old = this.take(sol, pj.i);
        // the old spot is free again, so there is one, unless a predecessor is out (keepOrder settles it)
        const p = this.earliest(sol, pj) ?? old;
        this.put(sol, pj.i, p);
        if (p.e < old.e || (p.e === old.e && p.s < old.s)) moved = true;
      }
      if (!moved) break;
    }
  }

  private score(sol: Solution): Score {
    let weight = 0;
    let earlyMin = 0;
    let finishMin = 0;
    for (const pj of this.jobs) {
      const p = sol.placed[pj.i];
      if (!p) continue;
      weight += pj.weight;
      earlyMin += Math.round((p.s - pj.ws) / MINUTE);
      finishMin += pj.weight * Math.round((p.e - pj.ws) / MINUTE);
    }
    return { weight, finishMin, earlyMin, changes: this.changes(sol) };
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
    if (a.finishMin !== b.finishMin) return a.finishMin < b.finishMin;
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
      this.keepOrder(sol, byWeight);
      const sc = this.score(sol);
      if (!bestScore || Scheduler.better(sc, bestScore)) {
        best = sol;
        bestScore = sc;
      }
    }
    return result(
      this,
      best ?? this.fresh(),
      bestScore ?? { weight: 0, finishMin: 0, earlyMin: 0, changes: 0 },
      restarts,
    );
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
}
