import { Injectable } from '@nestjs/common';
import { OPERATION_TYPES } from '@amms/contracts/assets';
import {
  ZAnalyticsCosts,
  ZAnalyticsMaintenance,
  ZAnalyticsOperations,
  ZAnalyticsOverview,
  ZAnalyticsUtilization,
} from '@amms/contracts/analytics';
import type {
  TAnalyticsCosts,
  TAnalyticsCostsQuery,
  TAnalyticsMachinesQuery,
  TAnalyticsMaintenance,
  TAnalyticsOperations,
  TAnalyticsOverview,
  TAnalyticsPeriodQuery,
  TAnalyticsUtilization,
  TCostGroup,
  TMachineMaintenance,
  TMachineUtilization,
} from '@amms/contracts/analytics';
import { pageOf } from '../platform/http/cursor.js';
import type { OrgContext } from '../platform/access/context.js';
import { analyticsScope, type AnalyticsScope } from '../platform/access/analytics-scope.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsErrors } from './analytics.errors.js';
import {
  fleetFigures,
  h2,
  machineRef,
  operationFigures,
  pageRows,
  r4,
  reliability,
  toPeriod,
  type FleetFigures,
} from './analytics.figures.js';
import {
  costPerHectareMinor,
  costPerHourMinor,
  hectaresOf,
  inherentAvailability,
  mtbf,
  mttr,
  operationalAvailability,
  ratio,
  round,
  roundOrNull,
  utilization,
  WORKDAY_HOURS,
} from './formulas.js';
import { DEFAULT_TIMEZONE, PeriodError, resolvePeriod, monthsOf, type Period } from './period.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys, type ListKey } from '../platform/cache/cache-keys.js';
import type { CheckedJson } from '../platform/cache/checked-json.js';
import type { z } from 'zod';

const COST_CATEGORIES = ['FUEL', 'PARTS', 'LABOR', 'REPAIR', 'RENTAL', 'OTHER'] as const;
const UNASSIGNED = 'unassigned';

