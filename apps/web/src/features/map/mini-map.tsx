'use client';

import { useEffect, useRef, useState } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useBasemap } from './basemap-context';
import type { BasemapConfig } from './map-style';
import { useLibMap } from './open-map';

export interface Shape {
  type: 'Feature';
  geometry:
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'LineString'; coordinates: [number, number][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] };
  /** `color`: the shape's colour (CSS); other properties are free */
  properties: { color?: string } & Record<string, unknown>;
}

const LAYERS = [
  {
    id: 'shape-fill',
    type: 'fill',
    source: 'shapes',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': ['coalesce', ['get', 'color'], '#3b82f6'], 'fill-opacity': 0.4 },
  },
  {
    id: 'shape-outline',
    type: 'line',
    source: 'shapes',
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'line-color': '#1e293b', 'line-width': 1 },
  },
  {
    id: 'shape-line',
    type: 'line',
    source: 'shapes',
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': ['coalesce', ['get', 'color'], '#7c3aed'], 'line-width': 3 },
  },
  {
    id: 'shape-point',
    type: 'circle',
    source: 'shapes',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 6,
      'circle-color': ['coalesce', ['get', 'color'], '#dc2626'],
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
    },
  },
] as const;

/** [minLon, minLat, maxLon, maxLat] of the shapes; null when there are none. */
export function shapeBounds(shapes: readonly Shape[]): [number, number, number, number] | null {
  let b: [number, number, number, number] | null = null;
  const add = (p: readonly number[]) => {
    const [x, y] = [p[0]!, p[1]!];
    b = b ? [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)] : [x, y, x, y];
  };
  for (const s of shapes) {
    const g = s.geometry;
    if (g.type === 'Point') add(g.coordinates);
    else if (g.type === 'LineString') g.coordinates.forEach(add);
    else for (const poly of g.coordinates) for (const ring of poly) ring.forEach(add);
  }
  return b;
}

/**
 * A small read-only MapLibre map of a few shapes (a field's boundary, a machine's position, a
 * day's routes). Decorative for assistive technology: every page that shows one says the same
 * in text beside it. Without WebGL it shows nothing and tells the page (`onUnavailable`). The
 * basemap is the org's (BasemapProvider in the org layout) unless `basemap` says otherwise.
 */
export function MiniMap(props: {
  shapes: readonly Shape[];
  basemap?: BasemapConfig;
  label: string;
  className?: string;
  onUnavailable?: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const orgBasemap = useBasemap();
  const latest = useRef({ ...props, basemap: props.basemap ?? orgBasemap });
  latest.current = { ...props, basemap: props.basemap ?? orgBasemap };

  const map = useLibMap(
    box,
    latest,
    (m) =>
      m.on('load', () => {
        m.addSource('shapes', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
        for (const layer of LAYERS) m.addLayer(layer as never);
        setReady(true);
      }),
    { interactive: false },
  );

  useEffect(() => {
    const src = ready ? map.current?.getSource('shapes') : undefined;
    if (!src) return;
    (src as unknown as { setData(d: unknown): void }).setData({ type: 'FeatureCollection', features: props.shapes });
    const b = shapeBounds(props.shapes);
    if (b) map.current!.fitBounds(b, { padding: 30, maxZoom: 15, duration: 0 });
  }, [ready, props.shapes]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={props.label}
      data-map-ready={ready ? 'true' : 'false'}
      className={props.className ?? 'h-64 w-full overflow-hidden rounded border border-slate-200'}
    />
  );
}
