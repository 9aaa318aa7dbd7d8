import { Injectable } from '@nestjs/common';
import { PrismaService, type Tx } from '../../platform/prisma/prisma.service.js';
import type { SpeedModel } from '../../assets/road-speed.js';
import { DEFAULT_ROAD_FACTOR, pairKey } from './travel.js';

/**
 * PostGIS distances between an org's fields: boundary to boundary (on the spheroid) when both
 * have one, else centroid to centroid (the boundary's PostGIS centroid, or the entered point).
 * Fields without any location are left out of the map (no pair).
 */
@Injectable()
export class TravelRepository {
  constructor(private readonly prisma: PrismaService) {}

  async distancesM(organizationId: string, fieldIds: readonly string[]): Promise<Map<string, number>> {
    if (fieldIds.length < 2) return new Map();
    const rows = await this.prisma.client.$queryRaw<Array<{ a: string; b: string; m: number }>>`
      WITH f AS (
        SELECT id, boundary,
               COALESCE(ST_Centroid(boundary),
                        CASE WHEN latitude IS NOT NULL AND longitude IS NOT NULL
                             THEN ST_SetSRID(ST_MakePoint(longitude::float8, latitude::float8), 4326) END) AS c
        FROM "Field"
        WHERE "organizationId" = ${organizationId}::uuid AND "deletedAt" IS NULL AND id = ANY(${[...fieldIds]}::uuid[]))
      SELECT a.id AS a, b.id AS b,
             (CASE WHEN a.boundary IS NOT NULL AND b.boundary IS NOT NULL
                   THEN ST_Distance(a.boundary::geography, b.boundary::geography)
                   ELSE ST_Distance(a.c::geography, b.c::geography) END)::float8 AS m
      FROM f a JOIN f b ON a.id < b.id
      WHERE a.c IS NOT NULL AND b.c IS NOT NULL`;
    return new Map(rows.map((r) => [pairKey(r.a, r.b), r.m]));
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.client.$transaction(fn);
  }

  async setRoadFactor(tx: Tx, organizationId: string, roadFactor: number): Promise<void> {
    await tx.organization.update({ where: { id: organizationId }, data: { roadFactor } });
  }

  async roadFactor(organizationId: string, tx?: Tx): Promise<number> {
    const org = await (tx ?? this.prisma.client).organization.findUnique({
      where: { id: organizationId },
      select: { roadFactor: true },
    });
    return org ? Number(org.roadFactor.toString()) : DEFAULT_ROAD_FACTOR;
  }

  /** The models of the org's machines (live ones), for their road speeds. */
  async speedModels(organizationId: string, assetIds: readonly string[]): Promise<SpeedModel[]> {
    const rows = await this.prisma.client.asset.findMany({
      where: { organizationId, id: { in: [...assetIds] }, deletedAt: null },
      select: { model: { select: { kind: true, operationTypes: true, roadSpeedKmh: true } } },
    });
    return rows.map((r) => r.model);
  }

  /** Each live machine of the org with its model, for per-machine road speeds. */
  async speedModelsById(organizationId: string, assetIds: readonly string[]): Promise<Map<string, SpeedModel>> {
    const rows = await this.prisma.client.asset.findMany({
      where: { organizationId, id: { in: [...assetIds] }, deletedAt: null },
      select: { id: true, model: { select: { kind: true, operationTypes: true, roadSpeedKmh: true } } },
    });
    return new Map(rows.map((r) => [r.id, r.model]));
  }

  /** Each job's field with its position (boundary centroid, else the entered point), for drawing routes. */
  async jobFields(
    organizationId: string,
    jobIds: readonly string[],
  ): Promise<Map<string, { fieldId: string; fieldName: string; position: [number, number] | null }>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.prisma.client.$queryRaw<
      Array<{ jobId: string; fieldId: string; name: string; lon: number | null; lat: number | null }>
    >`
      SELECT j.id AS "jobId", f.id AS "fieldId", f.name,
             COALESCE(ST_X(ST_Centroid(f.boundary)), f.longitude::float8) AS lon,
             COALESCE(ST_Y(ST_Centroid(f.boundary)), f.latitude::float8) AS lat
      FROM "Job" j JOIN "Field" f ON f.id = j."fieldId" AND f."organizationId" = j."organizationId"
      WHERE j."organizationId" = ${organizationId}::uuid AND j.id = ANY(${[...jobIds]}::uuid[])`;
    return new Map(
      rows.map((r) => [
        r.jobId,
        {
          fieldId: r.fieldId,
          fieldName: r.name,
          position: r.lon === null || r.lat === null ? null : ([r.lon, r.lat] as [number, number]),
        },
      ]),
    );
  }

  async timezone(organizationId: string): Promise<string> {
    const org = await this.prisma.client.organization.findUnique({
      where: { id: organizationId },
      select: { timezone: true },
    });
    return org?.timezone ?? 'Asia/Shanghai';
  }
}
