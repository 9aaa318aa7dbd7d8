import { Injectable } from '@nestjs/common';
import type { Prisma } from '@amms/db';
import { PrismaService } from '../../platform/prisma/prisma.service.js';
import { catalogRate } from '../../assets/machine-output.js';

/** What a machine brings to planning beyond its kind and operations (issue #25). */
export interface MachineWorld {
  /** ha/h per operation: learned from its completed jobs when there are enough, else the model's */
  ratesHaPerHour: Record<string, number>;
  powerKw: number | null;
  requiredPowerKw: number | null;
  hitchTypes: string[];
  requiredQualifications: string[];
}

/** completed jobs of a machine and operation before its own output replaces the catalog's */
export const LEARN_MIN_JOBS = 3;
/**
 * Reads the world planning needs that the module services do not give: machine output (the
 * model's figures, and hectares ÷ hours of each machine's completed jobs), fit figures,
 * licences, and leave. The caller has already scoped the machines and people it passes in.
 */
@Injectable()
export class WorldFactsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async machines(organizationId: string, assetIds: readonly string[]): Promise<Map<string, MachineWorld>> {
    if (assetIds.length === 0) return new Map();
    const ids = [...assetIds];
    const [assets, learned] = await Promise.all([
      this.prisma.client.asset.findMany({
        where: { organizationId, id: { in: ids } },
        select: {
          id: true,
          model: {
            select: {
              operationTypes: true,
              workingWidthM: true,
              workingSpeedKmh: true,
              fieldEfficiency: true,
              workRateHaPerHour: true,
              powerKw: true,
              requiredPowerKw: true,
              hitchTypes: true,
              requiredQualifications: true,
            },
          },
        },
      }),
      // each completed job's last assignment: its machines did the hectares in the hours logged (a split
      // job's hours are the job's, not one part's: not learned from)
      this.prisma.client.$queryRaw<{ assetId: string; op: string; n: bigint; ha: number; hours: number }[]>`
        WITH done AS (
          SELECT DISTINCT ON (j.id) j.id, j."operationType", j."areaDoneM2", j."actualHours", a.id AS "assignmentId",
                 a."partIndex"
          FROM "Job" j JOIN "Assignment" a ON a."organizationId" = j."organizationId" AND a."jobId" = j.id
          WHERE j."organizationId" = ${organizationId}::uuid AND j.status = 'COMPLETED'
            AND j."areaDoneM2" > 0 AND j."actualHours" > 0
          ORDER BY j.id, a."createdAt" DESC
        )
        SELECT am."assetId", d."operationType"::text AS op, count(*) AS n,
               sum(d."areaDoneM2")::float8 / 10000 AS ha, sum(d."actualHours")::float8 AS hours
        FROM done d JOIN "AssignmentMachine" am ON am."assignmentId" = d."assignmentId"
        WHERE am."assetId" = ANY(${ids}::uuid[]) AND d."partIndex" IS NULL
        GROUP BY am."assetId", d."operationType"`,
    ]);
    const out = new Map<string, MachineWorld>();
    for (const a of assets) {
      const m = a.model;
      const prior = catalogRate(m);
      const rates: Record<string, number> = {};
      if (prior !== null) for (const op of m.operationTypes) rates[op] = prior;
      out.set(a.id, {
        ratesHaPerHour: rates,
        powerKw: m.powerKw,
        requiredPowerKw: m.requiredPowerKw,
        hitchTypes: [...(m.hitchTypes ?? [])],
        requiredQualifications: [...(m.requiredQualifications ?? [])].sort(),
      });
    }
    for (const l of learned) {
      const w = out.get(l.assetId);
      if (w && Number(l.n) >= LEARN_MIN_JOBS && l.hours > 0)
        w.ratesHaPerHour[l.op] = Math.round((l.ha / l.hours) * 100) / 100;
    }
    return out;
  }

  /**
   * What holds a booking, in a reader's words: a job's title (else its field's name), a work
   * order's number and title — only those the reader may see (`jobs` / `workOrders` scopes; null
   * for work orders when they may not read them). Unlabelled ids keep the caller's fallback.
   */
  async bookingLabels(
    organizationId: string,
    ids: { jobIds: readonly string[]; workOrderIds: readonly string[] },
    scope: { jobs: Prisma.JobWhereInput; workOrders: Prisma.WorkOrderWhereInput | null },
  ): Promise<Map<string, string>> {
    const [jobs, orders] = await Promise.all([
      ids.jobIds.length
        ? this.prisma.client.job.findMany({
            where: { AND: [{ organizationId, id: { in: [...ids.jobIds] } }, scope.jobs] },
            select: { id: true, title: true, field: { select: { name: true } } },
          })
        : [],
      ids.workOrderIds.length && scope.workOrders
        ? this.prisma.client.workOrder.findMany({
            where: { AND: [{ organizationId, id: { in: [...ids.workOrderIds] } }, scope.workOrders] },
            select: { id: true, number: true, title: true },
          })
        : [],
    ]);
    return new Map([
      ...jobs.map((j) => [j.id, j.title?.trim() || j.field.name] as const),
      ...orders.map((w) => [w.id, `WO-${String(w.number).padStart(6, '0')} ${w.title}`] as const),
    ]);
  }

  /** leave overlapping [from, to) of the members in `scope` */
  leave(organizationId: string, range: { startsAt: Date; endsAt: Date }, scope: Prisma.MembershipWhereInput) {
    return this.prisma.client.memberLeave.findMany({
      where: {
        organizationId,
        startsAt: { lt: range.endsAt },
        endsAt: { gt: range.startsAt },
        membership: scope,
      },
      select: { id: true, membershipId: true, startsAt: true, endsAt: true, reason: true },
      orderBy: [{ membershipId: 'asc' }, { startsAt: 'asc' }],
    });
  }
}
