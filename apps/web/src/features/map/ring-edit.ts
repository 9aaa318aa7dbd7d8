/**
 * Editing a boundary's outer ring as a list of corners (not closed: the last corner joins the
 * first when there are three or more). Pure, so the map, the corner list and tests share them.
 */
export type Corner = [number, number];

/** The middle of each edge: after corner i (to corner i + 1, the last one back to the first once the ring closes). */
export function edgeMidpoints(points: readonly Corner[]): { after: number; at: Corner }[] {
  if (points.length < 2) return [];
  const edges = points.length >= 3 ? points.length : points.length - 1;
  return Array.from({ length: edges }, (_, i) => {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    return { after: i, at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as Corner };
  });
}

/** A new corner in the middle of the edge that leaves corner `after` (it becomes corner after + 1). */
export function insertCorner(points: readonly Corner[], after: number): Corner[] {
  const mid = edgeMidpoints(points).find((m) => m.after === after);
  if (!mid) return [...points];
  return [...points.slice(0, after + 1), mid.at, ...points.slice(after + 1)];
}

export function removeCorner(points: readonly Corner[], index: number): Corner[] {
  return points.filter((_, i) => i !== index);
}

export function moveCorner(points: readonly Corner[], index: number, to: Corner): Corner[] {
  return points.map((p, i) => (i === index ? to : p));
}

/** The m² difference that makes the entered area worth showing beside the measured one: more than 5 % of the entered. */
export function areaDiffers(measuredM2: number | null, enteredM2: number): boolean {
  return measuredM2 !== null && Math.abs(measuredM2 - enteredM2) > enteredM2 * 0.05;
}

/** The corners of a boundary's first polygon's outer ring, without the closing repeat; none without a polygon. */
export function outerRing(g: { type: string; coordinates: unknown } | null | undefined): Corner[] {
  if (g?.type !== 'MultiPolygon') return [];
  const ring = ((g.coordinates as number[][][][])[0]?.[0] ?? []).map((p) => [p[0]!, p[1]!] as Corner);
  const [a, z] = [ring[0], ring.at(-1)];
  return a && z && ring.length > 1 && a[0] === z[0] && a[1] === z[1] ? ring.slice(0, -1) : ring;
}