/**
 * Analytics read model. Every public method is a pure function of (ctx, query) plus the
 * database and the clock (open downtime runs to now), so it can be wrapped by a cache keyed on
 * org, data scope and the normalized query.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    private readonly cache: CacheService,
  ) {}

  /**
   * Every figure is read through the cache under the org's 'analytics' family (key: org + data
   * scope + endpoint + normalized query + the current hour, so a default period rolls over with
   * the clock). Writes of jobs, work orders, costs and assets bump the family's generation.
   */
  private cached<Q, T>(ctx: OrgContext, endpoint: string, q: Q, compute: () => Promise<T>): Promise<T> {
    return this.cache.getOrLoad(cacheKey(ctx, endpoint, q), compute, { ttlSeconds: CACHE_TTL.analytics });
  }

  private cachedChecked<Q, T>(
    ctx: OrgContext,
    endpoint: string,
    q: Q,
    schema: z.ZodType,
    compute: () => Promise<T>,
  ): Promise<T | CheckedJson> {
    return this.cache.getOrLoadChecked(cacheKey(ctx, endpoint, q), compute, {
      ttlSeconds: CACHE_TTL.analytics,
      schema,
    });
  }

  /**
   * For AnalyticsController: the same figures and cache entries, but a hit is the stored bytes,
   * checked against the route's contract when they were stored (CacheService.getOrLoadChecked).
   */
  readonly http = {
    overview: (ctx: OrgContext, q: TAnalyticsPeriodQuery) =>
      this.cachedChecked(ctx, 'overview', q, ZAnalyticsOverview, () => this.computeOverview(ctx, q)),
    utilization: (ctx: OrgContext, q: TAnalyticsMachinesQuery) =>
      this.cachedChecked(ctx, 'utilization', q, ZAnalyticsUtilization, () => this.computeUtilization(ctx, q)),
    operations: (ctx: OrgContext, q: TAnalyticsPeriodQuery) =>
      this.cachedChecked(ctx, 'operations', q, ZAnalyticsOperations, () => this.computeOperations(ctx, q)),
    maintenance: (ctx: OrgContext, q: TAnalyticsMachinesQuery) =>
      this.cachedChecked(ctx, 'maintenance', q, ZAnalyticsMaintenance, () => this.computeMaintenance(ctx, q)),
    costs: (ctx: OrgContext, q: TAnalyticsCostsQuery) =>
      this.cachedChecked(ctx, 'costs', q, ZAnalyticsCosts, () => this.computeCosts(ctx, q)),
  };

  overview(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOverview> {
    return this.cached(ctx, 'overview', q, () => this.computeOverview(ctx, q));
  }

  utilization(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsUtilization> {
    return this.cached(ctx, 'utilization', q, () => this.computeUtilization(ctx, q));
  }

  operations(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOperations> {
    return this.cached(ctx, 'operations', q, () => this.computeOperations(ctx, q));
  }

  maintenance(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsMaintenance> {
    return this.cached(ctx, 'maintenance', q, () => this.computeMaintenance(ctx, q));
  }

  costs(ctx: OrgContext, q: TAnalyticsCostsQuery): Promise<TAnalyticsCosts> {
    return this.cached(ctx, 'costs', q, () => this.computeCosts(ctx, q));
  }

  private async computeOverview(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOverview> {
    const org = ctx.organizationId;
    const scope = analyticsScope(ctx);
    const period = await this.period(ctx, q);
    const [fleet, ops, statuses, jobs, costs, awaiting, backlog] = await Promise.all([
      this.fleet(org, scope, period, true),
      this.repo.operationsByType(org, scope, period),
      this.repo.fleetByStatus(org, scope),
      this.repo.jobsByStatus(org, scope, period),
      this.repo.approvedCosts(org, scope, period.from, period.to, 'category'),
      this.repo.costsAwaitingApproval(org, scope),
      this.repo.workOrderBacklog(org, scope),
    ]);
    const byStatus = { ACTIVE: 0, IN_MAINTENANCE: 0, RETIRED: 0 };
    for (const s of statuses) byStatus[s.status] = s.n;
    const jobCounts = { PLANNED: 0, SCHEDULED: 0, IN_PROGRESS: 0, COMPLETED: 0, CANCELLED: 0 };
    for (const j of jobs) if (j.status in jobCounts) jobCounts[j.status as keyof typeof jobCounts] = j.n;
    const areaM2 = ops.reduce((s, o) => s + o.areaM2, 0n);
    const totalMinor = costs.reduce((s, c) => s + c.totalMinor, 0n);
    const mtbfHours = mtbf(fleet.productiveHours, fleet.failures);
    const mttrHours = mttr(fleet.repairs);
    return {
      period: toPeriod(period),
      fleet: { total: byStatus.ACTIVE + byStatus.IN_MAINTENANCE + byStatus.RETIRED, byStatus },
      jobs: jobCounts,
      hectares: round(hectaresOf(Number(areaM2)), 4),
      productiveHours: h2(fleet.productiveHours),
      engineHours: h2(Number(fleet.engineCentiHours) / 100),
      availableHours: h2(fleet.availableHours),
      utilization: r4(utilization(fleet.productiveHours, fleet.availableHours)),
      downtimeHours: h2(fleet.downtimeHours),
      failures: fleet.failures,
      mtbfHours: roundOrNull(mtbfHours, 2),
      mttrHours: roundOrNull(mttrHours, 2),
      inherentAvailability: r4(inherentAvailability(mtbfHours, mttrHours)),
      operationalAvailability: r4(
        operationalAvailability(fleet.periodHours, fleet.machines.length, fleet.downtimeHours),
      ),
      pmCompliance: { due: fleet.pmDue, onTime: fleet.pmOnTime, ratio: r4(ratio(fleet.pmOnTime, fleet.pmDue)) },
      costs: {
        totalMinor: totalMinor.toString(),
        costPerHectareMinor: costPerHectareMinor(totalMinor, areaM2)?.toString() ?? null,
        costPerEngineHourMinor: costPerHourMinor(totalMinor, fleet.engineCentiHours)?.toString() ?? null,
        awaitingApproval: { documents: awaiting.documents, totalMinor: awaiting.totalMinor.toString() },
      },
      workOrders: backlog,
    };
  }

  private async computeUtilization(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsUtilization> {
    const period = await this.period(ctx, q);
    const fleet = await this.fleet(ctx.organizationId, analyticsScope(ctx), period, false);
    const page = pageOf(
      pageRows(fleet.machines, q),
      q.limit,
      (m): TMachineUtilization => ({
        ...machineRef(m.machine),
        jobs: m.jobs,
        productiveHours: h2(m.productiveHours),
        downtimeHours: h2(m.downtimeHours),
        availableHours: h2(m.availableHours),
        utilization: r4(utilization(m.productiveHours, m.availableHours)),
      }),
      (m) => m.machine.id,
    );
    return {
      period: toPeriod(period),
      workdayHours: WORKDAY_HOURS,
      fleet: {
        machines: fleet.machines.length,
        productiveHours: h2(fleet.productiveHours),
        downtimeHours: h2(fleet.downtimeHours),
        availableHours: h2(fleet.availableHours),
        utilization: r4(utilization(fleet.productiveHours, fleet.availableHours)),
      },
      ...page,
    };
  }

  private async computeOperations(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOperations> {
    const period = await this.period(ctx, q);
    const rows = await this.repo.operationsByType(ctx.organizationId, analyticsScope(ctx), period);
    const byType = new Map(rows.map((r) => [r.operationType, r]));
    const items = OPERATION_TYPES.filter((t) => byType.has(t)).map((t) => ({
      operationType: t,
      ...operationFigures([byType.get(t)!]),
    }));
    return { period: toPeriod(period), totals: operationFigures(rows), items };
  }

  private async computeMaintenance(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsMaintenance> {
    const period = await this.period(ctx, q);
    const fleet = await this.fleet(ctx.organizationId, analyticsScope(ctx), period, true);
    const page = pageOf(
      pageRows(fleet.machines, q),
      q.limit,
      (m): TMachineMaintenance => ({
        ...machineRef(m.machine),
        ...reliability(m.productiveHours, m.downtimeHours, m.failures, m.repairs, fleet.periodHours, 1),
        pmDue: m.pmDue,
        pmOnTime: m.pmOnTime,
      }),
      (m) => m.machine.id,
    );
    return {
      period: toPeriod(period),
      fleet: {
        machines: fleet.machines.length,
        ...reliability(
          fleet.productiveHours,
          fleet.downtimeHours,
          fleet.failures,
          fleet.repairs,
          fleet.periodHours,
          fleet.machines.length,
        ),
      },
      pmCompliance: {
        due: fleet.pmDue,
        onTime: fleet.pmOnTime,
        late: fleet.pmDue - fleet.pmOnTime,
        ratio: r4(ratio(fleet.pmOnTime, fleet.pmDue)),
      },
      ...page,
    };
  }

  private async computeCosts(ctx: OrgContext, q: TAnalyticsCostsQuery): Promise<TAnalyticsCosts> {
    const org = ctx.organizationId;
    const scope = analyticsScope(ctx);
    const period = await this.period(ctx, q);
    const [rows, ops, fleet] = await Promise.all([
      this.repo.approvedCosts(org, scope, period.from, period.to, q.groupBy),
      this.repo.operationsByType(org, scope, period),
      this.fleet(org, scope, period, false),
    ]);
    const totalMinor = rows.reduce((s, r) => s + r.totalMinor, 0n);
    const documents = rows.reduce((s, r) => s + r.documents, 0);
    const areaM2 = ops.reduce((s, o) => s + o.areaM2, 0n);
    const group = (key: string, label: string, r?: { documents: number; totalMinor: bigint }): TCostGroup => ({
      key,
      label,
      documents: r?.documents ?? 0,
      totalMinor: (r?.totalMinor ?? 0n).toString(),
    });
    const byKey = new Map(rows.map((r) => [r.key ?? UNASSIGNED, r]));
    let items: TCostGroup[];
    switch (q.groupBy) {
      case 'category':
        items = COST_CATEGORIES.map((c) => group(c, c, byKey.get(c)));
        break;
      case 'month':
        items = monthsOf(period.from, period.to).map((m) => group(m, m, byKey.get(m)));
        break;
      case 'machine':
        // largest first; ties by key so the order is stable
        items = [...rows]
          .sort((a, b) =>
            a.totalMinor === b.totalMinor
              ? (a.key ?? '').localeCompare(b.key ?? '')
              : a.totalMinor > b.totalMinor
                ? -1
                : 1,
          )
          .map((r) => group(r.key ?? UNASSIGNED, r.key ? (r.label ?? r.key) : UNASSIGNED, r));
        break;
    }
    return {
      period: toPeriod(period),
      groupBy: q.groupBy,
      documents,
      totalMinor: totalMinor.toString(),
      hectares: round(hectaresOf(Number(areaM2)), 4),
      engineHours: h2(Number(fleet.engineCentiHours) / 100),
      costPerHectareMinor: costPerHectareMinor(totalMinor, areaM2)?.toString() ?? null,
      costPerEngineHourMinor: costPerHourMinor(totalMinor, fleet.engineCentiHours)?.toString() ?? null,
      items,
    };
  }

  private async period(ctx: OrgContext, q: { from?: string | undefined; to?: string | undefined }): Promise<Period> {
    const tz = (await this.repo.findTimezone(ctx.organizationId)) ?? DEFAULT_TIMEZONE;
    try {
      return resolvePeriod(q, tz, new Date());
    } catch (err) {
      if (err instanceof PeriodError) throw AnalyticsErrors.invalidPeriod(err);
      throw err;
    }
  }

  private fleet(org: string, scope: AnalyticsScope, period: Period, withReliability: boolean): Promise<FleetFigures> {
    return fleetFigures(this.repo, org, scope, period, withReliability);
  }
}

/** org + data scope + endpoint + normalized query + the current hour (a default period rolls over with the clock) */
function cacheKey(ctx: OrgContext, endpoint: string, q: unknown): ListKey {
  const hour = new Date().toISOString().slice(0, 13);
  return CacheKeys.list(ctx.organizationId, 'analytics', ctx, { endpoint, q, hour });
}
