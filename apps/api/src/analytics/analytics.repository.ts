import { Injectable } from '@nestjs/common';
import { Prisma, type AssetStatus } from '@amms/db';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import type { AnalyticsScope } from '../platform/access/analytics-scope.js';

import type {
  CostGroupRow,
  CostGrouping,
  DowntimeRow,
  MachineRow,
  OperationRow,
  PeriodInstants,
  PreventiveRow,
  ProductiveRow,
  RepairRow,
} from './analytics.rows.js';

export type * from './analytics.rows.js';

/**
 * Read model over assets, jobs, maintenance and costs for analytics. Raw SQL through
 * Prisma's tagged templates only (every value is a bind parameter); the only fragments
 * composed are constant SQL chosen in code. Every method is bound to one org and one scope.
 */
@Injectable()
export class AnalyticsRepository {
  /** set on the copy `snapshot` hands out: its statements run in that transaction */
  private tx?: Tx;

  constructor(private readonly prisma: PrismaService) {}

  private get db() {
    return this.tx ?? this.prisma.client;
  }

  /**
   * Runs `read` against one read-only REPEATABLE READ transaction: every statement of a figure sees
   * the same snapshot (a cost approved mid-read cannot land in the total but not in the per-hectare
   * figure), and Postgres does one transaction for the figure, not one per statement (issue #30:
   * the uncached overview was 21.7 transactions a request). The statements then run one after
   * another on one connection, which under load costs less than holding several.
   */
  snapshot<T>(read: (repo: AnalyticsRepository) => Promise<T>): Promise<T> {
    if (this.tx) return read(this);
    return this.prisma.client.$transaction(
      async (tx) => {
        const bound = new AnalyticsRepository(this.prisma);
        bound.tx = tx;
        return read(bound);
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, maxWait: 5_000, timeout: 20_000 },
    );
  }

