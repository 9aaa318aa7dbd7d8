import { Problem, type PJob, type Placement, type Solution } from './problem.js';

/**
 * Where a job goes given the current timelines: its earliest feasible start and, there, the
 * best machine set and operator by the tie-break order of the objective (see scheduler.ts).
 */
export class Placer extends Problem {
  /** tests: every bestAt is checked against bestAtPairwise (slow) */
  static crossCheck = false;
  /** bestAt's per-call memo of each machine at [s, e): free?, owner before s (−2: not read) */
  private memoGen = 0;
  private memoAt = new Uint32Array(this.machines.length);
  private memoFree = new Uint8Array(this.machines.length);
  private memoPrev = new Int32Array(this.machines.length);

  /**
   * Earliest start of the job given the current timelines, and the best set + operator
   * there. Machines and operators are disjoint resources, so a start is feasible as soon as
   * some set and some operator are free; blocked starts jump to the earliest end of what
   * blocks them.
   */
  protected earliest(sol: Solution, pj: PJob): Placement | null {
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

  /**
   * The best (set, operator) at a feasible start, by the tie-break order documented above: the
   * first (set, operator) pair, in (set, operator) order, with the least key.
   *
   * The key is a set's part + an operator's part + 6 when the operator's previous job had
   * another lead machine (a change). So instead of every set × every free operator (tens of
   * thousands of sets × hundreds of operators at scale), the free operators are summarized once
   * — the best with no previous job, the best per previous lead, and all with a previous job by
   * their part — and each set finds its best operator in a few steps. Each machine's state at
   * [s, e) is read once per call. Same answer as the pairwise loop (scheduler.spec.ts checks it).
   */
  private bestAt(sol: Solution, pj: PJob, k: number, s: number, e: number): Placement {
    let freeVal = Infinity;
    let freeOp = -1; // the best free operator with no previous job (never a change)
    const byLead = new Map<number, { v: number; oi: number }>(); // the best whose previous job had this lead
    const withPrev: { v: number; oi: number; pl: number }[] = [];
    for (const oi of pj.ops) {
      const tl = sol.oTl[oi]!;
      if (tl.blockedUntil(s, e) !== 0) continue;
      const prev = tl.ownerBefore(s);
      const pl = prev >= 0 ? sol.placed[prev]!.lead : -1;
      const v = -18 * pj.opPref[oi]! + pj.opTeamMiss[oi]!;
      if (pl < 0) {
        if (v < freeVal) {
          freeVal = v;
          freeOp = oi;
        }
        continue;
      }
      const cur = byLead.get(pl);
      if (!cur || v < cur.v) byLead.set(pl, { v, oi });
      withPrev.push({ v, oi, pl });
    }
    withPrev.sort((x, y) => x.v - y.v || x.oi - y.oi);

    const gen = ++this.memoGen;
    const free = (m: number) => {
      if (this.memoAt[m] !== gen) {
        this.memoAt[m] = gen;
        this.memoFree[m] = sol.mTl[m]!.blockedUntil(s, e) === 0 ? 1 : 0;
        this.memoPrev[m] = -2;
      }
      return this.memoFree[m] === 1;
    };
    let best: Placement | null = null;
    let bestKey = Infinity;
    for (const c of pj.sets) {
      if (!free(c.lead) || (c.impl >= 0 && !free(c.impl))) continue;
      if (this.memoPrev[c.lead] === -2) this.memoPrev[c.lead] = sol.mTl[c.lead]!.ownerBefore(s);
      const prev = this.memoPrev[c.lead]!;
      const leadChange = prev >= 0 && sol.placed[prev]!.impl !== c.impl ? 1 : 0;
      const part = ((3 - c.pref) * 3 + leadChange) * 6 + (c.size - 1) * 3 + c.teamMiss;
      // no operator can bring this set under the best so far
      if (part + Math.min(freeVal, withPrev[0]?.v ?? Infinity) >= bestKey) continue;
      let v = freeVal;
      let op = freeOp;
      const same = byLead.get(c.lead);
      if (same && (same.v < v || (same.v === v && same.oi < op))) {
        v = same.v;
        op = same.oi;
      }
      for (const o of withPrev) {
        if (o.pl === c.lead) continue;
        if (o.v + 6 < v || (o.v + 6 === v && o.oi < op)) {
          v = o.v + 6;
          op = o.oi;
        }
        break;
      }
      if (op < 0) continue;
      const key = part + v;
      // strict <: sets come in (lead, impl) id order
      if (key < bestKey) {
        bestKey = key;
        best = { k, s, e, lead: c.lead, impl: c.impl, op };
      }
    }
    if (Placer.crossCheck) {
      const ref = this.bestAtPairwise(sol, pj, k, s, e);
      if (ref.lead !== best!.lead || ref.impl !== best!.impl || ref.op !== best!.op)
        throw new Error(`bestAt differs from the pairwise loop for job ${pj.job.id}`);
    }
    return best!;
  }

  /** The definition bestAt implements (every set × every free operator); compared in tests (crossCheck). */
  private bestAtPairwise(sol: Solution, pj: PJob, k: number, s: number, e: number): Placement {
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
        if (key < bestKey) {
          bestKey = key;
          best = { k, s, e, lead: c.lead, impl: c.impl, op: oi };
        }
      }
    }
    return best!;
  }
}
