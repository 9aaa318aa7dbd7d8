import type { Timeline } from './timeline.js';

/** A candidate machine set: one lead machine, optionally one implement (indices into machines). */
export interface CSet {
  lead: number;
  impl: number; // −1: none
  size: number;
  pref: number; // preferred machines in the set
  teamMiss: number; // lead machine of another team than the job
}

/**
 * The usable machine sets of an operation for one job team, kept as a product instead of a
 * list: every lead that runs alone, and every power unit × every implement of the operation.
 * At 1,000 machines a tillage job has ≈ 300 tractors × 120 ploughs = 36,000 sets; the list
 * copied per job ran a 5,000-job instance out of memory and every search step walked it.
 * The order is the list's: by lead, then implement (both ascending indices).
 */
export interface SetFamily {
  /** lead machine indices, ascending; each has at least one usable set */
  leads: number[];
  /** per lead (same position): 1 = pulls one of `impls`, 0 = runs alone */
  paired: Uint8Array;
  /** the implements of the product, ascending */
  impls: number[];
  /** the preferred ones among them, ascending */
  prefImpls: number[];
  /** by machine index: 1 when the machine is in `impls` */
  isImpl: Uint8Array;
  /** by machine index: 1 when preferred (shared by every family of a problem) */
  pref: Uint8Array;
  /** by machine index: 1 when a lead of another team than the job's */
  teamMiss: Uint8Array;
  /** how many sets (singles + paired leads × implements) */
  size: number;
}

/**
 * The family of a capable-set list (capableSets' shape: by lead, a lead either alone or with
 * every implement of the operation), without the excluded machines.
 */
export function familyOf(
  capable: readonly CSet[],
  machineCount: number,
  excluded: (m: number) => boolean,
  pref: Uint8Array,
  teamMissOf: (lead: number) => number,
): SetFamily {
  const isImpl = new Uint8Array(machineCount);
  const impls: number[] = [];
  for (const c of capable) {
    if (c.impl >= 0 && !isImpl[c.impl] && !excluded(c.impl)) {
      isImpl[c.impl] = 1;
      impls.push(c.impl);
    }
  }
  impls.sort((a, b) => a - b);
  const leads: number[] = [];
  const paired: number[] = [];
  const teamMiss = new Uint8Array(machineCount);
  let size = 0;
  for (const c of capable) {
    if (excluded(c.lead) || leads[leads.length - 1] === c.lead) continue;
    if (c.impl >= 0 && impls.length === 0) continue; // every implement it could pull is out
    leads.push(c.lead);
    paired.push(c.impl >= 0 ? 1 : 0);
    teamMiss[c.lead] = teamMissOf(c.lead);
    size += c.impl >= 0 ? impls.length : 1;
  }
  return {
    leads,
    paired: Uint8Array.from(paired),
    impls,
    prefImpls: impls.filter((m) => pref[m] === 1),
    isImpl,
    pref,
    teamMiss,
    size,
  };
}

/** The family's sets as the list they stand for, in order (for tests, the exact model and messages); at most `limit`. */
export function setsOf(f: SetFamily, limit = Infinity): CSet[] {
  const out: CSet[] = [];
  f.leads.forEach((lead, x) => {
    for (const impl of f.paired[x] ? f.impls : [-1]) if (out.length < limit) out.push(setOf(f, lead, impl));
  });
  return out;
}

/**
 * 0 when some set is free for [s, e); otherwise the earliest instant worth trying next: the
 * least, over sets, of the later end of what blocks its machines. Over the product that is
 * max(least lead block, least implement block), so no pair is visited.
 */
export function setsBlockedUntil(f: SetFamily, mTl: readonly Timeline[], s: number, e: number): number {
  let implBlock = -1; // −1: not read yet
  let next = Infinity;
  for (let x = 0; x < f.leads.length; x++) {
    let b = mTl[f.leads[x]!]!.blockedUntil(s, e);
    if (f.paired[x]) {
      if (implBlock < 0) {
        implBlock = Infinity;
        for (const m of f.impls) {
          const bi = mTl[m]!.blockedUntil(s, e);
          if (bi < implBlock) implBlock = bi;
          if (bi === 0) break;
        }
      }
      b = Math.max(b, implBlock);
    }
    if (b === 0) return 0;
    if (b < next) next = b;
  }
  return next;
}

/** The first set, in the family's order, whose machines pass `free`; null when none. */
export function firstFreeSet(f: SetFamily, free: (m: number) => boolean): CSet | null {
  let impl = -2; // −2: not searched yet
  for (let x = 0; x < f.leads.length; x++) {
    const lead = f.leads[x]!;
    if (!free(lead)) continue;
    if (f.paired[x] && impl === -2) impl = f.impls.find(free) ?? -1;
    if (f.paired[x] && impl < 0) continue;
    return setOf(f, lead, f.paired[x] ? impl : -1);
  }
  return null;
}

function setOf(f: SetFamily, lead: number, impl: number): CSet {
  const pref = f.pref[lead]! + (impl >= 0 ? f.pref[impl]! : 0);
  return { lead, impl, size: impl >= 0 ? 2 : 1, pref, teamMiss: f.teamMiss[lead]! };
}

/**
 * For a paired lead: the implement with the least part of the set's key — preferred first
 * (−18), then keeping the lead's previous implement (a change costs 6) — lowest index on a
 * tie, as the list order had it. Only three can win: the previous implement, the first free
 * preferred one, the first free one. `prevImpl` −2: the lead has no previous job (no change
 * possible); −1: it ran alone. −1 returned when no implement is free.
 */
export function bestImpl(
  f: SetFamily,
  free: (m: number) => boolean,
  prevImpl: number,
  firstFree: number,
  firstFreePref: number,
): number {
  if (firstFree < 0) return -1;
  const cost = (m: number) => -18 * f.pref[m]! + (prevImpl !== -2 && prevImpl !== m ? 6 : 0);
  let best = firstFree;
  const consider = (m: number) => {
    const d = cost(m) - cost(best);
    if (d < 0 || (d === 0 && m < best)) best = m;
  };
  if (firstFreePref >= 0) consider(firstFreePref);
  if (prevImpl >= 0 && f.isImpl[prevImpl] && free(prevImpl)) consider(prevImpl);
  return best;
}
