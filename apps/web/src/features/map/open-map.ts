import { useEffect, useRef, type RefObject } from 'react';
import { baseStyle, type BasemapConfig } from './map-style';

export type MapLib = typeof import('maplibre-gl');
export type LibMap = InstanceType<MapLib['Map']>;

/**
 * A MapLibre map in `box` for the component's life, over the basemap `latest.current` names.
 * MapLibre is loaded on the client only and its web worker is served by this app (/maplibre/…),
 * so nothing comes from a CDN. `setup` adds the sources, layers and handlers once the map exists
 * (`gone()`: the component has unmounted since); where MapLibre cannot start (no WebGL) the page
 * is told through `latest.current.onUnavailable`. The map is removed on unmount.
 */
export function useLibMap(
  box: RefObject<HTMLElement | null>,
  latest: RefObject<{ basemap: BasemapConfig; onUnavailable?: () => void }>,
  setup: (m: LibMap, gone: () => boolean) => void,
  options: { interactive?: boolean } = {},
): RefObject<LibMap | null> {
  const map = useRef<LibMap | null>(null);
  const once = useRef({ setup, options });
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
          ...once.current.options,
        });
      } catch {
        latest.current.onUnavailable?.();
        return;
      }
      map.current = m;
      once.current.setup(m, () => gone);
    })().catch(() => latest.current.onUnavailable?.());
    return () => {
      gone = true;
      map.current?.remove();
      map.current = null;
    };
  }, [box, latest]);
  return map;
}
