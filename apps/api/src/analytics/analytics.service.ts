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
  TAnalyticsPeriod,
  TAnalyticsPeriodQuery,
  TAnalyticsUtilization,
  TCostGroup,
  TMachineMaintenance,
  TMachineUtilization,
  TOperationFigures,
} from '@amms/contracts/analytics';
import { decodeIdCursor, pageOf } from '../platform/http/cursor.js';
import type { OrgContext } from '../platform/access/context.js';
import { resolveScope } from '../platform/access/data-scope.js';
import {
  AnalyticsRepository,
  type AnalyticsScope,
  type MachineRow,
  type OperationRow,
} from './analytics.repository.js';
import { AnalyticsErrors } from './analytics.errors.js';
import {
  availableHours,
  costPerHectareMinor,
  costPerHourMinor,
  downtimeHours,
  fieldCapacity,
  hectaresOf,
  inherentAvailability,
  mtbf,
  mttr,
  operationalAvailability,
  pmOnTime,
  ratio,
  repairHours,
  round,
  roundOrNull,
  utilization,
  WORKDAY_HOURS,
} from './formulas.js';
import { DEFAULT_TIMEZONE, PeriodError, resolvePeriod, monthsOf, type Period } from './period.js';
import { CacheService } from '../platform/cache/cache.service.js';
import { CACHE_TTL, CacheKeys } from '../platform/cache/cache-keys.js';
import type { CheckedJson } from '../platform/cache/checked-json.js';
import type { z } from 'zod';

const COST_CATEGORIES = ['FUEL', 'PARTS', 'LABOR', 'REPAIR', 'RENTAL', 'OTHER'] as const;
const UNASSIGNED = 'unassigned';
const HOUR_MS = 3_600_000;

/** Output precision: hours 2 decimals, hectares 4, ratios 4. */
const h2 = (x: number) => round(x, 2);
const r4 = (x: number | null) => roundOrNull(x, 4);

/**
 * The caller's data scope for analytics. TEAM: machines of my teams and what they did (their
 * jobs, work orders, costs); ASSIGNED: analytics are fleet figures, an operator's own work is
 * not a fleet, so nothing (empty figures, not 403). Resolved through resolveScope so a new data
 * scope cannot be forgotten here.
 */
export function analyticsScope(ctx: OrgContext): AnalyticsScope {
  return resolveScope<AnalyticsScope>(ctx, {
    all: { kind: 'ORG' },
    none: { kind: 'NONE' },
    team: (teamIds) => ({ kind: 'TEAM', teamIds }),
    assigned: () => ({ kind: 'NONE' }),
  });
}

interface MachineFigures {
  machine: MachineRow;
  jobs: number;
  centiHours: bigint;
  productiveHours: number;
  downtimeHours: number;
  availableHours: number;
  failures: number;
  repairs: number[];
  pmDue: number;
  pmOnTime: number;
}

