import { Problem, type PJob, type Placement, type Solution } from './problem.js';
import type { JClass } from './classes.js';
import { bestImpl, setsBlockedUntil, setsOf } from './sets.js';

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
  /** bestAt's per-call best free operator whose previous job had this lead (valid when leadAt = the call) */
  private leadAt = new Uint32Array(this.machines.length);
  private leadV = new Int32Array(this.machines.length);
  private leadOp = new Int32Array(this.machines.length);
  /** the key of bestAt's last answer (to compare classes at one start) */
  private lastKey = Infinity;

  /**
   * Where the job finishes first given the current timelines, and the best set + operator there.
   * Machines and operators are disjoint resources, so a start is feasible as soon as some set and
   * some operator are free; blocked starts jump to the earliest end of what blocks them. The
   * earliest feasible start's class is only the first candidate: a faster class (a bigger
   * machine) free a little later may still finish first, and then it wins — a 74 ha field waits
   * an hour for the 12 m combine rather than take the 4.6 m one all week. Equal ends: the earlier
   * start.
   */
  protected earliest(sol: Solution, pj: PJob): Placement | null {
    const cal = this.cal;
    if (this.travel) this.travel.target = this.travel.jobField[pj.i]!;
    let k = pj.k0;
    if (pj.preds.length > 0) {
      // after the jobs it waits for (the harvest of the field before its transport)
      const lb = this.afterPreds(sol, pj);
      if (lb < 0) return null;
      k = Math.max(k, cal.firstAtOrAfter(lb));
    }
    let best = this.firstFit(sol, pj, k, pj.classes, Infinity);
    while (best) {
      const work = best.work;
      const faster = pj.classes.filter((c) => c.work < work);
      if (faster.length === 0) break;
      const later = this.firstFit(sol, pj, best.p.k + 1, faster, best.p.e);
      if (!later || later.p.e >= best.p.e) break;
      best = later;
    }
    return best?.p ?? null;
  }

  /**
   * The earliest start from slot `k` at which one of `classes` (fastest first) has a free set and
   * operator and would end before `endBefore`; among equally fast classes free there, the least key.
   */
  private firstFit(
    sol: Solution,
    pj: PJob,
    from: number,
    classes: JClass[],
    endBefore: number,
  ): { p: Placement; work: number } | null {
    const cal = this.cal;
    let k = from;
    while (k <= pj.k1) {
      let next = Infinity;
      let found: Placement | null = null;
      let foundKey = Infinity;
      let foundWork = -1;
      let open = false;
      for (const c of classes) {
        if (foundWork >= 0 && c.work > foundWork) break;
        if (k > c.k1) continue;
        const s = cal.starts[k]!;
        const e = cal.endOf(k, c.work);
        if (e >= endBefore) continue;
        open = true;
        if (!cal.partsOk(k, c.work)) {
          next = Math.min(next, s + 1);
          continue;
        }
        const nextSet = setsBlockedUntil(c.fam, sol.mTl, s, e);
        const anySet = nextSet === 0;
        let nextOp = Infinity;
        let anyOp = false;
        for (const oi of c.ops) {
          const b = sol.oTl[oi]!.blockedUntil(s, e) || this.opDayBlock(sol.oTl[oi]!, oi, s, e);
          if (b === 0) {
            anyOp = true;
            break;
          }
          if (b < nextOp) nextOp = b;
        }
        if (anySet && anyOp) {
          // among equally fast classes free here, the least key (preferences, changes, team)
          const p = this.bestAt(sol, pj, c, k, s, e);
          if (this.lastKey < foundKey) {
            found = p;
            foundKey = this.lastKey;
          }
          foundWork = c.work;
          continue;
        }
        next = Math.min(next, Math.max(anySet ? s + 1 : nextSet, anyOp ? s + 1 : nextOp));
      }
      if (found) return { p: found, work: foundWork };
      // past every class's last start, or every class would now end too late: nothing later helps
      if (!open && (endBefore !== Infinity || classes.every((c) => k > c.k1))) return null;
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
   * — the best with no previous job, the best per previous lead, and the best two with a
   * previous job on different leads — and each set finds its best operator in a few steps. The
   * sets are walked per lead (sets.ts: a paired lead's best implement is one of three). Each
   * machine's state at [s, e) is read once per call. Same answer as the pairwise loop
   * (scheduler.spec.ts checks it).
   */
  private bestAt(sol: Solution, pj: PJob, c: JClass, k: number, s: number, e: number): Placement {
    const gen = ++this.memoGen;
    // the free operators, summarized: the best with no previous job (never a change), the best
    // per previous lead (stamped arrays), and the best two with a previous job on different leads
    let freeVal = Infinity;
    let freeOp = -1;
    let b1v = Infinity;
    let b1op = -1;
    let b1pl = -1;
    let b2v = Infinity;
    let b2op = -1;
    for (const oi of c.ops) {
      const tl = sol.oTl[oi]!;
      if (tl.blockedUntil(s, e) !== 0 || this.opDayBlock(tl, oi, s, e) !== 0) continue;
      const prev = tl.ownerBefore(s);
      const pl = prev >= 0 ? sol.placed[prev]!.lead : -1;
      const v = -18 * pj.opPref[oi]! + pj.opTeamMiss[oi]!;
      // operators come in ascending index, so a later one only wins with a strictly smaller part
      if (pl < 0) {
        if (v < freeVal) {
          freeVal = v;
          freeOp = oi;
        }
        // nobody later can beat it for any set: the same part at best, a higher index
        if (freeVal === c.opLeast) break;
        continue;
      }
      if (this.leadAt[pl] !== gen || v < this.leadV[pl]!) {
        this.leadAt[pl] = gen;
        this.leadV[pl] = v;
        this.leadOp[pl] = oi;
      }
      if (v < b1v) {
        if (pl !== b1pl) {
          b2v = b1v;
          b2op = b1op;
        }
        b1v = v;
        b1op = oi;
        b1pl = pl;
      } else if (pl !== b1pl && v < b2v) {
        b2v = v;
        b2op = oi;
      }
    }

    const free = (m: number) => {
      if (this.memoAt[m] !== gen) {
        this.memoAt[m] = gen;
        this.memoFree[m] = sol.mTl[m]!.blockedUntil(s, e) === 0 ? 1 : 0;
        this.memoPrev[m] = -2;
      }
      return this.memoFree[m] === 1;
    };
    const fam = c.fam;
    let firstImpl = -2; // the first free implement of the family, the first free preferred one (−2: not searched)
    let firstPrefImpl = -1;
    let best: Placement | null = null;
    let bestKey = Infinity;
    const leastOp = Math.min(freeVal, b1v);
    for (let x = 0; x < fam.leads.length; x++) {
      const lead = fam.leads[x]!;
      if (!free(lead)) continue;
      if (this.memoPrev[lead] === -2) this.memoPrev[lead] = sol.mTl[lead]!.ownerBefore(s);
      const prev = this.memoPrev[lead]!;
      let impl = -1;
      if (fam.paired[x]) {
        if (firstImpl === -2) {
          firstImpl = fam.impls.find(free) ?? -1;
          firstPrefImpl = fam.prefImpls.find(free) ?? -1;
        }
        impl = bestImpl(fam, free, prev >= 0 ? sol.placed[prev]!.impl : -2, firstImpl, firstPrefImpl);
        if (impl < 0) continue;
      }
      const pref = fam.pref[lead]! + (impl >= 0 ? fam.pref[impl]! : 0);
      const leadChange = prev >= 0 && sol.placed[prev]!.impl !== impl ? 1 : 0;
      const part = ((3 - pref) * 3 + leadChange) * 6 + (impl >= 0 ? 3 : 0) + fam.teamMiss[lead]!;
      // no operator can bring this set under the best so far
      if (part + leastOp >= bestKey) continue;
      let v = freeVal;
      let op = freeOp;
      if (this.leadAt[lead] === gen) {
        const sv = this.leadV[lead]!;
        const so = this.leadOp[lead]!;
        if (sv < v || (sv === v && so < op)) {
          v = sv;
          op = so;
        }
      }
      // the best operator whose previous job had another lead: a change (+6)
      const ov = b1pl !== lead ? b1v : b2v;
      const oo = b1pl !== lead ? b1op : b2op;
      if (oo >= 0 && (ov + 6 < v || (ov + 6 === v && oo < op))) {
        v = ov + 6;
        op = oo;
      }
      if (op < 0) continue;
      const key = part + v;
      // strict <: sets come in (lead, impl) id order
      if (key < bestKey) {
        bestKey = key;
        best = { k, s, e, lead, impl, op };
      }
    }
    this.lastKey = bestKey;
    if (Placer.crossCheck) {
      const ref = this.bestAtPairwise(sol, pj, c, k, s, e);
      if (ref.lead !== best!.lead || ref.impl !== best!.impl || ref.op !== best!.op)
        throw new Error(`bestAt differs from the pairwise loop for job ${pj.job.id}`);
    }
    return best!;
  }

  /** The definition bestAt implements (every set × every free operator); compared in tests (crossCheck). */
  private bestAtPairwise(sol: Solution, pj: PJob, cl: JClass, k: number, s: number, e: number): Placement {
    const freeOps: number[] = [];
    const opPrevLead: number[] = [];
    for (const oi of cl.ops) {
      if (sol.oTl[oi]!.blockedUntil(s, e) !== 0 || this.opDayBlock(sol.oTl[oi]!, oi, s, e) !== 0) continue;
      freeOps.push(oi);
      const prev = sol.oTl[oi]!.ownerBefore(s);
      opPrevLead.push(prev >= 0 ? sol.placed[prev]!.lead : -1);
    }
    let best: Placement | null = null;
    let bestKey = Infinity;
    for (const c of setsOf(cl.fam)) {
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
