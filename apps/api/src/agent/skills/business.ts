import { FLEET_FIGURES, isRowFigure } from '@amms/contracts/agent-figures';
import type { TAgentFigure, TFigureScope, TPlanLanguage } from '@amms/contracts/agent';
import type {
  TAnalyticsCosts,
  TAnalyticsMaintenance,
  TAnalyticsOperations,
  TAnalyticsOverview,
  TAnalyticsUtilization,
} from '@amms/contracts/analytics';
import type { BusinessMetric } from './intent.js';

/**
 * Business answers: every figure is a value exactly as an analytics endpoint returns it for the
 * period and the caller's scope (money a digit string of fen, ratios fractions 0..1, null =
 * unknown), with the endpoint's definition. Nothing is computed here but the choice of values
 * and their order (a ranking sorts the endpoint's per-machine rows, it does not add them up).
 */
export type AnalyticsReport = 'overview' | 'utilization' | 'operations' | 'maintenance' | 'costs';

/** Which report answers which metric. */
/** (null: answered per machine or person from the job records, business-work.ts) */
export const REPORT_OF: Record<BusinessMetric, AnalyticsReport | null> = {
  costPerHectare: 'costs',
  costPerEngineHour: 'costs',
  totalCost: 'costs',
  utilization: 'utilization',
  breakdownsRanked: 'maintenance',
  failures: 'maintenance',
  mtbf: 'maintenance',
  mttr: 'maintenance',
  availability: 'maintenance',
  downtime: 'maintenance',
  hectares: 'operations',
  pmCompliance: 'maintenance',
  jobsCompleted: 'overview',
  hours: null,
  fuelPerHectare: null,
};

export interface Reports {
  overview?: TAnalyticsOverview;
  utilization?: TAnalyticsUtilization;
  operations?: TAnalyticsOperations;
  maintenance?: TAnalyticsMaintenance;
  costs?: TAnalyticsCosts;
}

const DEFS = FLEET_FIGURES;

export interface FigureContext {
  language: TPlanLanguage;
  from: string;
  to: string;
  scope: Omit<TFigureScope, 'machine' | 'label'>;
  /** a team named in the goal: per-machine rows of its machines (the endpoints have no team total) */
  team: { id: string; name: string } | null;
}

const source = (report: AnalyticsReport, c: FigureContext) => `GET /analytics/${report}?from=${c.from}&to=${c.to}`;

function scopeLabel(c: FigureContext, machine: { id: string; name: string } | null): string {
  const zh = c.language === 'zh';
  if (machine) return machine.name;
  if (c.scope.dataScope === 'ORG') return zh ? '全组织' : 'whole organization';
  if (c.scope.dataScope === 'TEAM') return zh ? '我所在班组的机器' : "my teams' machines";
  return zh ? '分配给我的机器' : 'machines assigned to me';
}

function figure(
  c: FigureContext,
  report: AnalyticsReport,
  key: string,
  value: number | string | null,
  machine: { id: string; name: string } | null = null,
  metric = key,
): TAgentFigure {
  const d = DEFS[key]!;
  const i = c.language === 'zh' ? 0 : 1;
  return {
    metric,
    label: d.label[i],
    value,
    unit: d.unit,
    from: c.from,
    to: c.to,
    scope: { ...c.scope, machine, label: scopeLabel(c, machine) },
    definition: d.definition[i],
    source: source(report, c),
  };
}

