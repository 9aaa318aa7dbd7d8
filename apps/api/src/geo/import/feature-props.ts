import type { TBoundaryInput } from '@amms/contracts/geo';
import type { FileFeature } from './boundary-file.js';

/** Property names that carry a field's name (case-insensitive): GeoJSON / KML / common Shapefile columns (DKMC: 地块名称). */
const NAME_KEYS = ['name', '名称', '地块', '地块名称', '地块名', 'field', 'fieldname', 'field_name', 'dkmc', 'title'];
const ID_KEYS = ['fieldid', 'field_id', 'id'];
const TEAM_KEYS = ['team', '班组'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pick(props: Record<string, unknown>, keys: readonly string[]): string | null {
  const lower = new Map(Object.entries(props).map(([k, v]) => [k.trim().toLowerCase(), v]));
  for (const k of keys) {
    const v = lower.get(k);
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v).trim();
  }
  return null;
}

export const nameOf = (f: FileFeature) => pick(f.properties, NAME_KEYS);
/** a field id in the properties, when it is a UUID (other ids are the source system's, not ours) */
export const fieldIdOf = (f: FileFeature) => {
  const v = pick(f.properties, ID_KEYS);
  return v && UUID.test(v) ? v.toLowerCase() : null;
};
export const teamOf = (f: FileFeature) => pick(f.properties, TEAM_KEYS);

/**
 * The feature's polygons as a boundary input: Polygon / MultiPolygon as they are, a
 * GeometryCollection (KML MultiGeometry) reduced to its polygons; null when it has none.
 */
export function polygonsOf(g: FileFeature['geometry']): TBoundaryInput | null {
  if (!g) return null;
  if ((g.type === 'Polygon' || g.type === 'MultiPolygon') && Array.isArray(g.coordinates))
    return g as unknown as TBoundaryInput;
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    const parts: unknown[] = [];
    for (const sub of g.geometries as FileFeature['geometry'][]) {
      const p = polygonsOf(sub) as { type: string; coordinates: unknown[] } | null;
      if (p?.type === 'Polygon') parts.push(p.coordinates);
      if (p?.type === 'MultiPolygon') parts.push(...p.coordinates);
    }
    return parts.length > 0 ? ({ type: 'MultiPolygon', coordinates: parts } as TBoundaryInput) : null;
  }
  return null;
}
