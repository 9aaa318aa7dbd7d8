import type { TPositionsResponse } from '@amms/contracts/telematics';
import { addDays, zonedDayStart } from '@/lib/zoned-time';

/** A GeoJSON source and the layers drawn from it, added to the map page's canvas next to its own. */
export interface MapOverlay {
  source: string;
  data: { type: 'FeatureCollection'; features: readonly unknown[] };
  layers: readonly { id: string; source: string; [k: string]: unknown }[];
}

export const TRACK_SOURCE = 'machine-track';

const TRACK_LAYERS = [
  {
    id: 'track-line',
    type: 'line',
    source: TRACK_SOURCE,
    filter: ['==', ['geometry-type'], 'LineString'],
    paint: { 'line-color': '#0f766e', 'line-width': 3, 'line-opacity': 0.85 },
  },
  {
    id: 'track-points',
    type: 'circle',
    source: TRACK_SOURCE,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-radius': 3, 'circle-color': '#0f766e', 'circle-stroke-color': '#fff', 'circle-stroke-width': 1 },
  },
] as const;

/** The track overlay of one machine's day (an empty collection draws nothing). */
export function trackOverlay(track: TPositionsResponse | null): MapOverlay {
  return {
    source: TRACK_SOURCE,
    data: { type: 'FeatureCollection', features: track?.features ?? [] },
    layers: TRACK_LAYERS,
  };
}

export interface TrackPoint {
  at: string;
  lon: number;
  lat: number;
}

/** The track's points oldest first (the text alternative lists them). */
export function trackPoints(track: TPositionsResponse | null): TrackPoint[] {
  const out: TrackPoint[] = [];
  for (const f of track?.features ?? [])
    if (f.geometry.type === 'Point' && 'at' in f.properties)
      out.push({ at: f.properties.at, lon: f.geometry.coordinates[0], lat: f.geometry.coordinates[1] });
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

const EARTH_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle length of the track in km (1 decimal). */
export function trackKm(points: readonly TrackPoint[]): number {
  let km = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const h =
      Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
      Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
    km += 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return Math.round(km * 10) / 10;
}

/**
 * The org's day `date` (YYYY-MM-DD, the map's day: read in the org's time zone, not the browser's)
 * as [from, to): to is now while the day is running.
 */
export function dayWindow(date: string, now: Date, timeZone: string): { from: string; to: string; live: boolean } {
  const start = new Date(zonedDayStart(date, timeZone));
  const end = new Date(zonedDayStart(addDays(date, 1), timeZone));
  const live = now < end && now > start;
  return { from: start.toISOString(), to: (live ? now : end).toISOString(), live };
}
