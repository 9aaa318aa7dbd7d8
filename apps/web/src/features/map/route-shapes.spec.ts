import { describe, expect, it } from 'vitest';
import { routeShapes } from './route-shapes';

const stop = (fieldName: string, position: [number, number] | null, itemIndex: number) => ({
  itemIndex,
  jobId: '00000000-0000-4000-8000-00000000000' + itemIndex,
  fieldId: '00000000-0000-4000-8000-00000000010' + itemIndex,
  fieldName,
  startsAt: '2026-03-02T00:00:00.000Z',
  endsAt: '2026-03-02T04:00:00.000Z',
  position,
});

describe('routeShapes', () => {
  it('a line per machine through its located stops in order, a point per stop, one colour per machine; other days left out', () => {
    const travel = {
      draftId: '00000000-0000-4000-8000-000000000000',
      version: 1,
      roadFactor: 1.3,
      machines: [
        {
          assetId: '00000000-0000-4000-8000-0000000000a1',
          name: 'A',
          speedKmh: 20,
          totalKm: 10,
          totalMinutes: 30,
          days: [
            {
              date: '2026-03-02',
              stops: [stop('x', [1, 2], 0), stop('y', null, 1), stop('z', [3, 4], 2)],
              legs: [],
              km: 0,
              minutes: 0,
            },
            { date: '2026-03-03', stops: [stop('w', [9, 9], 3)], legs: [], km: 0, minutes: 0 },
          ],
        },
        {
          assetId: '00000000-0000-4000-8000-0000000000a2',
          name: 'B',
          speedKmh: 30,
          totalKm: 0,
          totalMinutes: 0,
          days: [{ date: '2026-03-02', stops: [stop('v', [5, 6], 4)], legs: [], km: 0, minutes: 0 }],
        },
      ],
    };
    const shapes = routeShapes(travel, '2026-03-02');
    const lines = shapes.filter((s) => s.geometry.type === 'LineString');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.geometry.coordinates).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const points = shapes.filter((s) => s.geometry.type === 'Point');
    expect(points.map((p) => p.properties.field)).toEqual(['x', 'z', 'v']);
    expect(points[0]!.properties.color).not.toBe(points[2]!.properties.color);
    expect(routeShapes(travel, '2026-03-04')).toEqual([]);
  });
});
