/** A half-open interval on one resource's timeline; owner −1 = an existing booking. */
export interface Iv {
  a: number;
  b: number;
  owner: number;
}

/**
 * One resource's occupied intervals, sorted and pairwise disjoint (existing bookings are
 * merged on load; the scheduler only inserts into free gaps), so both starts and ends
 * ascend and a binary search on the ends finds the first interval that can overlap.
 */
export class Timeline {
  constructor(public ivs: Iv[] = []) {}

  /** Merge raw (possibly overlapping, unsorted) busy intervals into a timeline. */
  static ofBusy(raw: readonly (readonly [number, number])[]): Timeline {
    const sorted = raw.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const ivs: Iv[] = [];
    for (const [a, b] of sorted) {
      const last = ivs[ivs.length - 1];
      if (last && a <= last.b) last.b = Math.max(last.b, b);
      else ivs.push({ a, b, owner: -1 });
    }
    return new Timeline(ivs);
  }

  clone(): Timeline {
    return new Timeline(this.ivs.slice());
  }

  /** index of the first interval ending after t */
  firstEndingAfter(t: number): number {
    const v = this.ivs;
    let lo = 0;
    let hi = v.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((v[mid] as Iv).b <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * 0 when [s, e) is free; otherwise the end of the first interval in the way: no start
   * before it can be free either (a later start has a later end), so searches jump there.
   */
  blockedUntil(s: number, e: number): number {
    const iv = this.ivs[this.firstEndingAfter(s)];
    return iv && iv.a < e ? iv.b : 0;
  }

  /** the owner of the nearest scheduled (owner ≥ 0) interval ending by t, or −1 */
  ownerBefore(t: number): number {
    for (let i = this.firstEndingAfter(t) - 1; i >= 0; i--) {
      const o = (this.ivs[i] as Iv).owner;
      if (o >= 0) return o;
    }
    return -1;
  }

  insert(a: number, b: number, owner: number): void {
    const i = this.firstEndingAfter(a);
    this.ivs.splice(i, 0, { a, b, owner });
  }

  remove(a: number, owner: number): void {
    const i = this.firstEndingAfter(a);
    const iv = this.ivs[i];
    if (!iv || iv.a !== a || iv.owner !== owner) throw new Error('timeline: interval to remove not found');
    this.ivs.splice(i, 1);
  }
}
