import type { Tx } from '../platform/prisma/prisma.service.js';

/**
 * Demo boundaries: the org's fields are laid out around three villages 13–15 km apart near the
 * region's centre (the generator's own centroid), each field a rectangle (3:2) whose spheroid area
 * is its seeded `areaM2`, on a grid with lanes between fields. Done in SQL after the rows are
 * written, so the generator's random sequence (and its golden hash) is unchanged. The centroid
 * (latitude / longitude) follows the boundary, as a boundary write does. Scale keeps the shape: more
 * fields widen each village's grid.
 */
export async function seedBoundaries(tx: Tx, organizationId: string): Promise<void> {
  await tx.$executeRaw`
    WITH centre AS (
      SELECT avg(latitude)::float8 AS lat, avg(longitude)::float8 AS lon FROM "Field"
      WHERE "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL AND latitude IS NOT NULL),
    f AS (
      SELECT id, "areaM2", (row_number() OVER (ORDER BY id) - 1)::int AS n,
             count(*) OVER ()::int AS total
      FROM "Field" WHERE "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL),
    placed AS (
      SELECT f.id, f."areaM2", f.n % 3 AS village, f.n / 3 AS k,
             GREATEST(1, ceil(sqrt(ceil(f.total / 3.0))))::int AS cols
      FROM f),
    cell AS (
      SELECT p.id, p."areaM2",
             -- village offsets in metres (north, east) from the region's centre: 12–20 km apart
             (ARRAY[0, 9000, -6000])[p.village + 1] + (p.k / p.cols - p.cols / 2.0) * 1300 AS north,
             (ARRAY[0, 10000, 12000])[p.village + 1] + (p.k % p.cols - p.cols / 2.0) * 1300 AS east,
             sqrt(p."areaM2" * 1.5) AS w, p."areaM2" / sqrt(p."areaM2" * 1.5) AS h
      FROM placed p),
    geom AS (
      SELECT c.id,
             ST_ForcePolygonCCW(ST_Multi(ST_MakeEnvelope(
               centre.lon + (c.east - c.w / 2) / (111320 * cos(radians(centre.lat))),
               centre.lat + (c.north - c.h / 2) / 111320,
               centre.lon + (c.east + c.w / 2) / (111320 * cos(radians(centre.lat))),
               centre.lat + (c.north + c.h / 2) / 111320, 4326))) AS g
      FROM cell c, centre)
    UPDATE "Field" t SET
      boundary = geom.g,
      "measuredAreaM2" = round(ST_Area(geom.g::geography))::int,
      latitude = round(ST_Y(ST_Centroid(geom.g))::numeric, 6),
      longitude = round(ST_X(ST_Centroid(geom.g))::numeric, 6)
    FROM geom WHERE t.id = geom.id`;
}
