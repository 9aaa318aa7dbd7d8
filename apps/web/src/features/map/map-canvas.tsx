'use client';

import type { TMapFeatures } from '@amms/contracts/geo';
import { useEffect, useRef, useState } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import { listenForCornerDrags } from './corner-drag';
import { boundsOf, draftGeoJson, OVERLAY_LAYERS, type BasemapConfig } from './map-style';
import { useLibMap } from './open-map';
import type { MapOverlay } from './track/track-layer';

export interface MapCanvasProps {
  features: TMapFeatures['features'];
  basemap: BasemapConfig;
  /** the ring being drawn (its corners) */
  draft: readonly [number, number][];
  /** a click on the map while drawing: a new corner */
  onPoint?: (lonLat: [number, number]) => void;
  /** a corner of the ring dragged to a new place (vertex editing) */
  onMovePoint?: (index: number, lonLat: [number, number]) => void;
  /** a press on the middle of an edge: a new corner in that edge's middle, after corner `after` (then dragged as corner after + 1) */
  onInsertPoint?: (after: number) => void;
  /** a right click (or long press) on a corner: remove it */
  onRemovePoint?: (index: number) => void;
  /** a click on a field or machine */
  onPick?: (kind: 'field' | 'machine', id: string) => void;
  /** bounds to show ([minLon, minLat, maxLon, maxLat]); changes move the map */
  focus?: [number, number, number, number] | null;
  /** the map's zoom after the user (or a fit) changed it */
  onZoom?: (zoom: number) => void;
  /** MapLibre could not start (no WebGL): the page shows its list instead */
  onUnavailable: () => void;
  /** more sources with their layers, drawn above the page's own (e.g. a machine's track) */
  overlays?: readonly MapOverlay[];
}

/**
 * The MapLibre map: the base style (no outside tiles unless configured), the fields coloured by
 * today's work, the machines, and the boundary being drawn. MapLibre is loaded on the client
 * only; its web worker is served by this app (/maplibre/…), so nothing comes from a CDN.
 */
export function MapCanvas(props: MapCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const dragged = useRef(false);
  // what the view was last fitted to: new detail of the same features (another zoom step) keeps the view
  const fitted = useRef<string | null>(null);

  const map = useLibMap(box, latest, (m, gone) => {
    // a map that never finishes loading (a worker that cannot start) is as good as none: the list stands in
    const stuck = setTimeout(() => {
      if (!gone()) latest.current.onUnavailable();
    }, 20_000);
    m.on('load', () => {
      clearTimeout(stuck);
      m.addSource('features', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      m.addSource('draft', { type: 'geojson', data: draftGeoJson([]) });
      for (const layer of OVERLAY_LAYERS) m.addLayer(layer as never);
      for (const id of ['fields-fill', 'fields-point', 'machines'])
        m.on('click', id, (e) => {
          if (latest.current.onPoint) return;
          const p = e.features?.[0]?.properties as { kind?: string; fieldId?: string; assetId?: string } | undefined;
          if (p?.kind === 'field' && p.fieldId) latest.current.onPick?.('field', p.fieldId);
          if (p?.kind === 'machine' && p.assetId) latest.current.onPick?.('machine', p.assetId);
        });
      m.on('click', (e) => {
        if (dragged.current) {
          dragged.current = false;
          return;
        }
        latest.current.onPoint?.([e.lngLat.lng, e.lngLat.lat]);
      });
      listenForCornerDrags(m, latest, dragged);
      m.on('zoomend', () => latest.current.onZoom?.(m.getZoom()));
      setReady(true);
    });
  });

  useEffect(() => {
    const src = ready ? map.current?.getSource('features') : undefined;
    if (!src) return;
    (src as unknown as { setData(d: unknown): void }).setData({
      type: 'FeatureCollection',
      // a field without a location yet is in the list only
      features: props.features.filter((f) => f.geometry !== null),
    });
    const key = props.focus ? `focus:${props.focus.join()}` : props.features.map((f) => f.id).join();
    if (key === fitted.current) return;
    fitted.current = key;
    const b = props.focus ?? boundsOf(props.features);
    if (b) map.current!.fitBounds(b, { padding: 40, maxZoom: 16, duration: 0 });
  }, [ready, props.features, props.focus]);

  useEffect(() => {
    const src = ready ? map.current?.getSource('draft') : undefined;
    if (src) (src as unknown as { setData(d: unknown): void }).setData(draftGeoJson(props.draft));
  }, [ready, props.draft]);

  useEffect(() => {
    const m = ready ? map.current : null;
    if (!m) return;
    for (const o of props.overlays ?? []) {
      const src = m.getSource(o.source) as unknown as { setData(d: unknown): void } | undefined;
      if (src) src.setData(o.data);
      else {
        m.addSource(o.source, { type: 'geojson', data: o.data as never });
        for (const layer of o.layers) m.addLayer(layer as never);
      }
    }
  }, [ready, props.overlays]);

  return (
    <div
      ref={box}
      data-map-ready={ready ? 'true' : 'false'}
      className="h-[28rem] w-full overflow-hidden rounded border border-slate-200"
    />
  );
}
