'use client';

import type { TMapFeatures } from '@amms/contracts/geo';
import { useEffect, useRef, useState } from 'react';
import 'maplibre-gl/dist/maplibre-gl.css';
import { baseStyle, boundsOf, draftGeoJson, OVERLAY_LAYERS, type BasemapConfig } from './map-style';

type MapLib = typeof import('maplibre-gl');
type LibMap = InstanceType<MapLib['Map']>;

export interface MapCanvasProps {
  features: TMapFeatures['features'];
  basemap: BasemapConfig;
  /** the ring being drawn (its corners) */
  draft: readonly [number, number][];
  /** a click on the map while drawing: a new corner */
  onPoint?: (lonLat: [number, number]) => void;
  /** a corner of the ring dragged to a new place (vertex editing) */
  onMovePoint?: (index: number, lonLat: [number, number]) => void;
  /** a click on a field or machine */
  onPick?: (kind: 'field' | 'machine', id: string) => void;
  /** bounds to show ([minLon, minLat, maxLon, maxLat]); changes move the map */
  focus?: [number, number, number, number] | null;
  /** MapLibre could not start (no WebGL): the page shows its list instead */
  onUnavailable: () => void;
}

/**
 * The MapLibre map: the base style (no outside tiles unless configured), the fields coloured by
 * today's work, the machines, and the boundary being drawn. MapLibre is loaded on the client
 * only; its web worker is served by this app (/maplibre/…), so nothing comes from a CDN.
 */
export function MapCanvas(props: MapCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LibMap | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const dragging = useRef<number | null>(null);
  const dragged = useRef(false);

  useEffect(() => {
    let gone = false;
    void (async () => {
      const lib: MapLib = await import('maplibre-gl');
      if (gone || !box.current) return;
      lib.setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
      let m: LibMap;
      try {
        m = new lib.Map({
          container: box.current,
          style: baseStyle(latest.current.basemap) as never,
          center: [118.5, 33.3],
          zoom: 10,
          attributionControl: latest.current.basemap.attribution ? {} : false,
        });
      } catch {
        latest.current.onUnavailable();
        return;
      }
      map.current = m;
      // a map that never finishes loading (a worker that cannot start) is as good as none: the list stands in
      const stuck = setTimeout(() => {
        if (!gone) latest.current.onUnavailable();
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
        // vertex editing: press on a corner, drag it, let go (the map does not pan meanwhile)
        m.on('mousedown', 'draft-points', (e) => {
          const i = (e.features?.[0]?.properties as { index?: number } | undefined)?.index;
          if (i === undefined || !latest.current.onMovePoint) return;
          e.preventDefault();
          dragging.current = i;
          m.getCanvas().style.cursor = 'grabbing';
        });
        m.on('mousemove', (e) => {
          if (dragging.current === null) return;
          latest.current.onMovePoint?.(dragging.current, [e.lngLat.lng, e.lngLat.lat]);
        });
        m.on('mouseup', () => {
          if (dragging.current === null) return;
          dragging.current = null;
          dragged.current = true;
          m.getCanvas().style.cursor = '';
        });
        setReady(true);
      });
    })().catch(() => latest.current.onUnavailable());
    return () => {
      gone = true;
      map.current?.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const src = ready ? map.current?.getSource('features') : undefined;
    if (!src) return;
    (src as unknown as { setData(d: unknown): void }).setData({
      type: 'FeatureCollection',
      // a field without a location yet is in the list only
      features: props.features.filter((f) => f.geometry !== null),
    });
    const b = props.focus ?? boundsOf(props.features);
    if (b) map.current!.fitBounds(b, { padding: 40, maxZoom: 16, duration: 0 });
  }, [ready, props.features, props.focus]);

  useEffect(() => {
    const src = ready ? map.current?.getSource('draft') : undefined;
    if (src) (src as unknown as { setData(d: unknown): void }).setData(draftGeoJson(props.draft));
  }, [ready, props.draft]);

  return (
    <div
      ref={box}
      data-map-ready={ready ? 'true' : 'false'}
      className="h-[28rem] w-full overflow-hidden rounded border border-slate-200"
    />
  );
}
