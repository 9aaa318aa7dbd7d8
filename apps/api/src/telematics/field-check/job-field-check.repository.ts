import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../platform/prisma/prisma.service.js';

/** A last position older than this before the job's start says nothing about where the machine is now. */
export const FIELD_CHECK_MAX_AGE_BEFORE_START_MS = 2 * 3_600_000;

export interface FieldCheckRow {
  assetId: string;
  at: Date;
  latitude: number;
  longitude: number;
  hasBoundary: boolean;
  /** to the boundary (0 inside), else to the centroid; null: the field has neither */
  distanceM: number | null;
  areaM2: number;
  thresholdM: number;
}

@Injectable()
export class JobFieldCheckRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** An IN_PROGRESS job's primary machine's recent last position, measured against the job's field (PostGIS). */
  async measure(organizationId: string, jobId: string): Promise<FieldCheckRow | null> {
    const rows = await this.prisma.client.$queryRaw<FieldCheckRow[]>`
      WITH p AS (
        SELECT lp."assetId", lp.at, lp.latitude, lp.longitude, f.boundary, f.latitude AS flat, f.longitude AS flon,
               f."areaM2", o."farFromFieldMeters",
               ST_SetSRID(ST_MakePoint(lp.longitude, lp.latitude), 4326)::geography AS g
        FROM "Job" j
        JOIN "Organization" o ON o.id = j."organizationId"
        JOIN "Field" f ON f."organizationId" = j."organizationId" AND f.id = j."fieldId"
        JOIN "Assignment" a ON a."organizationId" = j."organizationId" AND a."jobId" = j.id AND a."releasedAt" IS NULL
        JOIN "AssignmentMachine" am ON am."assignmentId" = a.id AND am.role = 'PRIMARY'
        JOIN "AssetLastPosition" lp ON lp."organizationId" = j."organizationId" AND lp."assetId" = am."assetId"
        WHERE j."organizationId" = ${organizationId}::uuid AND j.id = ${jobId}::uuid AND j.status = 'IN_PROGRESS'
          AND lp.at >= j."startedAt" - ${FIELD_CHECK_MAX_AGE_BEFORE_START_MS / 1000} * interval '1 second'
      )
      SELECT "assetId", at, latitude, longitude, boundary IS NOT NULL AS "hasBoundary", "areaM2",
             "farFromFieldMeters" AS "thresholdM",
             (CASE WHEN boundary IS NOT NULL THEN ST_Distance(boundary::geography, g)
                   WHEN flat IS NOT NULL AND flon IS NOT NULL
                   THEN ST_Distance(ST_SetSRID(ST_MakePoint(flon::float8, flat::float8), 4326)::geography, g)
              END)::float8 AS "distanceM"
      FROM p`;
    return rows[0] ?? null;
  }
}
