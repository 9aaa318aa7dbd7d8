import { Injectable } from '@nestjs/common';
import { Prisma } from '@amms/db';
import type { Tx } from '../../platform/prisma/prisma.service.js';

/** A COMPLETED job of a machine and its fuel counter at the job's start and end. */
export interface JobFuelRow {
  jobId: string;
  assetId: string;
  fieldName: string;
  operationType: string;
  completedAt: Date;
  fuelSource: 'OPERATOR' | 'TELEMATICS' | null;
  fuelLiters: Prisma.Decimal | null;
  /** the counter at the job's start: the last reading at or before it, else the first one during the job */
  startL: Prisma.Decimal | null;
  startAt: Date | null;
  /** the last reading during the job */
  endL: Prisma.Decimal | null;
  endAt: Date | null;
}

export type JobFuelFilter = { jobIds: readonly string[] } | { assetIds: readonly string[]; from: Date; to: Date };

/** Jobs' fuel from the machines' cumulative fuel counters (TelematicsReading FUEL_USED). */
@Injectable()
export class JobFuelRepository {
  /**
   * COMPLETED jobs (by id, or those of the machines that a reading at [from, to] can bracket:
   * completed since `from`, started before `to` or up to a day after it — a late reading just
   * before a job's start is its start counter) with their primary machine of the live assignment and the counter readings that
   * bracket the job. The (organizationId, assetId, kind, at DESC) index answers each lateral read.
   */
  async completedJobs(tx: Tx, organizationId: string, filter: JobFuelFilter): Promise<JobFuelRow[]> {
    const where =
      'jobIds' in filter
        ? Prisma.sql`j.id = ANY(${[...filter.jobIds]}::uuid[])`
        : Prisma.sql`am."assetId" = ANY(${[...filter.assetIds]}::uuid[])
            AND j."completedAt" >= ${filter.from}::timestamptz
            AND j."startedAt" <= ${filter.to}::timestamptz + interval '1 day'`;
    return tx.$queryRaw<JobFuelRow[]>`
      SELECT j.id AS "jobId", am."assetId", f.name AS "fieldName", j."operationType"::text AS "operationType",
             j."completedAt", j."fuelSource"::text AS "fuelSource", j."fuelLiters",
             COALESCE(b."fuelUsedL", s."fuelUsedL") AS "startL", COALESCE(b.at, s.at) AS "startAt",
             e."fuelUsedL" AS "endL", e.at AS "endAt"
      FROM "Job" j
      JOIN "Field" f ON f."organizationId" = j."organizationId" AND f.id = j."fieldId"
      JOIN "Assignment" a ON a."organizationId" = j."organizationId" AND a."jobId" = j.id AND a."releasedAt" IS NULL
      JOIN "AssignmentMachine" am ON am."assignmentId" = a.id AND am.role = 'PRIMARY'
      LEFT JOIN LATERAL (
        SELECT r."fuelUsedL", r.at FROM "TelematicsReading" r
        WHERE r."organizationId" = j."organizationId" AND r."assetId" = am."assetId" AND r.kind = 'FUEL_USED'
          AND r.at <= j."startedAt"
        ORDER BY r.at DESC LIMIT 1) b ON true
      LEFT JOIN LATERAL (
        SELECT r."fuelUsedL", r.at FROM "TelematicsReading" r
        WHERE r."organizationId" = j."organizationId" AND r."assetId" = am."assetId" AND r.kind = 'FUEL_USED'
          AND r.at > j."startedAt" AND r.at <= j."completedAt"
        ORDER BY r.at ASC LIMIT 1) s ON true
      LEFT JOIN LATERAL (
        SELECT r."fuelUsedL", r.at FROM "TelematicsReading" r
        WHERE r."organizationId" = j."organizationId" AND r."assetId" = am."assetId" AND r.kind = 'FUEL_USED'
          AND r.at > j."startedAt" AND r.at <= j."completedAt"
        ORDER BY r.at DESC LIMIT 1) e ON true
      WHERE j."organizationId" = ${organizationId}::uuid AND j.status = 'COMPLETED' AND j."startedAt" IS NOT NULL
        AND ${where}
      ORDER BY j.id`;
  }

  /** The machine's figure, unless the operator typed one (theirs wins). */
  async setTelematicsFuel(tx: Tx, organizationId: string, jobId: string, litres: string): Promise<void> {
    await tx.$executeRaw`
      UPDATE "Job" SET "fuelLiters" = ${litres}::numeric, "fuelSource" = 'TELEMATICS', "updatedAt" = now()
      WHERE "organizationId" = ${organizationId}::uuid AND id = ${jobId}::uuid
        AND "fuelSource" IS DISTINCT FROM 'OPERATOR'
        AND "fuelLiters" IS DISTINCT FROM ${litres}::numeric`;
  }

  async fuelPrice(tx: Tx, organizationId: string): Promise<{ price: bigint | null; timezone: string }> {
    const org = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { fuelPriceMinorPerLitre: true, timezone: true },
    });
    return { price: org.fuelPriceMinorPerLitre, timezone: org.timezone };
  }

  /** Serializes the fuel cost document of one job (a completion and an ingest may meet). */
  async lockJob(tx: Tx, jobId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${'job-fuel:' + jobId}, 0))`;
  }

  findCostDocument(tx: Tx, organizationId: string, sourceKey: string) {
    return tx.costDocument.findUnique({
      where: { organizationId_sourceKey: { organizationId, sourceKey } },
      select: { id: true, status: true, totalMinor: true, deletedAt: true },
    });
  }

  async setCostTotal(tx: Tx, organizationId: string, id: string, totalMinor: bigint): Promise<void> {
    await tx.costDocument.update({
      where: { organizationId_id: { organizationId, id } },
      data: { totalMinor, version: { increment: 1 } },
    });
  }
}
