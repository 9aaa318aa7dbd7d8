'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { BasemapConfig } from './map-style';

/**
 * The basemap of every map under an org's pages (the big map, the field page's, the draft's routes,
 * the machine's position): read once from the web server's environment by the org layout
 * (`basemapConfig()` in server.ts) and handed down here, so a small map deep in a client component
 * draws the same tiles as the map page without each page passing it on. Nothing configured: a plain
 * background and nothing fetched from outside.
 */
const BasemapContext = createContext<BasemapConfig>({});

export function BasemapProvider(props: { value: BasemapConfig; children: ReactNode }) {
  return <BasemapContext.Provider value={props.value}>{props.children}</BasemapContext.Provider>;
}

export const useBasemap = () => useContext(BasemapContext);
