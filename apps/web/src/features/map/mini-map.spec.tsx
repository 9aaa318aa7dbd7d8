// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BasemapProvider } from './basemap-context';
import { MiniMap } from './mini-map';

/**
 * The small maps (draft routes, machine position) draw the org's configured basemap like the big
 * map. MapLibre itself needs WebGL, so its Map is replaced by one that records the options it was
 * built with: the style handed over is what would be drawn. No tile is fetched.
 */
const built: { style: unknown; attributionControl: unknown }[] = [];
vi.mock('maplibre-gl', () => ({
  setWorkerUrl: () => {},
  Map: class {
    constructor(opts: { style: unknown; attributionControl: unknown }) {
      built.push(opts);
    }
    on() {}
    remove() {}
  },
}));
vi.mock('maplibre-gl/dist/maplibre-gl.css', () => ({}));

afterEach(() => {
  cleanup();
  built.length = 0;
});

const TILES = 'http://127.0.0.1:9/{z}/{x}/{y}.png';
const shapes = [
  {
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Point' as const, coordinates: [118.3, 33.3] as [number, number] },
  },
];

describe('MiniMap basemap', () => {
  it("draws the org's raster basemap with its attribution when one is configured", async () => {
    render(
      <BasemapProvider value={{ rasterTiles: TILES, attribution: '© 天地图' }}>
        <MiniMap shapes={shapes} label="map" />
      </BasemapProvider>,
    );
    await waitFor(() => expect(built).toHaveLength(1));
    const style = built[0]!.style as { sources: Record<string, { tiles?: string[]; attribution?: string }> };
    expect(style.sources.basemap).toMatchObject({ tiles: [TILES], attribution: '© 天地图' });
    expect(built[0]!.attributionControl).toEqual({});
  });

  it('uses a configured style URL as it is', async () => {
    render(
      <BasemapProvider value={{ styleUrl: 'https://tiles.example.com/style.json' }}>
        <MiniMap shapes={shapes} label="map" />
      </BasemapProvider>,
    );
    await waitFor(() => expect(built).toHaveLength(1));
    expect(built[0]!.style).toBe('https://tiles.example.com/style.json');
  });

  it('draws a plain background and fetches nothing from outside when nothing is configured', async () => {
    render(<MiniMap shapes={shapes} label="map" />);
    await waitFor(() => expect(built).toHaveLength(1));
    expect((built[0]!.style as { sources: object }).sources).toEqual({});
    expect(built[0]!.attributionControl).toBe(false);
  });
});
