import { describe, expect, it } from 'vitest';
import { Rng } from '../../platform/random/prng.js';
import { bestImpl, familyOf, firstFreeSet, setsBlockedUntil, setsOf, type CSet } from './sets.js';
import { Timeline } from './timeline.js';

/**
 * A random fleet in capableSets' shape: machines 0..n-1, each a self-propelled lead, a power
 * unit (with every implement when there are any) or an implement; some excluded, preferred or
 * of another team. Returns the list the family stands for, written out pair by pair.
 */
function fleet(rng: Rng) {
  const n = rng.int(1, 14);
  const kind = Array.from({ length: n }, () => rng.pick(['SP', 'PU', 'IM'] as const));
  const impls = kind.flatMap((k, i) => (k === 'IM' ? [i] : []));
  const capable: CSet[] = [];
  kind.forEach((k, i) => {
    if (k === 'SP' || (k === 'PU' && impls.length === 0))
      capable.push({ lead: i, impl: -1, size: 1, pref: 0, teamMiss: 0 });
    else if (k === 'PU') for (const j of impls) capable.push({ lead: i, impl: j, size: 2, pref: 0, teamMiss: 0 });
  });
  const excluded = new Set(kind.flatMap((_, i) => (rng.chance(0.2) ? [i] : [])));
  const pref = Uint8Array.from(kind, () => (rng.chance(0.25) ? 1 : 0));
  const miss = Uint8Array.from(kind, () => (rng.chance(0.3) ? 1 : 0));
  const fam = familyOf(
    capable,
    n,
    (m) => excluded.has(m),
    pref,
    (m) => miss[m]!,
  );
  const list = capable
    .filter((c) => !excluded.has(c.lead) && (c.impl < 0 || !excluded.has(c.impl)))
    .map((c) => ({ ...c, pref: pref[c.lead]! + (c.impl >= 0 ? pref[c.impl]! : 0), teamMiss: miss[c.lead]! }));
  return { n, fam, list };
}

/** random timelines: a few intervals per machine on a 0..100 axis */
function timelines(rng: Rng, n: number): Timeline[] {
  return Array.from({ length: n }, () =>
    Timeline.ofBusy(
      Array.from({ length: rng.int(0, 3) }, () => {
        const a = rng.int(0, 90);
        return [a, a + rng.int(1, 30)] as const;
      }),
    ),
  );
}

describe('machine-set families (the product of leads × implements)', () => {
  it('stand for exactly the filtered capable list, in (lead, implement) order, with their size', () => {
    const rng = new Rng(11);
    for (let t = 0; t < 300; t++) {
      const { fam, list } = fleet(rng);
      expect(setsOf(fam)).toEqual(list);
      expect(fam.size).toBe(list.length);
      expect(setsOf(fam, 3)).toEqual(list.slice(0, 3));
    }
  });

  it('a tractor whose implements are all out of service has no set', () => {
    const capable: CSet[] = [
      { lead: 0, impl: 2, size: 2, pref: 0, teamMiss: 0 },
      { lead: 1, impl: -1, size: 1, pref: 0, teamMiss: 0 },
    ];
    const fam = familyOf(
      capable,
      3,
      (m) => m === 2,
      new Uint8Array(3),
      () => 0,
    );
    expect(fam.leads).toEqual([1]);
    expect(fam.size).toBe(1);
  });

  it('blocked-until is the least, over sets, of the later end of what blocks them (0: one is free)', () => {
    const rng = new Rng(12);
    let free = 0;
    for (let t = 0; t < 500; t++) {
      const { n, fam, list } = fleet(rng);
      const tl = timelines(rng, n);
      const s = rng.int(0, 100);
      const e = s + rng.int(1, 20);
      const brute = list.reduce(
        (m, c) =>
          Math.min(m, Math.max(tl[c.lead]!.blockedUntil(s, e), c.impl >= 0 ? tl[c.impl]!.blockedUntil(s, e) : 0)),
        Infinity,
      );
      expect(setsBlockedUntil(fam, tl, s, e)).toBe(brute);
      if (brute === 0) free++;
    }
    expect(free).toBeGreaterThan(50); // both branches are exercised
  });

  it('the first free set is the first of the list whose machines are free', () => {
    const rng = new Rng(13);
    for (let t = 0; t < 500; t++) {
      const { n, fam, list } = fleet(rng);
      const isFree = Array.from({ length: n }, () => rng.chance(0.5));
      const f = (m: number) => isFree[m]!;
      expect(firstFreeSet(fam, f)).toEqual(list.find((c) => f(c.lead) && (c.impl < 0 || f(c.impl))) ?? null);
    }
  });

  it('the best implement: preferred first, then the previous one kept, then the lowest index', () => {
    const rng = new Rng(14);
    let picked = 0;
    for (let t = 0; t < 1000; t++) {
      const { n, fam } = fleet(rng);
      const isFree = Array.from({ length: n }, () => rng.chance(0.6));
      const f = (m: number) => isFree[m]!;
      // −2: no previous job; −1: it ran alone; else any machine (an implement or not)
      const prevImpl = rng.int(-2, n - 1);
      const freeImpls = fam.impls.filter(f);
      const cost = (m: number) => -18 * fam.pref[m]! + (prevImpl !== -2 && prevImpl !== m ? 6 : 0);
      const brute = freeImpls.reduce((b, m) => (b < 0 || cost(m) < cost(b) ? m : b), -1);
      const firstPref = fam.prefImpls.find(f) ?? -1;
      expect(bestImpl(fam, f, prevImpl, freeImpls[0] ?? -1, firstPref)).toBe(brute);
      if (brute >= 0 && brute !== freeImpls[0]) picked++;
    }
    expect(picked).toBeGreaterThan(20); // not always the first free one
  });
});
