import { Prisma, type AssetStatus } from '@amms/db';
import type { AnalyticsScope } from '../platform/access/analytics-scope.js';
import { analyticsSql, jsonRows } from './analytics.sql.js';
import type {
  AssetCount,
  AwaitingCosts,
  Backlog,
  CostGroupRow,
  DowntimeRow,
  MachineRow,
  OperationRow,
  PreventiveRow,
  ProductiveRow,
  RepairRow,
  StatusCount,
} from './analytics.rows.js';
import type { Period } from './period.js';

/** What the overview reads: the fleet's rows (as fleetFigures reads them) and the overview's own counts. */
export interface OverviewParts {
  machines: MachineRow[];
  productive: ProductiveRow[];
  downtime: DowntimeRow[];
  failures: AssetCount[];
  repairs: RepairRow[];
  preventive: PreventiveRow[];
  operations: OperationRow[];
  statuses: { status: AssetStatus; n: number }[];
  jobs: StatusCount[];
  costs: CostGroupRow[];
  awaiting: AwaitingCosts;
  backlog: Backlog;
}

/** The statement's answer: every part a JSON array (bigints as text, instants as ISO text). */
export type OverviewJson = Record<keyof OverviewParts, Record<string, unknown>[]>;

/**
 * The overview's statements nested in one (`SELECT jsonb_build_object(part, rows, …)`): one round
 * trip, and one snapshot (a statement sees one), so the figures agree with each other without a
 * transaction around them.
 */
export function overviewStatement(org: string, scope: AnalyticsScope, period: Period): Prisma.Sql {
  const parts: [keyof OverviewParts, Prisma.Sql][] = [
    ['machines', jsonRows(analyticsSql.machines(org, scope, period))],
    ['productive', jsonRows(analyticsSql.productiveByMachine(org, scope, period), ['centiHours'])],
    ['downtime', jsonRows(analyticsSql.downtimeIntervals(org, scope, period))],
    ['failures', jsonRows(analyticsSql.failuresByMachine(org, scope, period))],
    ['repairs', jsonRows(analyticsSql.repairs(org, scope, period))],
    ['preventive', jsonRows(analyticsSql.preventiveDue(org, scope, period))],
    ['operations', jsonRows(analyticsSql.operationsByType(org, scope, period), ['areaM2', 'centiHours'])],
    ['statuses', jsonRows(analyticsSql.fleetByStatus(org, scope))],
    ['jobs', jsonRows(analyticsSql.jobsByStatus(org, scope, period))],
    ['costs', jsonRows(analyticsSql.approvedCosts(org, scope, period.from, period.to, 'category'), ['totalMinor'])],
    ['awaiting', jsonRows(analyticsSql.costsAwaitingApproval(org, scope), ['totalMinor'])],
    ['backlog', jsonRows(analyticsSql.workOrderBacklog(org, scope))],
  ];
  return Prisma.sql`SELECT jsonb_build_object(${Prisma.join(
    parts.map(([name, rows]) => Prisma.sql`${Prisma.raw(`'${name}'`)}, ${rows}`),
  )}) AS parts`;
}

type Json = Record<string, unknown>;
const date = (v: unknown) => new Date(v as string);
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : date(v));
const big = (v: unknown) => BigInt(v as string);

/** The statement's JSON back to the row types the one-by-one statements return (Dates, bigints). */
export function overviewPartsOf(j: OverviewJson): OverviewParts {
  const rows = <T>(part: keyof OverviewParts, f: (r: Json) => T): T[] => j[part].map(f);
  const same = <T>(part: keyof OverviewParts) => j[part] as T[];
  const awaiting = j.awaiting[0];
  const backlog = j.backlog[0] as Backlog | undefined;
  return {
    machines: same<MachineRow>('machines'),
    productive: rows('productive', (r) => ({ ...(r as unknown as ProductiveRow), centiHours: big(r.centiHours) })),
    downtime: rows('downtime', (r) => ({ assetId: r.assetId as string, start: date(r.start), end: dateOrNull(r.end) })),
    failures: same<AssetCount>('failures'),
    repairs: rows('repairs', (r) => ({
      assetId: r.assetId as string,
      startedAt: date(r.startedAt),
      acceptedAt: date(r.acceptedAt),
    })),
    preventive: rows('preventive', (r) => ({
      ...(r as unknown as PreventiveRow),
      plannedEnd: date(r.plannedEnd),
      acceptedAt: dateOrNull(r.acceptedAt),
    })),
    operations: rows('operations', (r) => ({
      ...(r as unknown as OperationRow),
      areaM2: big(r.areaM2),
      centiHours: big(r.centiHours),
    })),
    statuses: same('statuses'),
    jobs: same<StatusCount>('jobs'),
    costs: rows('costs', (r) => ({ ...(r as unknown as CostGroupRow), totalMinor: big(r.totalMinor) })),
    awaiting: awaiting
      ? { documents: awaiting.documents as number, totalMinor: big(awaiting.totalMinor) }
      : { documents: 0, totalMinor: 0n },
    backlog: backlog ?? { open: 0, awaitingAcceptance: 0 },
  };
}
