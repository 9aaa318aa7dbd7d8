import 'server-only';
import type { BasemapConfig } from './map-style';

/**
 * The basemap from the web server's environment: MAP_STYLE_URL (a MapLibre style) or
 * MAP_RASTER_TILES (a {z}/{x}/{y} template, with MAP_ATTRIBUTION); neither → a plain background
 * and nothing fetched from outside (docs/maps.md).
 */
export function basemapConfig(): BasemapConfig {
  return {
    styleUrl: process.env.MAP_STYLE_URL || null,
    rasterTiles: process.env.MAP_RASTER_TILES || null,
    attribution: process.env.MAP_ATTRIBUTION || null,
  };
}
