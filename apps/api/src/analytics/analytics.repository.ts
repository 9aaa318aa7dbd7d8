import { Injectable } from '@nestjs/common';
import { Prisma, type AssetStatus } from '@amms/db';
import type { Period } from './period.js';
import { analyticsSql, currentAssignmentOf, jobInScope } from './analytics.sql.js';
import {
  overviewPartsOf,
  overviewStatement,
  type OverviewJson,
  type OverviewParts,
} from './analytics.overview-parts.js';
import { PrismaService, type Tx } from '../platform/prisma/prisma.service.js';
import type { AnalyticsScope } from '../platform/access/analytics-scope.js';

import type {
  CostGroupRow,
  AssetCount,
  AwaitingCosts,
  Backlog,
  CostGrouping,
  DowntimeRow,
  MachineRow,
  FuelRow,
  OperationRow,
  PeriodInstants,
  PreventiveRow,
  ProductiveRow,
  RepairRow,
  StatusCount,
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

  /** Machines in scope that existed during the period (not deleted before it started), by id. */
  listMachines(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<MachineRow[]> {
    return this.db.$queryRaw<MachineRow[]>(analyticsSql.machines(organizationId, scope, period));
  }

  /** Live (not deleted) machines in scope by status. */
  fleetByStatus(organizationId: string, scope: AnalyticsScope): Promise<{ status: AssetStatus; n: number }[]> {
    return this.db.$queryRaw(analyticsSql.fleetByStatus(organizationId, scope));
  }

  /** Productive hours per machine (analyticsSql.productiveByMachine). */
  productiveByMachine(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<ProductiveRow[]> {
    return this.db.$queryRaw(analyticsSql.productiveByMachine(organizationId, scope, period));
  }

  /**
   * COMPLETED jobs of the period that recorded fuel, by operation type and primary machine:
   * count (of them from the machine's counter), litres, m² done, hours (as integer hundredths).
   */
  async fuelByOperationAndMachine(
    organizationId: string,
    scope: AnalyticsScope,
    period: PeriodInstants,
  ): Promise<FuelRow[]> {
    return this.db.$queryRaw<FuelRow[]>`
      SELECT j."operationType"::text AS "operationType", am."assetId", a.name,
             COUNT(*)::int AS jobs, (COUNT(*) FILTER (WHERE j."fuelSource" = 'TELEMATICS'))::int AS "telematicsJobs",
             SUM(ROUND(j."fuelLiters" * 100))::bigint AS "centiLitres",
             COALESCE(SUM(COALESCE(j."areaDoneM2", 0)), 0)::bigint AS "areaM2",
             COALESCE(SUM(ROUND(COALESCE(j."actualHours", 0) * 100)), 0)::bigint AS "centiHours"
      FROM "Job" j
      LEFT JOIN "AssignmentMachine" am ON am."organizationId" = j."organizationId"
        AND am."assignmentId" = (${currentAssignmentOf()}) AND am.role = 'PRIMARY'
      LEFT JOIN "Asset" a ON a."organizationId" = am."organizationId" AND a.id = am."assetId"
      WHERE j."organizationId" = ${organizationId}::uuid AND j.status = 'COMPLETED' AND j."fuelLiters" IS NOT NULL
        AND j."completedAt" >= ${period.startsAt}::timestamptz AND j."completedAt" < ${period.endsAt}::timestamptz
        AND ${jobInScope(organizationId, scope)}
      GROUP BY 1, 2, 3`;
  }

  /** COMPLETED jobs of the period by operation type: count, m² done, hours. */
  operationsByType(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<OperationRow[]> {
    return this.db.$queryRaw(analyticsSql.operationsByType(organizationId, scope, period));
  }

  /** Jobs of the period by status (analyticsSql.jobsByStatus). */
  jobsByStatus(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<StatusCount[]> {
    return this.db.$queryRaw(analyticsSql.jobsByStatus(organizationId, scope, period));
  }

  /** Downtime intervals meeting the period (analyticsSql.downtimeIntervals). */
  downtimeIntervals(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<DowntimeRow[]> {
    return this.db.$queryRaw(analyticsSql.downtimeIntervals(organizationId, scope, period));
  }

  /** Failures per machine (analyticsSql.failuresByMachine). */
  failuresByMachine(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<AssetCount[]> {
    return this.db.$queryRaw(analyticsSql.failuresByMachine(organizationId, scope, period));
  }

  /** Repairs closed in the period (analyticsSql.repairs). */
  repairs(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<RepairRow[]> {
    return this.db.$queryRaw(analyticsSql.repairs(organizationId, scope, period));
  }

  /** PREVENTIVE orders due in the period (analyticsSql.preventiveDue). */
  preventiveDue(organizationId: string, scope: AnalyticsScope, period: PeriodInstants): Promise<PreventiveRow[]> {
    return this.db.$queryRaw(analyticsSql.preventiveDue(organizationId, scope, period));
  }

  /** Work orders now: open (OPEN, IN_PROGRESS) and awaiting acceptance. */
  async workOrderBacklog(organizationId: string, scope: AnalyticsScope): Promise<Backlog> {
    const [row] = await this.db.$queryRaw<Backlog[]>(analyticsSql.workOrderBacklog(organizationId, scope));
    return row ?? { open: 0, awaitingAcceptance: 0 };
  }

  /** APPROVED, live cost documents dated in [from, to] (documentDate is already a local calendar date), grouped. */
  approvedCosts(
    organizationId: string,
    scope: AnalyticsScope,
    from: string,
    to: string,
    groupBy: CostGrouping,
  ): Promise<CostGroupRow[]> {
    return this.db.$queryRaw(analyticsSql.approvedCosts(organizationId, scope, from, to, groupBy));
  }

  /** SUBMITTED (waiting for approval) documents now, any date. */
  async costsAwaitingApproval(organizationId: string, scope: AnalyticsScope): Promise<AwaitingCosts> {
    const [row] = await this.db.$queryRaw<AwaitingCosts[]>(analyticsSql.costsAwaitingApproval(organizationId, scope));
    return row ?? { documents: 0, totalMinor: 0n };
  }

  /**
   * Everything the overview reads, in ONE statement (issue #30 §2: an uncached overview was a
   * transaction of 14 statements, each a round trip): the statements above nested as sub-selects,
   * each answered as a jsonb array. One statement is one snapshot, so no transaction is needed.
   */
  async overviewParts(organizationId: string, scope: AnalyticsScope, period: Period): Promise<OverviewParts> {
    const [row] = await this.db.$queryRaw<{ parts: OverviewJson }[]>(overviewStatement(organizationId, scope, period));
    return overviewPartsOf(row!.parts);
  }
}
