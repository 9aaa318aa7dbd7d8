import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeIdCursor, pageOf } from './cursor.js';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, n: i }));

describe('pageOf', () => {
  it('returns limit items and a cursor to the last one when there is a further row', () => {
    const p = pageOf(rows(4), 3, (r) => r.n);
    expect(p.items).toEqual([0, 1, 2]);
    expect(decodeIdCursor(p.nextCursor!)).toBe(rows(4)[2]!.id);
  });

  it('has no cursor on the last page', () => {
    expect(pageOf(rows(3), 3, (r) => r.n)).toEqual({ items: [0, 1, 2], nextCursor: null });
    expect(pageOf([], 3, (r: { id: string }) => r.id)).toEqual({ items: [], nextCursor: null });
  });

  it('uses a custom position', () => {
    const p = pageOf(
      rows(2),
      1,
      (r) => r.n,
      (r) => `pos-${r.n}`,
    );
    expect(decodeCursor(p.nextCursor!)).toBe('pos-0');
  });

  it('refuses a forged id cursor', () => {
    expect(() => decodeIdCursor(Buffer.from('not-an-id').toString('base64url'))).toThrow(/Invalid cursor/);
  });
});
