import { Injectable } from '@nestjs/common';
import { Prisma } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import { MIN_BOUNDARY_AREA_M2, type MultiPolygonCoords } from './boundary-geometry.js';

/** What PostGIS made of a candidate boundary, before anything is written. */
export interface PreparedBoundary {
  /** ST_IsValid of the geometry as sent */
  valid: boolean;
  /** ST_IsValidReason when not valid */
  reason: string | null;
  /**
   * a valid geometry whose rings were not wound by GeoJSON's right-hand rule (outer rings
   * counter-clockwise, holes clockwise); what is stored is always turned that way
   */
  reoriented: boolean;
  /** the geometry to store (ST_MakeValid'ed when needed, polygons only, right-hand rule), null when no area survives */
  geojson: string | null;
  areaM2: number;
  parts: number;
  centroid: { latitude: number; longitude: number } | null;
}

export interface StoredBoundary {
  geojson: string | null;
  measuredAreaM2: number | null;
  areaM2: number;
  latitude: number | null;
  longitude: number | null;
  version: number;
}

const geomOf = (coordinates: MultiPolygonCoords) =>
  Prisma.sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify({ type: 'MultiPolygon', coordinates })}), 4326)`;

/**
 * Raw SQL for `Field.boundary` (Prisma does not model PostGIS types): every statement is bound to
 * one org. Areas on the spheroid (`::geography`), centroids and distances from PostGIS.
 */
@Injectable()
export class BoundaryRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Validates and, where possible, repairs with ST_MakeValid (keeping polygons only). A result
   * under MIN_BOUNDARY_AREA_M2 has no area (geojson null): corners on one line make a valid
   * sliver of a fraction of a square metre in floating point. Writes nothing.
   */
  async prepare(db: Tx | undefined, coordinates: MultiPolygonCoords): Promise<PreparedBoundary> {
    const [row] = await (db ?? this.prisma.client).$queryRaw<
      Array<{
        valid: boolean;
        reoriented: boolean;
        reason: string | null;
        geojson: string | null;
        area: number;
        parts: number;
        lat: number | null;
        lon: number | null;
      }>
    >`
      WITH input AS (SELECT ${geomOf(coordinates)} AS g),
      checked AS (SELECT g, ST_IsValid(g) AS valid FROM input),
      fixed AS (
        SELECT valid, valid AND NOT ST_IsPolygonCCW(g) AS reoriented,
               CASE WHEN valid THEN NULL ELSE ST_IsValidReason(g) END AS reason,
               ST_ForcePolygonCCW(CASE WHEN valid THEN ST_Multi(g) ELSE ST_Multi(ST_CollectionExtract(ST_MakeValid(g), 3)) END) AS g
        FROM checked)
      SELECT valid, reoriented, reason,
             CASE WHEN ST_IsEmpty(g) OR ST_Area(g) = 0 OR ST_Area(g::geography) < ${MIN_BOUNDARY_AREA_M2} THEN NULL ELSE ST_AsGeoJSON(g, 7) END AS geojson,
             COALESCE(ST_Area(g::geography), 0)::float8 AS area,
             ST_NumGeometries(g) AS parts,
             ST_Y(ST_Centroid(g))::float8 AS lat, ST_X(ST_Centroid(g))::float8 AS lon
      FROM fixed`;
    const ok = row!.geojson !== null;
    return {
      valid: row!.valid,
      reoriented: row!.reoriented,
      reason: row!.reason,
      geojson: row!.geojson,
      areaM2: Math.round(row!.area),
      parts: Number(row!.parts ?? 0),
      centroid: ok && row!.lat !== null && row!.lon !== null ? { latitude: row!.lat, longitude: row!.lon } : null,
    };
  }

  /**
   * Kilometres from the candidate's centroid to the nearest other live, located field of the org
   * (its boundary, else its entered centroid); null when the org has no other located field.
   */
  async nearestOtherFieldKm(db: Tx | undefined, organizationId: string, fieldId: string | null, geojson: string) {
    const [row] = await (db ?? this.prisma.client).$queryRaw<Array<{ km: number | null }>>`
      WITH c AS (SELECT ST_Centroid(ST_SetSRID(ST_GeomFromGeoJSON(${geojson}::text), 4326))::geography AS p)
      SELECT (min(ST_Distance(c.p, COALESCE(f.boundary, ST_SetSRID(ST_MakePoint(f.longitude::float8, f.latitude::float8), 4326))::geography)) / 1000)::float8 AS km
      FROM "Field" f, c
      WHERE f."organizationId" = ${organizationId}::uuid AND f."deletedAt" IS NULL
        AND (${fieldId}::uuid IS NULL OR f.id <> ${fieldId}::uuid)
        AND (f.boundary IS NOT NULL OR (f.latitude IS NOT NULL AND f.longitude IS NOT NULL))`;
    return row?.km ?? null;
  }

  /**
   * Stores a prepared boundary (null clears it) with its measured area and centroid (written to
   * latitude / longitude, which the rest of the platform reads), bumping the field's version.
   * False → no live field of the org with that id (and version, when given).
   */
  async write(
    tx: Tx,
    organizationId: string,
    fieldId: string,
    geojson: string | null,
    version?: number,
  ): Promise<boolean> {
    const n = await tx.$executeRaw`
      WITH g AS (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${geojson}::text), 4326)) AS g)
      UPDATE "Field" f SET
        boundary = g.g,
        "measuredAreaM2" = CASE WHEN g.g IS NULL THEN NULL ELSE round(ST_Area(g.g::geography))::int END,
        latitude = CASE WHEN g.g IS NULL THEN f.latitude ELSE round(ST_Y(ST_Centroid(g.g))::numeric, 6) END,
        longitude = CASE WHEN g.g IS NULL THEN f.longitude ELSE round(ST_X(ST_Centroid(g.g))::numeric, 6) END,
        version = f.version + 1,
        "updatedAt" = now()
      FROM g
      WHERE f.id = ${fieldId}::uuid AND f."organizationId" = ${organizationId}::uuid AND f."deletedAt" IS NULL
        AND (${version ?? null}::int IS NULL OR f.version = ${version ?? null}::int)`;
    return n === 1;
  }

  async read(db: Tx | undefined, organizationId: string, fieldId: string): Promise<StoredBoundary | null> {
    const [row] = await (db ?? this.prisma.client).$queryRaw<
      Array<{
        geojson: string | null;
        measuredAreaM2: number | null;
        areaM2: number;
        latitude: string | null;
        longitude: string | null;
        version: number;
      }>
    >`
      SELECT ST_AsGeoJSON(boundary, 7) AS geojson, "measuredAreaM2", "areaM2",
             latitude::text AS latitude, longitude::text AS longitude, version
      FROM "Field" WHERE id = ${fieldId}::uuid AND "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL`;
    if (!row) return null;
    return {
      ...row,
      latitude: row.latitude === null ? null : Number(row.latitude),
      longitude: row.longitude === null ? null : Number(row.longitude),
    };
  }

  /**
   * Boundaries of the given fields of the org as GeoJSON, simplified with
   * ST_SimplifyPreserveTopology to `tolerance` degrees (0: as stored).
   */
  async geometries(organizationId: string, ids: readonly string[], tolerance: number): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.prisma.client.$queryRaw<Array<{ id: string; geojson: string }>>`
      SELECT id, ST_AsGeoJSON(${tolerance > 0 ? Prisma.sql`ST_Multi(ST_SimplifyPreserveTopology(boundary, ${tolerance}::float8))` : Prisma.sql`boundary`}, 6) AS geojson
      FROM "Field"
      WHERE "organizationId" = ${organizationId}::uuid AND id = ANY(${[...ids]}::uuid[]) AND boundary IS NOT NULL`;
    return new Map(rows.map((r) => [r.id, r.geojson]));
  }
}
