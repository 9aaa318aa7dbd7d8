import { describe, expect, it } from 'vitest';
import { rrf, RRF_K } from './retriever.js';

const ids = (...xs: string[]) => xs.map((id) => ({ id, score: 1 }));

describe('reciprocal rank fusion', () => {
  it('sums w / (k + rank) over the lists a chunk is in', () => {
    const fused = rrf([ids('a', 'b'), ids('b', 'c')]);
    expect(fused.get('a')).toBeCloseTo(1 / (RRF_K + 1));
    expect(fused.get('b')).toBeCloseTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1));
    expect(fused.get('c')).toBeCloseTo(1 / (RRF_K + 2));
    expect([...fused].sort((x, y) => y[1] - x[1])[0]![0]).toBe('b');
  });

  it('weighs each list (the glossary expansion at half) and leaves unlisted chunks out', () => {
    const fused = rrf([ids('a'), ids('b')], 60, [1, 0.5]);
    expect(fused.get('a')).toBeCloseTo(1 / 61);
    expect(fused.get('b')).toBeCloseTo(0.5 / 61);
    expect(fused.has('z')).toBe(false);
    // an empty list adds nothing; a missing weight is 1
    expect(rrf([[], ids('x')], 10).get('x')).toBeCloseTo(1 / 11);
  });

  it('a chunk in both lists outranks one first in a single list; a larger k flattens the ranks', () => {
    const fused = rrf([ids('a', 'b', 'c'), ids('x', 'y', 'b')]);
    const order = [...fused].sort((p, q) => q[1] - p[1]).map(([id]) => id);
    expect(order[0]).toBe('b');
    const gap = (k: number) => {
      const f = rrf([ids('a', 'b')], k);
      return f.get('a')! - f.get('b')!;
    };
    expect(gap(RRF_K)).toBeLessThan(gap(1));
  });
});
