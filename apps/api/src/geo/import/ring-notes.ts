import type { TBoundaryRepair } from '@amms/contracts/geo';
import { REORIENTED } from '../boundary-geometry.js';

/**
 * What a file's parser repairs on its own and the GeoJSON it hands over no longer shows, so the
 * preview can still say so: togeojson closes a KML ring that does not end at its first point, and
 * shpjs reads a Shapefile polygon whose rings are all counter-clockwise (the format's outer rings
 * are clockwise) as if they were turned round. Both are found here from the raw file.
 */

type Element = {
  getElementsByTagName(name: string): ArrayLike<Element>;
  textContent: string | null;
};

const ringClosedNote = (n: number): TBoundaryRepair => ({
  code: 'RING_CLOSED',
  message: `${n} ring(s) did not end at their first point and were closed`,
});

/** Per Placemark in document order (togeojson's feature order): the repair for its unclosed LinearRings, if any. */
export function kmlUnclosedRings(doc: Element): (TBoundaryRepair[] | undefined)[] {
  return Array.from(doc.getElementsByTagName('Placemark'), (placemark) => {
    let open = 0;
    for (const ring of Array.from(placemark.getElementsByTagName('LinearRing'))) {
      const text = ring.getElementsByTagName('coordinates')[0]?.textContent?.trim();
      if (!text) continue;
      const tuples = text.split(/\s+/).map((t) => t.split(',').slice(0, 2).map(Number));
      const [first, last] = [tuples[0]!, tuples[tuples.length - 1]!];
      if (tuples.length > 1 && (first[0] !== last[0] || first[1] !== last[1])) open += 1;
    }
    return open > 0 ? [ringClosedNote(open)] : undefined;
  });
}

/**
 * Per record of a polygon .shp (types 5, 15, 25; others and null shapes give undefined): the
 * RINGS_REORIENTED note when none of its rings is clockwise, i.e. its outer rings were written the
 * wrong way round (shpjs then reads it reversed). Signed area as shpjs computes it.
 */
export function shapefileWrongWinding(shp: Buffer): (TBoundaryRepair[] | undefined)[] {
  const out: (TBoundaryRepair[] | undefined)[] = [];
  let at = 100;
  while (at + 8 <= shp.length) {
    const length = shp.readInt32BE(at + 4) * 2;
    const rec = at + 8;
    at = rec + length;
    if (length < 44 || at > shp.length) {
      out.push(undefined);
      continue;
    }
    const type = shp.readInt32LE(rec);
    if (type !== 5 && type !== 15 && type !== 25) {
      out.push(undefined);
      continue;
    }
    const parts = shp.readInt32LE(rec + 36);
    const points = shp.readInt32LE(rec + 40);
    const xy = rec + 44 + 4 * parts;
    if (xy + 16 * points > at) {
      out.push(undefined);
      continue;
    }
    let [clockwise, counter] = [0, 0];
    for (let k = 0; k < parts; k++) {
      const from = shp.readInt32LE(rec + 44 + 4 * k);
      const to = k + 1 < parts ? shp.readInt32LE(rec + 48 + 4 * k) : points;
      let sum = 0;
      for (let i = from + 1; i < to; i++) {
        const [x0, y0] = [shp.readDoubleLE(xy + 16 * (i - 1)), shp.readDoubleLE(xy + 16 * (i - 1) + 8)];
        const [x1, y1] = [shp.readDoubleLE(xy + 16 * i), shp.readDoubleLE(xy + 16 * i + 8)];
        sum += (x1 - x0) * (y1 + y0);
      }
      // below 1e-12 deg² (≈ 0.01 m²) a ring has no area: rounding, not a winding
      if (sum > 1e-12) clockwise += 1;
      if (sum < -1e-12) counter += 1;
    }
    // rings with no area (a bow-tie's halves cancel, a flat ring) turn nothing round: ST_MakeValid or
    // BOUNDARY_INVALID speak for them
    out.push(clockwise === 0 && counter > 0 ? [REORIENTED] : undefined);
  }
  return out;
}

/** shpjs hands over the Shapefile's own winding (outer rings clockwise); GeoJSON's right-hand rule is the other way. */
export function toRightHandRule<T>(g: T): T {
  const geometry = g as { type?: string; coordinates?: number[][][] | number[][][][] } | null;
  if (geometry?.type === 'Polygon')
    return { ...geometry, coordinates: (geometry.coordinates as number[][][]).map((r) => [...r].reverse()) } as T;
  if (geometry?.type === 'MultiPolygon')
    return {
      ...geometry,
      coordinates: (geometry.coordinates as number[][][][]).map((p) => p.map((r) => [...r].reverse())),
    } as T;
  return g;
}