  async findTimezone(organizationId: string): Promise<string | null> {
    const org = await this.db.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } });
    return org?.timezone ?? null;
  }

  /** `column` (an asset id) is a machine in scope. */
  private assetInScope(organizationId: string, scope: AnalyticsScope, column: Prisma.Sql): Prisma.Sql {
    switch (scope.kind) {
      case 'ORG':
        return Prisma.sql`TRUE`;
      case 'NONE':
        return Prisma.sql`FALSE`;
      case 'TEAM':
        return Prisma.sql`${column} IN (SELECT sa.id FROM "Asset" sa WHERE sa."organizationId" = ${organizationId}::uuid AND sa."teamId" = ANY(${[...scope.teamIds]}::uuid[]))`;
    }
  }

  /**
   * Job `j` is in scope: TEAM → a job of my teams, or one whose current assignment used a
   * machine of my teams.
   */
  private jobInScope(organizationId: string, scope: AnalyticsScope): Prisma.Sql {
    switch (scope.kind) {
      case 'ORG':
        return Prisma.sql`TRUE`;
      case 'NONE':
        return Prisma.sql`FALSE`;
      case 'TEAM': {
        const teams = [...scope.teamIds];
        return Prisma.sql`(j."teamId" = ANY(${teams}::uuid[]) OR EXISTS (
          SELECT 1 FROM "AssignmentMachine" sam
          JOIN "Asset" sa ON sa.id = sam."assetId" AND sa."organizationId" = sam."organizationId"
          WHERE sam."organizationId" = ${organizationId}::uuid
            AND sam."assignmentId" = (${currentAssignmentOf()})
            AND sa."teamId" = ANY(${teams}::uuid[])))`;
      }
    }
  }

  /** Machines in scope that existed during the period (not deleted before it started), by id. */
  async listMachines(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<MachineRow[]> {
    const scopeWhere: Prisma.AssetWhereInput =
      scope.kind === 'ORG' ? {} : scope.kind === 'TEAM' ? { teamId: { in: [...scope.teamIds] } } : { id: { in: [] } };
    const rows = await this.db.asset.findMany({
      where: { organizationId, ...scopeWhere, OR: [{ deletedAt: null }, { deletedAt: { gt: period.startsAt } }] },
      select: {
        id: true,
        name: true,
        serialNumber: true,
        status: true,
        teamId: true,
        model: { select: { kind: true } },
      },
      orderBy: { id: 'asc' },
    });
    return rows.map(({ model, ...a }) => ({ ...a, kind: model.kind }));
  }

  /** Live (not deleted) machines in scope by status. */
  async fleetByStatus(organizationId: string, scope: AnalyticsScope): Promise<{ status: AssetStatus; n: number }[]> {
    return this.db.$queryRaw<{ status: AssetStatus; n: number }[]>`
      SELECT a.status::text AS status, COUNT(*)::int AS n
      FROM "Asset" a
      WHERE a."organizationId" = ${organizationId}::uuid AND a."deletedAt" IS NULL
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`a.id`)}
      GROUP BY a.status`;
  }

  /**
   * Productive hours per machine: COMPLETED jobs with completedAt in the period, credited to
   * every machine (primary and implements) of the job's current assignment — the live one,
   * or the latest when all were released.
   */
  async productiveByMachine(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<ProductiveRow[]> {
    return this.db.$queryRaw<ProductiveRow[]>`
      SELECT am."assetId"::text AS "assetId", COUNT(*)::int AS jobs,
             COALESCE(SUM(ROUND(COALESCE(j."actualHours", 0) * 100)), 0)::bigint AS "centiHours"
      FROM "Job" j
      JOIN "AssignmentMachine" am ON am."organizationId" = j."organizationId" AND am."assignmentId" = (${currentAssignmentOf()})
      WHERE j."organizationId" = ${organizationId}::uuid AND j.status = 'COMPLETED'
        AND j."completedAt" >= ${period.startsAt}::timestamptz AND j."completedAt" < ${period.endsAt}::timestamptz
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`am."assetId"`)}
      GROUP BY am."assetId"`;
  }

  /** COMPLETED jobs of the period by operation type: count, m² done, hours. */
  async operationsByType(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<OperationRow[]> {
    return this.db.$queryRaw<OperationRow[]>`
      SELECT j."operationType"::text AS "operationType", COUNT(*)::int AS jobs,
             COALESCE(SUM(COALESCE(j."areaDoneM2", 0)), 0)::bigint AS "areaM2",
             COALESCE(SUM(ROUND(COALESCE(j."actualHours", 0) * 100)), 0)::bigint AS "centiHours"
      FROM "Job" j
      WHERE j."organizationId" = ${organizationId}::uuid AND j.status = 'COMPLETED'
        AND j."completedAt" >= ${period.startsAt}::timestamptz AND j."completedAt" < ${period.endsAt}::timestamptz
        AND ${this.jobInScope(organizationId, scope)}
      GROUP BY j."operationType"`;
  }

  /**
   * Jobs of the period by status: COMPLETED by completedAt, CANCELLED by cancelledAt, the
   * open states when their window overlaps the period.
   */
  async jobsByStatus(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<{ status: string; n: number }[]> {
    const s = period.startsAt;
    const e = period.endsAt;
    return this.db.$queryRaw<{ status: string; n: number }[]>`
      SELECT j.status::text AS status, COUNT(*)::int AS n
      FROM "Job" j
      WHERE j."organizationId" = ${organizationId}::uuid
        AND ((j.status = 'COMPLETED' AND j."completedAt" >= ${s}::timestamptz AND j."completedAt" < ${e}::timestamptz)
          OR (j.status = 'CANCELLED' AND j."cancelledAt" >= ${s}::timestamptz AND j."cancelledAt" < ${e}::timestamptz)
          OR (j.status IN ('PLANNED', 'SCHEDULED', 'IN_PROGRESS') AND j."windowStart" < ${e}::timestamptz AND j."windowEnd" > ${s}::timestamptz))
        AND ${this.jobInScope(organizationId, scope)}
      GROUP BY j.status`;
  }

  /**
   * Downtime intervals meeting the period. The end is downtimeEndedAt, else the acceptance
   * or cancellation of the order, else null (still down: the caller runs it to now).
   */
  async downtimeIntervals(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<DowntimeRow[]> {
    return this.db.$queryRaw<DowntimeRow[]>`
      SELECT w."assetId"::text AS "assetId", w."downtimeStartedAt" AS start,
             COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") AS "end"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${organizationId}::uuid AND w."causesDowntime" AND w."downtimeStartedAt" IS NOT NULL
        AND w."downtimeStartedAt" < ${period.endsAt}::timestamptz
        AND (COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") IS NULL
             OR COALESCE(w."downtimeEndedAt", w."acceptedAt", w."cancelledAt") > ${period.startsAt}::timestamptz)
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`w."assetId"`)}`;
  }

  /** Failures: CORRECTIVE orders (not cancelled) whose downtime started (else: reported) in the period. */
  async failuresByMachine(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<{ assetId: string; n: number }[]> {
    return this.db.$queryRaw<{ assetId: string; n: number }[]>`
      SELECT w."assetId"::text AS "assetId", COUNT(*)::int AS n
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${organizationId}::uuid AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED'
        AND COALESCE(w."downtimeStartedAt", w."createdAt") >= ${period.startsAt}::timestamptz
        AND COALESCE(w."downtimeStartedAt", w."createdAt") < ${period.endsAt}::timestamptz
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`w."assetId"`)}
      GROUP BY w."assetId"`;
  }

  /** Repairs: CORRECTIVE orders CLOSED (accepted) in the period, from downtime start (else report) to acceptance. */
  async repairs(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<RepairRow[]> {
    return this.db.$queryRaw<RepairRow[]>`
      SELECT w."assetId"::text AS "assetId", COALESCE(w."downtimeStartedAt", w."createdAt") AS "startedAt", w."acceptedAt" AS "acceptedAt"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${organizationId}::uuid AND w.type = 'CORRECTIVE' AND w.status = 'CLOSED'
        AND w."acceptedAt" >= ${period.startsAt}::timestamptz AND w."acceptedAt" < ${period.endsAt}::timestamptz
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`w."assetId"`)}`;
  }

  /** PREVENTIVE orders due (plannedEnd) in the period, with their plan's interval in days. */
  async preventiveDue(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<PreventiveRow[]> {
    return this.db.$queryRaw<PreventiveRow[]>`
      SELECT w."assetId"::text AS "assetId", w.status::text AS status, w."plannedEnd" AS "plannedEnd",
             w."acceptedAt" AS "acceptedAt", p."intervalDays" AS "intervalDays"
      FROM "WorkOrder" w
      LEFT JOIN "MaintenancePlan" p ON p.id = w."planId" AND p."organizationId" = w."organizationId"
      WHERE w."organizationId" = ${organizationId}::uuid AND w.type = 'PREVENTIVE'
        AND w."plannedEnd" >= ${period.startsAt}::timestamptz AND w."plannedEnd" < ${period.endsAt}::timestamptz
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`w."assetId"`)}`;
  }

  /** Work orders now: open (OPEN, IN_PROGRESS) and awaiting acceptance. */
  async workOrderBacklog(
    organizationId: string,
    scope: AnalyticsScope,
  ): Promise<{ open: number; awaitingAcceptance: number }> {
    const [row] = await this.db.$queryRaw<{ open: number; awaitingAcceptance: number }[]>`
      SELECT COUNT(*) FILTER (WHERE w.status IN ('OPEN', 'IN_PROGRESS'))::int AS open,
             COUNT(*) FILTER (WHERE w.status = 'AWAITING_ACCEPTANCE')::int AS "awaitingAcceptance"
      FROM "WorkOrder" w
      WHERE w."organizationId" = ${organizationId}::uuid
        AND ${this.assetInScope(organizationId, scope, Prisma.sql`w."assetId"`)}`;
    return row ?? { open: 0, awaitingAcceptance: 0 };
  }

  /**
   * APPROVED, live cost documents dated in [from, to] (documentDate is already a local
   * calendar date), grouped. TEAM scope: documents of a machine of my teams.
   */
  async approvedCosts(
    organizationId: string,
    scope: AnalyticsScope,
    from: string,
    to: string,
    groupBy: CostGrouping,
  ): Promise<CostGroupRow[]> {
    const where = Prisma.sql`d."organizationId" = ${organizationId}::uuid AND d.status = 'APPROVED' AND d."deletedAt" IS NULL
        AND d."documentDate" >= ${from}::date AND d."documentDate" <= ${to}::date
        AND ${this.costInScope(organizationId, scope)}`;
    switch (groupBy) {
      case 'category':
        return this.db.$queryRaw<CostGroupRow[]>`
          SELECT d.category::text AS key, d.category::text AS label, COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d WHERE ${where} GROUP BY d.category`;
      case 'month':
        return this.db.$queryRaw<CostGroupRow[]>`
          SELECT to_char(d."documentDate", 'YYYY-MM') AS key, to_char(d."documentDate", 'YYYY-MM') AS label,
                 COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d WHERE ${where} GROUP BY 1`;
      case 'machine':
        return this.db.$queryRaw<CostGroupRow[]>`
          SELECT d."assetId"::text AS key, MIN(a.name) AS label, COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
          FROM "CostDocument" d
          LEFT JOIN "Asset" a ON a.id = d."assetId" AND a."organizationId" = d."organizationId"
          WHERE ${where} GROUP BY d."assetId"`;
    }
  }

  /** SUBMITTED (waiting for approval) documents now, any date. */
  async costsAwaitingApproval(
    organizationId: string,
    scope: AnalyticsScope,
  ): Promise<{ documents: number; totalMinor: bigint }> {
    const [row] = await this.db.$queryRaw<{ documents: number; totalMinor: bigint }[]>`
      SELECT COUNT(*)::int AS documents, COALESCE(SUM(d."totalMinor"), 0)::bigint AS "totalMinor"
      FROM "CostDocument" d
      WHERE d."organizationId" = ${organizationId}::uuid AND d.status = 'SUBMITTED' AND d."deletedAt" IS NULL
        AND ${this.costInScope(organizationId, scope)}`;
    return row ?? { documents: 0, totalMinor: 0n };
  }

  private costInScope(organizationId: string, scope: AnalyticsScope): Prisma.Sql {
    return scope.kind === 'TEAM'
      ? Prisma.sql`(d."assetId" IS NOT NULL AND ${this.assetInScope(organizationId, scope, Prisma.sql`d."assetId"`)})`
      : this.assetInScope(organizationId, scope, Prisma.sql`d."assetId"`);
  }
}

/**
 * The current assignment of job `j`: the live one (releasedAt IS NULL; at most one per job),
 * else the latest released one — a completed job may have had its assignment released.
 */
function currentAssignmentOf(): Prisma.Sql {
  return Prisma.sql`SELECT ca.id FROM "Assignment" ca
    WHERE ca."organizationId" = j."organizationId" AND ca."jobId" = j.id
    ORDER BY (ca."releasedAt" IS NULL) DESC, ca."createdAt" DESC, ca.id DESC LIMIT 1`;
}
