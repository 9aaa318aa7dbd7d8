import type { TBoundaryInput, TBoundaryRepair } from '@amms/contracts/geo';
import { GeoErrors } from './geo.errors.js';

/** A boundary with more vertices than this is refused: nobody surveys a field that finely, and it bounds the SQL work. */
export const MAX_BOUNDARY_VERTICES = 20_000;

/** Rings wound against GeoJSON's right-hand rule (RFC 7946 §3.1.6) are stored turned round, and said so. */
export const REORIENTED: TBoundaryRepair = {
  code: 'RINGS_REORIENTED',
  message: 'rings were wound the other way round and were turned (outer rings counter-clockwise, holes clockwise)',
};

/**
 * A boundary measuring less than this (m², on the spheroid) has no area: no field is that small, and
 * corners on one line in floating point make a "valid" sliver of a fraction of a square metre.
 */
export const MIN_BOUNDARY_AREA_M2 = 1;

export type MultiPolygonCoords = number[][][][];

export interface NormalizedBoundary {
  coordinates: MultiPolygonCoords;
  repairs: TBoundaryRepair[];
  vertices: number;
}

/**
 * The shape checks that need no database: any Polygon / MultiPolygon / Feature becomes a
 * MultiPolygon of [lon, lat] pairs; a third (height) value is dropped and an unclosed ring closed
 * (both reported as repairs); coordinates outside WGS84 are refused, never clamped (a swapped or
 * projected coordinate would land somewhere plausible-looking and wrong). Topology (self-
 * intersections, holes outside shells) is PostGIS's job: ST_IsValid / ST_MakeValid.
 */
export function normalizeBoundary(input: TBoundaryInput): NormalizedBoundary {
  const geometry = input.type === 'Feature' ? input.geometry : input;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let dropped = false;
  let closed = 0;
  let vertices = 0;
  const coordinates = polygons.map((rings) =>
    rings.map((ring) => {
      const out = ring.map((p) => {
        const [lon, lat] = p as [number, number];
        if (p.length > 2) dropped = true;
        if (!(Math.abs(lon) <= 180) || !(Math.abs(lat) <= 90)) throw GeoErrors.outOfRange(p);
        return [lon, lat];
      });
      const first = out[0]!;
      const last = out[out.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) {
        out.push([first[0]!, first[1]!]);
        closed += 1;
      }
      if (out.length < 4) throw GeoErrors.invalid('a ring needs at least three distinct corners');
      vertices += out.length;
      return out;
    }),
  );
  if (vertices > MAX_BOUNDARY_VERTICES)
    throw GeoErrors.invalid(`more than ${MAX_BOUNDARY_VERTICES} vertices`, { vertices });
  const repairs: TBoundaryRepair[] = [];
  if (closed > 0)
    repairs.push({
      code: 'RING_CLOSED',
      message: `${closed} ring(s) did not end at their first point and were closed`,
    });
  if (dropped) repairs.push({ code: 'Z_DROPPED', message: 'height values were dropped (boundaries are 2D)' });
  return { coordinates, repairs, vertices };
}
