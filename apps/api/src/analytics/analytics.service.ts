import { Injectable } from '@nestjs/common';
import { OPERATION_TYPES } from '@amms/contracts/assets';
import {
  ZAnalyticsCosts,
  ZAnalyticsFuel,
  ZAnalyticsMaintenance,
  ZAnalyticsOperations,
  ZAnalyticsOverview,
  ZAnalyticsUtilization,
} from '@amms/contracts/analytics';
import type {
  TAnalyticsCosts,
  TAnalyticsFuel,
  TAnalyticsCostsQuery,
  TAnalyticsMachinesQuery,
  TAnalyticsMaintenance,
  TAnalyticsOperations,
  TAnalyticsOverview,
  TAnalyticsPeriodQuery,
  TAnalyticsUtilization,
  TMachineMaintenance,
  TMachineUtilization,
} from '@amms/contracts/analytics';
import { pageOf } from '../platform/http/cursor.js';
import type { OrgContext } from '../platform/access/context.js';
import { analyticsScope } from '../platform/access/analytics-scope.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsErrors } from './analytics.errors.js';
import { overviewOf } from './analytics.overview.js';
import { fuelAnalytics } from './analytics.fuel.js';
import {
  costGroups,
  fleetFigures,
  h2,
  machineRef,
  operationFigures,
  pageRows,
  r4,
  reliability,
  toPeriod,
} from './analytics.figures.js';
import {
  costPerHectareMinor,
  costPerHourMinor,
  hectaresOf,
  ratio,
  round,
  utilization,
  WORKDAY_HOURS,
} from './formulas.js';
import { DEFAULT_TIMEZONE, PeriodError, resolvePeriod, type Period } from './period.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys, type ListKey } from '../platform/cache/cache-keys.js';
import type { CheckedJson } from '../platform/cache/checked-json.js';
import type { z } from 'zod';

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

  /** A loader: the figure computed from one database snapshot (AnalyticsRepository.snapshot). */
  private load<Q, T>(
    compute: (repo: AnalyticsRepository, ctx: OrgContext, q: Q) => Promise<T>,
    ctx: OrgContext,
    q: Q,
  ): () => Promise<T> {
    return () => this.repo.snapshot((repo) => compute.call(this, repo, ctx, q));
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
      this.cachedChecked(ctx, 'overview', q, ZAnalyticsOverview, () => this.computeOverview(this.repo, ctx, q)),
    utilization: (ctx: OrgContext, q: TAnalyticsMachinesQuery) =>
      this.cachedChecked(ctx, 'utilization', q, ZAnalyticsUtilization, this.load(this.computeUtilization, ctx, q)),
    operations: (ctx: OrgContext, q: TAnalyticsPeriodQuery) =>
      this.cachedChecked(ctx, 'operations', q, ZAnalyticsOperations, this.load(this.computeOperations, ctx, q)),
    maintenance: (ctx: OrgContext, q: TAnalyticsMachinesQuery) =>
      this.cachedChecked(ctx, 'maintenance', q, ZAnalyticsMaintenance, this.load(this.computeMaintenance, ctx, q)),
    costs: (ctx: OrgContext, q: TAnalyticsCostsQuery) =>
      this.cachedChecked(ctx, 'costs', q, ZAnalyticsCosts, this.load(this.computeCosts, ctx, q)),
    fuel: (ctx: OrgContext, q: TAnalyticsPeriodQuery) =>
      this.cachedChecked(ctx, 'fuel', q, ZAnalyticsFuel, this.load(this.computeFuel, ctx, q)),
  };

  overview(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOverview> {
    return this.cached(ctx, 'overview', q, () => this.computeOverview(this.repo, ctx, q));
  }

  utilization(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsUtilization> {
    return this.cached(ctx, 'utilization', q, this.load(this.computeUtilization, ctx, q));
  }

  operations(ctx: OrgContext, q: TAnalyticsPeriodQuery): Promise<TAnalyticsOperations> {
    return this.cached(ctx, 'operations', q, this.load(this.computeOperations, ctx, q));
  }

  maintenance(ctx: OrgContext, q: TAnalyticsMachinesQuery): Promise<TAnalyticsMaintenance> {
    return this.cached(ctx, 'maintenance', q, this.load(this.computeMaintenance, ctx, q));
  }

  costs(ctx: OrgContext, q: TAnalyticsCostsQuery): Promise<TAnalyticsCosts> {
    return this.cached(ctx, 'costs', q, this.load(this.computeCosts, ctx, q));
  }

  /**
   * Two round trips, no transaction (issue #30 §2): the org's timezone (the period depends on it),
   * then every row the overview needs in one statement (AnalyticsRepository.overviewParts).
   */
  private async computeOverview(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsPeriodQuery,
  ): Promise<TAnalyticsOverview> {
    const period = await this.period(repo, ctx, q);
    const parts = await repo.overviewParts(ctx.organizationId, analyticsScope(ctx), period);
    return overviewOf(parts, period, new Date());
  }

  private async computeUtilization(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsMachinesQuery,
  ): Promise<TAnalyticsUtilization> {
    const period = await this.period(repo, ctx, q);
    const fleet = await fleetFigures(repo, ctx.organizationId, analyticsScope(ctx), period, false);
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

  private async computeOperations(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsPeriodQuery,
  ): Promise<TAnalyticsOperations> {
    const period = await this.period(repo, ctx, q);
    const rows = await repo.operationsByType(ctx.organizationId, analyticsScope(ctx), period);
    const byType = new Map(rows.map((r) => [r.operationType, r]));
    const items = OPERATION_TYPES.filter((t) => byType.has(t)).map((t) => ({
      operationType: t,
      ...operationFigures([byType.get(t)!]),
    }));
    return { period: toPeriod(period), totals: operationFigures(rows), items };
  }

  private async computeFuel(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsPeriodQuery,
  ): Promise<TAnalyticsFuel> {
    const period = await this.period(repo, ctx, q);
    const rows = await repo.fuelByOperationAndMachine(ctx.organizationId, analyticsScope(ctx), period);
    return { period: toPeriod(period), ...fuelAnalytics(rows) };
  }

  private async computeMaintenance(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsMachinesQuery,
  ): Promise<TAnalyticsMaintenance> {
    const period = await this.period(repo, ctx, q);
    const fleet = await fleetFigures(repo, ctx.organizationId, analyticsScope(ctx), period, true);
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

  private async computeCosts(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: TAnalyticsCostsQuery,
  ): Promise<TAnalyticsCosts> {
    const org = ctx.organizationId;
    const scope = analyticsScope(ctx);
    const period = await this.period(repo, ctx, q);
    const [rows, ops, fleet] = await Promise.all([
      repo.approvedCosts(org, scope, period.from, period.to, q.groupBy),
      repo.operationsByType(org, scope, period),
      fleetFigures(repo, org, scope, period, false),
    ]);
    const totalMinor = rows.reduce((s, r) => s + r.totalMinor, 0n);
    const documents = rows.reduce((s, r) => s + r.documents, 0);
    const areaM2 = ops.reduce((s, o) => s + o.areaM2, 0n);
    const items = costGroups(rows, q.groupBy, period);
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

  private async period(
    repo: AnalyticsRepository,
    ctx: OrgContext,
    q: { from?: string | undefined; to?: string | undefined },
  ): Promise<Period> {
    const tz = (await repo.findTimezone(ctx.organizationId)) ?? DEFAULT_TIMEZONE;
    try {
      return resolvePeriod(q, tz, new Date());
    } catch (err) {
      if (err instanceof PeriodError) throw AnalyticsErrors.invalidPeriod(err);
      throw err;
    }
  }
}

/** org + data scope + endpoint + normalized query + the current hour (a default period rolls over with the clock) */
function cacheKey(ctx: OrgContext, endpoint: string, q: unknown): ListKey {
  const hour = new Date().toISOString().slice(0, 13);
  return CacheKeys.list(ctx.organizationId, 'analytics', ctx, { endpoint, q, hour });
}