/** The figures answering `metrics` from the reports the tools returned. */
export function figuresFor(metrics: readonly BusinessMetric[], r: Reports, c: FigureContext): TAgentFigure[] {
  const out: TAgentFigure[] = [];
  const teamRows = <T extends { teamId: string | null; assetId: string; name: string }>(items: readonly T[]) =>
    c.team ? items.filter((m) => m.teamId === c.team!.id) : [];
  for (const m of metrics) {
    switch (m) {
      case 'costPerHectare':
        out.push(figure(c, 'costs', 'costPerHectareMinor', r.costs!.costPerHectareMinor));
        break;
      case 'costPerEngineHour':
        out.push(figure(c, 'costs', 'costPerEngineHourMinor', r.costs!.costPerEngineHourMinor));
        break;
      case 'totalCost':
        out.push(figure(c, 'costs', 'totalMinor', r.costs!.totalMinor));
        break;
      case 'utilization':
        out.push(figure(c, 'utilization', 'utilization', r.utilization!.fleet.utilization));
        for (const row of teamRows(r.utilization!.items))
          out.push(figure(c, 'utilization', 'utilization', row.utilization, { id: row.assetId, name: row.name }));
        break;
      case 'breakdownsRanked': {
        out.push(figure(c, 'maintenance', 'failures', r.maintenance!.fleet.failures));
        const rows = (c.team ? teamRows(r.maintenance!.items) : r.maintenance!.items).filter((x) => x.failures > 0);
        const ranked = [...rows]
          .sort((a, b) => b.failures - a.failures || a.name.localeCompare(b.name) || a.assetId.localeCompare(b.assetId))
          .slice(0, 5);
        for (const row of ranked)
          out.push(figure(c, 'maintenance', 'failures', row.failures, { id: row.assetId, name: row.name }));
        break;
      }
      case 'failures':
        out.push(figure(c, 'maintenance', 'failures', r.maintenance!.fleet.failures));
        break;
      case 'mtbf':
        out.push(figure(c, 'maintenance', 'mtbfHours', r.maintenance!.fleet.mtbfHours));
        break;
      case 'mttr':
        out.push(figure(c, 'maintenance', 'mttrHours', r.maintenance!.fleet.mttrHours));
        break;
      case 'availability':
        out.push(figure(c, 'maintenance', 'operationalAvailability', r.maintenance!.fleet.operationalAvailability));
        out.push(figure(c, 'maintenance', 'inherentAvailability', r.maintenance!.fleet.inherentAvailability));
        break;
      case 'downtime':
        out.push(figure(c, 'maintenance', 'downtimeHours', r.maintenance!.fleet.downtimeHours));
        break;
      case 'hectares':
        out.push(figure(c, 'operations', 'hectares', r.operations!.totals.hectares));
        break;
      case 'pmCompliance':
        out.push(figure(c, 'maintenance', 'pmCompliance', r.maintenance!.pmCompliance.ratio));
        break;
      case 'jobsCompleted':
        out.push(figure(c, 'overview', 'jobsCompleted', r.overview!.jobs.COMPLETED));
        break;
    }
  }
  return out;
}

/** A figure's value for reading: money in yuan, ratios in percent, hours and hectares as they are. */
export function formatValue(f: TAgentFigure, language: TPlanLanguage): string {
  const zh = language === 'zh';
  if (f.value === null) return zh ? '无数据（尚无可计算的记录）' : 'unknown (nothing recorded to compute it from)';
  if (f.unit.startsWith('CNY_FEN')) {
    const yuan = (Number(f.value) / 100).toFixed(2);
    return f.unit === 'CNY_FEN_PER_HA'
      ? `¥${yuan}/${zh ? '公顷' : 'ha'}`
      : f.unit === 'CNY_FEN_PER_H'
        ? `¥${yuan}/${zh ? '小时' : 'h'}`
        : `¥${yuan}`;
  }
  if (f.unit === 'RATIO') return `${(Number(f.value) * 100).toFixed(1)}%`;
  if (f.unit === 'HOURS') return `${f.value} ${zh ? '小时' : 'h'}`;
  if (f.unit === 'HA') return `${f.value} ${zh ? '公顷' : 'ha'}`;
  if (f.unit === 'L_PER_HA') return `${f.value} ${zh ? '升/公顷' : 'L/ha'}`;
  return String(f.value);
}

export function businessText(
  figures: readonly TAgentFigure[],
  c: FigureContext,
  periodSaid: string | null,
  rowsHeading: string | null = null,
): string {
  const zh = c.language === 'zh';
  const head = zh
    ? `${c.from} 至 ${c.to}${periodSaid ? '' : '（默认：最近 30 天）'}，${scopeLabel(c, null)}：`
    : `${c.from} – ${c.to}${periodSaid ? '' : ' (default: the last 30 days)'}, ${scopeLabel(c, null)}:`;
  // per-machine / per-person rows (their scope label is the machine's or the person's name) after a heading
  const perRow = isRowFigure;
  const line = (f: TAgentFigure) =>
    perRow(f)
      ? `- ${f.scope.label} · ${f.label}: ${formatValue(f, c.language)}`
      : `- ${f.label}${f.scope.machine ? ` · ${f.scope.machine.name}` : ''}: ${formatValue(f, c.language)}`;
  const lines = [
    ...figures.filter((f) => !perRow(f)).map(line),
    ...(rowsHeading ? [rowsHeading] : []),
    ...figures.filter(perRow).map(line),
  ];
  if (figures.some(perRow) === false && rowsHeading)
    lines.push(c.language === 'zh' ? '（期间内没有完成的作业记录）' : '(no completed jobs in the period)');
  const team =
    c.team && !figures.some((f) => f.scope.machine)
      ? [zh ? `（${c.team.name} 在此期间没有可列出的机器数据）` : `(no machine rows of ${c.team.name} in this period)`]
      : [];
  const defs = [...new Map(figures.map((f) => [f.label, f.definition])).entries()].map(([l, d]) =>
    zh ? `${l}：${d}` : `${l}: ${d}`,
  );
  return [head, ...lines, ...team, ...(defs.length ? [zh ? '口径：' : 'Definitions:', ...defs] : [])].join('\n');
}
