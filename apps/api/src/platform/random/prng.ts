import { createHash } from 'node:crypto';

/** 32-bit FNV-1a of a string: turns "green-valley:1" into a PRNG seed. */
export function hashSeed(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * mulberry32: tiny, fast, good enough for demo data, and the same sequence on every
 * machine and Node version (Math.random is neither seedable nor reproducible).
 */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('pick from an empty list');
    return xs[Math.floor(this.next() * xs.length)] as T;
  }

  weighted<T>(xs: readonly (readonly [T, number])[]): T {
    const total = xs.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [x, w] of xs) {
      r -= w;
      if (r < 0) return x;
    }
    return (xs[xs.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(xs: readonly T[]): T[] {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [a[i], a[j]] = [a[j] as T, a[i] as T];
    }
    return a;
  }
}

/**
 * Deterministic UUIDs (v4 layout) from a namespace and a counter. Hashing instead of drawing
 * from the PRNG: two orgs' PRNG streams could overlap in mulberry32's single 2^32 cycle and
 * then produce the same ids; sha256 of distinct strings does not.
 */
export class IdSource {
  private n = 0;
  constructor(private readonly namespace: string) {}

  next(): string {
    const h = createHash('sha256').update(`${this.namespace}:${this.n++}`).digest();
    h[6] = ((h[6] as number) & 0x0f) | 0x40;
    h[8] = ((h[8] as number) & 0x3f) | 0x80;
    const x = h.subarray(0, 16).toString('hex');
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
  }
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** Asia/Shanghai has no DST: local time is always UTC+8. */
const SHANGHAI_OFFSET = 8 * HOUR;

/** Monday 00:00 Asia/Shanghai of the week containing `now`, as a UTC instant. */
export function weekAnchor(now: Date): Date {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET);
  const dow = (local.getUTCDay() + 6) % 7; // Monday = 0
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - dow * DAY;
  return new Date(midnight - SHANGHAI_OFFSET);
}

/** 00:00 Asia/Shanghai of a calendar date (month 1-12), as a UTC instant in ms. */
export function localMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - SHANGHAI_OFFSET;
}

/** Local calendar parts of an instant. */
export function localParts(t: number): { year: number; month: number; day: number; hour: number } {
  const d = new Date(t + SHANGHAI_OFFSET);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours() + d.getUTCMinutes() / 60,
  };
}

/** Start (00:00 local) of the local day containing t. */
export function dayStart(t: number): number {
  return Math.floor((t + SHANGHAI_OFFSET) / DAY) * DAY - SHANGHAI_OFFSET;
}

/** Round up to the next multiple of `step` ms. */
export function ceilTo(t: number, step: number): number {
  return Math.ceil(t / step) * step;
}
