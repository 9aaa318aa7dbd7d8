import { describe, expect, it } from 'vitest';
import { dayWindow, trackKm, trackOverlay, trackPoints } from './track-layer';

const track = {
  type: 'FeatureCollection' as const,
  truncated: false,
  features: [
    {
      type: 'Feature' as const,
      geometry: {
        type: 'LineString' as const,
        coordinates: [
          [126.6, 45.7],
          [126.6, 45.71],
        ] as [number, number][],
      },
      properties: { assetId: '00000000-0000-4000-8000-000000000001', from: 'a', to: 'b', points: 2 },
    },
    {
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [126.6, 45.71] as [number, number] },
      properties: { at: '2026-12-06T09:00:00.000Z' },
    },
    {
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [126.6, 45.7] as [number, number] },
      properties: { at: '2026-12-06T08:00:00.000Z' },
    },
  ],
};

describe('the track layer', () => {
  it('lists the points oldest first and measures the track (0.01° of latitude ≈ 1.1 km)', () => {
    const pts = trackPoints(track);
    expect(pts.map((p) => p.at)).toEqual(['2026-12-06T08:00:00.000Z', '2026-12-06T09:00:00.000Z']);
    expect(trackKm(pts)).toBe(1.1);
    expect(trackKm([])).toBe(0);
  });

  it('an overlay draws the line and the points from its own source; no track draws nothing', () => {
    const o = trackOverlay(track);
    expect(o.layers.every((l) => l.source === o.source)).toBe(true);
    expect(o.data.features).toHaveLength(3);
    expect(trackOverlay(null).data.features).toEqual([]);
  });

  it('a past day is its whole day; today runs to now and is live', () => {
    const past = dayWindow('2026-12-01', new Date('2026-12-06T10:00:00Z'), 'Asia/Shanghai');
    expect(past.live).toBe(false);
    expect(new Date(past.to).getTime() - new Date(past.from).getTime()).toBe(86_400_000);
    const now = new Date('2026-12-06T02:00:00Z');
    expect(dayWindow('2026-12-06', now, 'Asia/Shanghai')).toMatchObject({ live: true, to: now.toISOString() });
  });

  it("the day is the org's, whatever the browser's zone: Shanghai's 7 December begins at 16:00 UTC on the 6th", () => {
    // 00:55 in Shanghai, 16:55 UTC: the map's day is already the 7th there
    const now = new Date('2026-12-06T16:55:00Z');
    expect(dayWindow('2026-12-07', now, 'Asia/Shanghai')).toEqual({
      from: '2026-12-06T16:00:00.000Z',
      to: now.toISOString(),
      live: true,
    });
  });
});