interface FleetFigures {
  machines: MachineFigures[];
  productiveHours: number;
  /** hundredths of an hour on powered machines: the denominator of cost per engine hour */
  engineCentiHours: bigint;
  downtimeHours: number;
  availableHours: number;
  failures: number;
  repairs: number[];
  pmDue: number;
  pmOnTime: number;
  periodHours: number;
}

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
    const hour = new Date().toISOString().slice(0, 13);
    const key = CacheKeys.list(ctx.organizationId, 'analytics', ctx, { endpoint, q, hour });
    return this.cache.getOrLoad(key, compute, { ttlSeconds: CACHE_TTL.analytics });
  }

  private cachedChecked<Q, T>(
    ctx: OrgContext,
    endpoint: string,
    q: Q,
    schema: z.ZodType,
    compute: () => Promise<T>,
  ): Promise<T | CheckedJson> {
    const hour = new Date().toISOString().slice(0, 13);
    const key = CacheKeys.list(ctx.organizationId, 'analytics', ctx, { endpoint, q, hour });
    return this.cache.getOrLoadChecked(key, compute, { ttlSeconds: CACHE_TTL.analytics, schema });
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

  /**
   * Per-machine figures for every machine in scope, and their fleet sums. Rows of machines
   * outside the listed set (deleted before the period) are ignored so fleet = Σ machines.
   */
  private async fleet(
    org: string,
    scope: AnalyticsScope,
    period: Period,
    withReliability: boolean,
  ): Promise<FleetFigures> {
    const now = new Date();
    const [machines, productive, downtime, failures, repairs, preventive] = await Promise.all([
      this.repo.listMachines(org, scope, period),
      this.repo.productiveByMachine(org, scope, period),
      this.repo.downtimeIntervals(org, scope, period),
      withReliability ? this.repo.failuresByMachine(org, scope, period) : Promise.resolve([]),
      withReliability ? this.repo.repairs(org, scope, period) : Promise.resolve([]),
      withReliability ? this.repo.preventiveDue(org, scope, period) : Promise.resolve([]),
    ]);
    const prod = new Map(productive.map((p) => [p.assetId, p]));
    const fails = new Map(failures.map((f) => [f.assetId, f.n]));
    const downOf = byAsset(downtime);
    const repairsOf = byAsset(repairs);
    const pmOf = byAsset(preventive);
    const figures = machines.map((machine): MachineFigures => {
      const p = prod.get(machine.id);
      const centiHours = p?.centiHours ?? 0n;
      const down = downtimeHours(downOf.get(machine.id) ?? [], period, now);
      const pm = pmOf.get(machine.id) ?? [];
      return {
        machine,
        jobs: p?.jobs ?? 0,
        centiHours,
        productiveHours: Number(centiHours) / 100,
        downtimeHours: down,
        availableHours: availableHours(period.days, down),
        failures: fails.get(machine.id) ?? 0,
        repairs: (repairsOf.get(machine.id) ?? []).map((r) => repairHours(r.startedAt, r.acceptedAt)),
        pmDue: pm.length,
        pmOnTime: pm.filter((w) => pmOnTime(w)).length,
      };
    });
    const sum = (f: (m: MachineFigures) => number) => figures.reduce((s, m) => s + f(m), 0);
    return {
      machines: figures,
      productiveHours: Number(figures.reduce((s, m) => s + m.centiHours, 0n)) / 100,
      engineCentiHours: figures.filter((m) => m.machine.kind !== 'IMPLEMENT').reduce((s, m) => s + m.centiHours, 0n),
      downtimeHours: sum((m) => m.downtimeHours),
      availableHours: sum((m) => m.availableHours),
      failures: sum((m) => m.failures),
      repairs: figures.flatMap((m) => m.repairs),
      pmDue: sum((m) => m.pmDue),
      pmOnTime: sum((m) => m.pmOnTime),
      periodHours: (period.endsAt.getTime() - period.startsAt.getTime()) / HOUR_MS,
    };
  }
}

function byAsset<R extends { assetId: string }>(rows: readonly R[]): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of rows) {
    const list = out.get(r.assetId);
    if (list) list.push(r);
    else out.set(r.assetId, [r]);
  }
  return out;
}

function toPeriod(p: Period): TAnalyticsPeriod {
  return {
    from: p.from,
    to: p.to,
    timezone: p.timezone,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    days: p.days,
  };
}

function machineRef(m: MachineRow) {
  return {
    assetId: m.id,
    name: m.name,
    serialNumber: m.serialNumber,
    kind: m.kind,
    status: m.status,
    teamId: m.teamId,
  };
}

/** Machines after the cursor, limit + 1 of them (pageOf cuts the extra one). */
function pageRows(
  machines: readonly MachineFigures[],
  q: { limit: number; cursor?: string | undefined },
): MachineFigures[] {
  const after = q.cursor ? decodeIdCursor(q.cursor) : undefined;
  return machines.filter((m) => after === undefined || m.machine.id > after).slice(0, q.limit + 1);
}

function operationFigures(rows: readonly OperationRow[]): Omit<TOperationFigures, 'operationType'> {
  const areaM2 = rows.reduce((s, r) => s + Number(r.areaM2), 0);
  const hours = Number(rows.reduce((s, r) => s + r.centiHours, 0n)) / 100;
  const hectares = hectaresOf(areaM2);
  return {
    jobs: rows.reduce((s, r) => s + r.jobs, 0),
    hectares: round(hectares, 4),
    hours: h2(hours),
    fieldCapacityHaPerHour: r4(fieldCapacity(hectares, hours)),
  };
}

function reliability(
  productiveHours: number,
  down: number,
  failures: number,
  repairs: number[],
  periodHours: number,
  machines: number,
) {
  const mtbfHours = mtbf(productiveHours, failures);
  const mttrHours = mttr(repairs);
  return {
    downtimeHours: h2(down),
    productiveHours: h2(productiveHours),
    failures,
    mtbfHours: roundOrNull(mtbfHours, 2),
    repairs: repairs.length,
    mttrHours: roundOrNull(mttrHours, 2),
    inherentAvailability: r4(inherentAvailability(mtbfHours, mttrHours)),
    operationalAvailability: r4(operationalAvailability(periodHours, machines, down)),
  };
}
