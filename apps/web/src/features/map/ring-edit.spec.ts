import { describe, expect, it } from 'vitest';
import { areaDiffers, edgeMidpoints, insertCorner, moveCorner, removeCorner, type Corner } from './ring-edit';

const square: Corner[] = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
];

describe('ring editing', () => {
  it('has a midpoint on every edge of a closed ring, the closing edge included', () => {
    expect(edgeMidpoints(square)).toEqual([
      { after: 0, at: [1, 0] },
      { after: 1, at: [2, 1] },
      { after: 2, at: [1, 2] },
      { after: 3, at: [0, 1] },
    ]);
    // two corners are one edge, not yet a ring
    expect(edgeMidpoints(square.slice(0, 2))).toEqual([{ after: 0, at: [1, 0] }]);
    expect(edgeMidpoints(square.slice(0, 1))).toEqual([]);
  });

  it('inserts a corner in the middle of an edge, the closing one too', () => {
    expect(insertCorner(square, 1)).toEqual([
      [0, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [0, 2],
    ]);
    expect(insertCorner(square, 3).at(-1)).toEqual([0, 1]);
    expect(insertCorner(square, 7)).toEqual(square);
  });

  it('removes and moves corners without touching the others', () => {
    expect(removeCorner(square, 2)).toEqual([
      [0, 0],
      [2, 0],
      [0, 2],
    ]);
    expect(moveCorner(square, 0, [-1, -1])[0]).toEqual([-1, -1]);
    expect(moveCorner(square, 0, [-1, -1]).slice(1)).toEqual(square.slice(1));
  });

  it('shows the entered area beside the measured one past 5 %', () => {
    expect(areaDiffers(null, 1000)).toBe(false);
    expect(areaDiffers(1050, 1000)).toBe(false);
    expect(areaDiffers(1051, 1000)).toBe(true);
    expect(areaDiffers(949, 1000)).toBe(true);
  });
});
