import type { TAnalyticsCostsQuery, TAnalyticsPeriod, TCostGroup, TOperationFigures } from '@amms/contracts/analytics';
import { decodeIdCursor } from '../platform/http/cursor.js';
import type { AnalyticsScope } from '../platform/access/analytics-scope.js';
import type { AnalyticsRepository, CostGroupRow, MachineRow, OperationRow } from './analytics.repository.js';
import {
  availableHours,
  downtimeHours,
  fieldCapacity,
  hectaresOf,
  inherentAvailability,
  mtbf,
  mttr,
  operationalAvailability,
  pmOnTime,
  repairHours,
  round,
  roundOrNull,
} from './formulas.js';
import { monthsOf, type Period } from './period.js';
import type { OverviewParts } from './analytics.overview-parts.js';

const HOUR_MS = 3_600_000;

/** Output precision: hours 2 decimals, hectares 4, ratios 4. */
export const h2 = (x: number) => round(x, 2);
export const r4 = (x: number | null) => roundOrNull(x, 4);

/** The hours, failures and PM counts summed per machine and over the fleet. */
interface FigureSums {
  productiveHours: number;
  downtimeHours: number;
  availableHours: number;
  failures: number;
  repairs: number[];
  pmDue: number;
  pmOnTime: number;
}

export interface MachineFigures extends FigureSums {
  machine: MachineRow;
  jobs: number;
  centiHours: bigint;
}

export interface FleetFigures extends FigureSums {
  machines: MachineFigures[];
  /** hundredths of an hour on powered machines: the denominator of cost per engine hour */
  engineCentiHours: bigint;
  periodHours: number;
}

/** The rows fleetFigures is computed from (the reliability ones empty when not asked for). */
export type FleetRows = Pick<
  OverviewParts,
  'machines' | 'productive' | 'downtime' | 'failures' | 'repairs' | 'preventive'
>;

/**
 * Per-machine figures for every machine in scope, and their fleet sums. Rows of machines
 * outside the listed set (deleted before the period) are ignored so fleet = Σ machines.
 */
export async function fleetFigures(
  repo: AnalyticsRepository,
  org: string,
  scope: AnalyticsScope,
  period: Period,
  withReliability: boolean,
): Promise<FleetFigures> {
  return fleetFiguresOf(await fleetRows(repo, org, scope, period, withReliability), period, new Date());
}

/** The fleet's rows, one statement each (the overview reads them in one: AnalyticsRepository.overviewParts). */
export async function fleetRows(
  repo: AnalyticsRepository,
  org: string,
  scope: AnalyticsScope,
  period: Period,
  withReliability: boolean,
): Promise<FleetRows> {
  const [machines, productive, downtime, failures, repairs, preventive] = await Promise.all([
    repo.listMachines(org, scope, period),
    repo.productiveByMachine(org, scope, period),
    repo.downtimeIntervals(org, scope, period),
    withReliability ? repo.failuresByMachine(org, scope, period) : Promise.resolve([]),
    withReliability ? repo.repairs(org, scope, period) : Promise.resolve([]),
    withReliability ? repo.preventiveDue(org, scope, period) : Promise.resolve([]),
  ]);
  return { machines, productive, downtime, failures, repairs, preventive };
}

/** fleetFigures from its rows; open downtime runs to `now`. */
export function fleetFiguresOf(rows: FleetRows, period: Period, now: Date): FleetFigures {
  const { machines, productive, downtime, failures, repairs, preventive } = rows;
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

/**
 * The overview's parts read one statement at a time, as the overview read them before issue #30
 * (14 statements in a transaction): the reference the one-statement read is checked against.
 */
export async function overviewPartsOneByOne(
  repo: AnalyticsRepository,
  org: string,
  scope: AnalyticsScope,
  period: Period,
): Promise<OverviewParts> {
  return repo.snapshot(async (r) => {
    const [fleet, operations, statuses, jobs, costs, awaiting, backlog] = await Promise.all([
      fleetRows(r, org, scope, period, true),
      r.operationsByType(org, scope, period),
      r.fleetByStatus(org, scope),
      r.jobsByStatus(org, scope, period),
      r.approvedCosts(org, scope, period.from, period.to, 'category'),
      r.costsAwaitingApproval(org, scope),
      r.workOrderBacklog(org, scope),
    ]);
    return { ...fleet, operations, statuses, jobs, costs, awaiting, backlog };
  });
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

export function toPeriod(p: Period): TAnalyticsPeriod {
  return {
    from: p.from,
    to: p.to,
    timezone: p.timezone,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    days: p.days,
  };
}

export function machineRef(m: MachineRow) {
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
export function pageRows(
  machines: readonly MachineFigures[],
  q: { limit: number; cursor?: string | undefined },
): MachineFigures[] {
  const after = q.cursor ? decodeIdCursor(q.cursor) : undefined;
  return machines.filter((m) => after === undefined || m.machine.id > after).slice(0, q.limit + 1);
}

export function operationFigures(rows: readonly OperationRow[]): Omit<TOperationFigures, 'operationType'> {
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

export function reliability(
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

const COST_CATEGORIES = ['FUEL', 'PARTS', 'LABOR', 'REPAIR', 'RENTAL', 'OTHER'] as const;
const UNASSIGNED = 'unassigned';

/**
 * Approved costs as the groups a reader sees: every category and every month of the period (zero
 * where nothing was approved), or the machines largest first (ties by key, so the order is stable);
 * costs on no machine under 'unassigned'.
 */
export function costGroups(
  rows: CostGroupRow[],
  groupBy: TAnalyticsCostsQuery['groupBy'],
  period: Period,
): TCostGroup[] {
  const group = (key: string, label: string, r?: { documents: number; totalMinor: bigint }): TCostGroup => ({
    key,
    label,
    documents: r?.documents ?? 0,
    totalMinor: (r?.totalMinor ?? 0n).toString(),
  });
  const byKey = new Map(rows.map((r) => [r.key ?? UNASSIGNED, r]));
  switch (groupBy) {
    case 'category':
      return COST_CATEGORIES.map((c) => group(c, c, byKey.get(c)));
    case 'month':
      return monthsOf(period.from, period.to).map((m) => group(m, m, byKey.get(m)));
    case 'machine':
      return [...rows]
        .sort((a, b) =>
          a.totalMinor === b.totalMinor
            ? (a.key ?? '').localeCompare(b.key ?? '')
            : a.totalMinor > b.totalMinor
              ? -1
              : 1,
        )
        .map((r) => group(r.key ?? UNASSIGNED, r.key ? (r.label ?? r.key) : UNASSIGNED, r));
  }
}
