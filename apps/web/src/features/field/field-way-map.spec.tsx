// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { fieldKeys } from './api';
import { FieldWayMap, wayShapes } from './field-way-map';

/**
 * The field app's small map of today's field: drawn from the persisted query cache (the boundary
 * the warm-up fetched), so with the phone offline and no fetch at all. MapLibre needs WebGL, so the
 * MiniMap is replaced by one that shows what it was handed.
 */
vi.mock('@/features/map/mini-map', () => ({
  MiniMap: (p: { shapes: unknown; label: string }) => (
    <div role="img" aria-label={p.label} data-shapes={JSON.stringify(p.shapes)} />
  ),
}));

const ORG = '00000000-0000-4000-8000-0000000000aa';
const FIELD = '00000000-0000-4000-8000-0000000000f1';
const square = [
  [
    [
      [118.3, 33.3],
      [118.303, 33.3],
      [118.303, 33.303],
      [118.3, 33.303],
      [118.3, 33.3],
    ],
  ],
];

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('FieldWayMap', () => {
  it('draws the cached boundary with no network', async () => {
    onlineManager.setOnline(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    qc.setQueryData(fieldKeys.fieldBoundary(ORG, FIELD), {
      fieldId: FIELD,
      geometry: { type: 'MultiPolygon', coordinates: square },
      measuredAreaM2: 92_800,
      measuredAreaHa: 9.28,
      enteredAreaM2: 93_000,
      areaDiffers: false,
      centroid: { latitude: 33.3015, longitude: 118.3015 },
      repairs: [],
      version: 2,
    });
    render(
      <QueryClientProvider client={qc}>
        <I18nProvider locale="zh-CN">
          <FieldWayMap orgId={ORG} fieldId={FIELD} name="东大块" latitude={33.3015} longitude={118.3015} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const map = await screen.findByRole('img', { name: /东大块/ });
    const shapes = JSON.parse(map.getAttribute('data-shapes')!) as {
      geometry: { type: string; coordinates: unknown };
    }[];
    expect(shapes).toHaveLength(1);
    expect(shapes[0]!.geometry).toEqual({ type: 'MultiPolygon', coordinates: square });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('falls back to the point, and to nothing without a location', () => {
    expect(wayShapes(null, 33.3, 118.3)).toEqual([
      { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [118.3, 33.3] } },
    ]);
    expect(wayShapes(null, null, null)).toEqual([]);
  });
});
