import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors/app-error.js';
import { MAX_BOUNDARY_VERTICES, normalizeBoundary } from './boundary-geometry.js';

const square = [
  [116, 39],
  [116.01, 39],
  [116.01, 39.01],
  [116, 39.01],
  [116, 39],
];

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return 'none';
};

describe('normalizeBoundary', () => {
  it('turns a Polygon, a MultiPolygon and a Feature into the same MultiPolygon', () => {
    const a = normalizeBoundary({ type: 'Polygon', coordinates: [square] });
    const b = normalizeBoundary({ type: 'MultiPolygon', coordinates: [[square]] });
    const c = normalizeBoundary({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square] } });
    expect(a.coordinates).toEqual([[square]]);
    expect(b.coordinates).toEqual(a.coordinates);
    expect(c.coordinates).toEqual(a.coordinates);
    expect(a.repairs).toEqual([]);
  });

  it('closes an open ring and drops heights, and says so', () => {
    const open = square.slice(0, 4).map(([x, y]) => [x!, y!, 50]);
    const r = normalizeBoundary({ type: 'Polygon', coordinates: [open] });
    expect(r.coordinates[0]![0]).toEqual(square);
    expect(r.repairs.map((x) => x.code).sort()).toEqual(['RING_CLOSED', 'Z_DROPPED']);
  });

  it('refuses coordinates outside WGS84 (e.g. projected metres)', () => {
    expect(codeOf(() => normalizeBoundary({ type: 'Polygon', coordinates: [[[500000, 4300000], ...square]] }))).toBe(
      'COORDINATES_OUT_OF_RANGE',
    );
    expect(codeOf(() => normalizeBoundary({ type: 'Polygon', coordinates: [[[116, 91], ...square]] }))).toBe(
      'COORDINATES_OUT_OF_RANGE',
    );
  });

  it('refuses a ring of two points and too many vertices', () => {
    expect(
      codeOf(() =>
        normalizeBoundary({
          type: 'Polygon',
          coordinates: [
            [
              [116, 39],
              [116.1, 39],
              [116, 39],
            ],
          ],
        }),
      ),
    ).toBe('BOUNDARY_INVALID');
    const many = Array.from({ length: MAX_BOUNDARY_VERTICES + 1 }, (_, i) => [
      116 + 0.01 * Math.cos((2 * Math.PI * i) / MAX_BOUNDARY_VERTICES),
      39 + 0.01 * Math.sin((2 * Math.PI * i) / MAX_BOUNDARY_VERTICES),
    ]);
    expect(codeOf(() => normalizeBoundary({ type: 'Polygon', coordinates: [many] }))).toBe('BOUNDARY_INVALID');
  });
});
