import type { TMapFeatures, TWorkState } from '@amms/contracts/geo';
import { edgeMidpoints } from './ring-edit';

/** Fill colours of the work states (also the legend's). */
export const STATE_COLORS: Record<TWorkState, string> = {
  NONE: '#94a3b8',
  PLANNED: '#3b82f6',
  IN_PROGRESS: '#f59e0b',
  DONE: '#16a34a',
};

export interface BasemapConfig {
  /** a MapLibre style JSON URL (MAP_STYLE_URL) */
  styleUrl?: string | null;
  /** a raster tile template with {z}/{x}/{y} (MAP_RASTER_TILES) */
  rasterTiles?: string | null;
  attribution?: string | null;
}

/**
 * The map's base style: a style URL when configured, else a plain background with an optional
 * raster layer. With nothing configured nothing is fetched from outside (tests, offline).
 */
export function baseStyle(cfg: BasemapConfig): string | object {
  if (cfg.styleUrl) return cfg.styleUrl;
  return {
    version: 8,
    sources: cfg.rasterTiles
      ? {
          basemap: {
            type: 'raster',
            tiles: [cfg.rasterTiles],
            tileSize: 256,
            ...(cfg.attribution ? { attribution: cfg.attribution } : {}),
          },
        }
      : {},
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef2e6' } },
      ...(cfg.rasterTiles ? [{ id: 'basemap', type: 'raster', source: 'basemap' }] : []),
    ],
  };
}

/** The overlay layers drawn from the `features` source (fields by today's state, machines) and the `draft` one. */
export const OVERLAY_LAYERS = [
  {
    id: 'fields-fill',
    type: 'fill',
    source: 'features',
    filter: ['all', ['==', ['get', 'kind'], 'field'], ['==', ['geometry-type'], 'Polygon']],
    paint: {
      'fill-color': ['match', ['get', 'today'], ...Object.entries(STATE_COLORS).flat(), STATE_COLORS.NONE],
      'fill-opacity': 0.45,
    },
  },
  {
    id: 'fields-line',
    type: 'line',
    source: 'features',
    filter: ['all', ['==', ['get', 'kind'], 'field'], ['==', ['geometry-type'], 'Polygon']],
    paint: { 'line-color': '#1e293b', 'line-width': 1 },
  },
  {
    id: 'fields-point',
    type: 'circle',
    source: 'features',
    filter: ['all', ['==', ['get', 'kind'], 'field'], ['==', ['geometry-type'], 'Point']],
    paint: { 'circle-radius': 5, 'circle-color': '#64748b', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 },
  },
  {
    id: 'machines',
    type: 'circle',
    source: 'features',
    filter: ['==', ['get', 'kind'], 'machine'],
    paint: { 'circle-radius': 7, 'circle-color': '#dc2626', 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 },
  },
  { id: 'draft-line', type: 'line', source: 'draft', paint: { 'line-color': '#7c3aed', 'line-width': 2 } },
  {
    // the middle of each edge: press (or touch) and drag to insert a corner there
    id: 'draft-mids',
    type: 'circle',
    source: 'draft',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['has', 'after']],
    paint: { 'circle-radius': 5, 'circle-color': '#fff', 'circle-stroke-color': '#7c3aed', 'circle-stroke-width': 2 },
  },
  {
    id: 'draft-points',
    type: 'circle',
    source: 'draft',
    filter: ['all', ['==', ['geometry-type'], 'Point'], ['has', 'index']],
    paint: { 'circle-radius': 6, 'circle-color': '#7c3aed', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 },
  },
] as const;

/** The drawn ring so far as GeoJSON: its corners, the middles of its edges and the open (or, with 3+, closed) outline. */
export function draftGeoJson(points: readonly [number, number][]) {
  const ring = points.length >= 3 ? [...points, points[0]!] : points;
  return {
    type: 'FeatureCollection' as const,
    features: [
      ...points.map((p, index) => ({
        type: 'Feature' as const,
        properties: { index },
        geometry: { type: 'Point' as const, coordinates: p },
      })),
      ...edgeMidpoints(points).map((m) => ({
        type: 'Feature' as const,
        properties: { after: m.after },
        geometry: { type: 'Point' as const, coordinates: m.at },
      })),
      ...(ring.length >= 2
        ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: ring } }]
        : []),
    ],
  };
}

/** [minLon, minLat, maxLon, maxLat] of everything drawn; null when nothing has a position. */
export function boundsOf(features: TMapFeatures['features']): [number, number, number, number] | null {
  let b: [number, number, number, number] | null = null;
  const add = ([x, y]: readonly number[]) => {
    b = b ? [Math.min(b[0], x!), Math.min(b[1], y!), Math.max(b[2], x!), Math.max(b[3], y!)] : [x!, y!, x!, y!];
  };
  for (const f of features) {
    if (!f.geometry) continue;
    if (f.geometry.type === 'Point') add(f.geometry.coordinates);
    else for (const poly of f.geometry.coordinates) for (const ring of poly) ring.forEach(add);
  }
  return b;
}
