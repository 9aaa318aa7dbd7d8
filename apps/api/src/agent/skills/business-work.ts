/**
 * Business questions about single machines and people ("这台S780本周干了多少公顷？", "who worked
 * most hours last week", "cost per hectare of GV-9 #01", "上个月哪台收割机干的活最多？每公顷油耗多少？"):
 * the subject (named machines, a ranking of machines — of a kind when one is said — or a
 * ranking of operators) and the figures per row from `work_done` (job records), with a machine's
 * cost per hectare = its APPROVED costs (analytics costs by machine) ÷ its hectares.
 */
import type { TAgentFigure } from '@amms/contracts/agent';
import { ROW_FIGURES, type FigureDef } from '@amms/contracts/agent-figures';
import type { TAnalyticsCosts } from '@amms/contracts/analytics';
import type { BusinessMetric } from './intent.js';
import { matchMachine, type MachineCandidate } from './machine-match.js';
import type { FigureContext } from './business.js';
import type { WorkDone, WorkRow } from './work-done.js';

export type Subject =
  { kind: 'machines'; ids: string[] } | { kind: 'rankMachines'; ids: string[] | null } | { kind: 'rankOperators' };

const OPERATOR_WORD =
  /谁|哪(?:个|位|些|几个)(?:机手|司机|人|师傅|操作手|飞手)|(?:机手|司机|飞手|操作手)(?:里|中|们)?|\bwho\b|\b(?:which|what) (?:operator|driver|person|pilot)s?\b|\b(?:operators?|drivers?)\b/i;
const RANKING =
  /哪(?:台|些|几台|个)|最(?:多|少|长|高|低)|排名|排行|前(?:三|五|十|\d+)|\bwhich\b|\bmost\b|\btop\b|\brank/i;
/** metrics answered per machine or person (work_done rows) */
export const ROW_METRICS: ReadonlySet<BusinessMetric> = new Set([
  'hectares',
  'hours',
  'fuelPerHectare',
  'costPerHectare',
]);

/** who or what the question is about; null: the fleet as a whole (the analytics figures alone) */
export function subjectOf(goal: string, machines: readonly MachineCandidate[]): Subject | null {
  if (OPERATOR_WORD.test(goal)) return { kind: 'rankOperators' };
  const match = matchMachine(goal, machines);
  const ranking = RANKING.test(goal);
  if (match.kind === 'one' && !(ranking && match.matched !== match.machine.name))
    return { kind: 'machines', ids: [match.machine.id] };
  if (match.kind === 'many')
    return ranking
      ? { kind: 'rankMachines', ids: match.candidates.map((m) => m.id) }
      : { kind: 'machines', ids: match.candidates.map((m) => m.id) };
  if (match.kind === 'one') return { kind: 'rankMachines', ids: [match.machine.id] };
  return ranking && /台|机器|机械|machines?|combines?|tractors?|drones?/i.test(goal)
    ? { kind: 'rankMachines', ids: null }
    : null;
}

const DEF = ROW_FIGURES as Record<RowMetric, FigureDef>;
type RowMetric = 'hectares' | 'hours' | 'fuelPerHectare' | 'costPerHectare';

export interface RowFigureInput {
  metrics: readonly BusinessMetric[];
  subject: Subject;
  work: WorkDone;
  /** analytics costs grouped by machine (when cost per hectare was asked) */
  costs: TAnalyticsCosts | null;
  names: ReadonlyMap<string, string>;
}

const value = (m: RowMetric, r: WorkRow, costs: TAnalyticsCosts | null): number | string | null => {
  if (m === 'hectares') return r.hectares;
  if (m === 'hours') return r.hours;
  if (m === 'fuelPerHectare')
    return r.fuelHectares > 0 ? Math.round((r.fuelLiters / r.fuelHectares) * 100) / 100 : null;
  const group = costs?.items.find((g) => g.key === r.id);
  if (!group || r.hectares <= 0) return null;
  return String(Math.round(Number(group.totalMinor) / r.hectares));
};

/** The figures per row, ranked rows first by the ranking metric (hours when asked, else hectares), top 5. */
export function rowFigures(i: RowFigureInput, c: FigureContext): TAgentFigure[] {
  const zh = c.language === 'zh' ? 0 : 1;
  const asked = i.metrics.filter((m): m is RowMetric => ROW_METRICS.has(m));
  const metrics: RowMetric[] = asked.length ? asked : ['hectares', 'hours'];
  const by: RowMetric =
    metrics.includes('hours') && !metrics.includes('hectares')
      ? 'hours'
      : metrics.includes('hectares')
        ? 'hectares'
        : 'hours';
  const empty = (id: string): WorkRow => ({
    id,
    name: i.names.get(id) ?? id.slice(0, 8),
    jobs: 0,
    hectares: 0,
    hours: 0,
    fuelLiters: 0,
    fuelHectares: 0,
  });
  let rows: WorkRow[];
  const s = i.subject;
  if (s.kind === 'machines') rows = s.ids.map((id) => i.work.machines.find((r) => r.id === id) ?? empty(id));
  else {
    const pool =
      s.kind === 'rankOperators' ? i.work.operators : i.work.machines.filter((r) => !s.ids || s.ids.includes(r.id));
    rows = [...pool].sort((a, b) => b[by] - a[by] || a.name.localeCompare(b.name)).slice(0, 5);
  }
  const source = `GET /jobs?status=COMPLETED (completedAt ${c.from}..${c.to})`;
  return rows.flatMap((r) =>
    metrics.map((m) => ({
      metric: m,
      label: DEF[m].label[zh],
      value: value(m, r, i.costs),
      unit: DEF[m].unit,
      from: c.from,
      to: c.to,
      scope: {
        ...c.scope,
        machine: s.kind === 'rankOperators' ? null : { id: r.id, name: r.name },
        label: r.name,
      },
      definition: DEF[m].definition[zh],
      source:
        m === 'costPerHectare' ? `${source} + GET /analytics/costs?groupBy=machine&from=${c.from}&to=${c.to}` : source,
    })),
  );
}

/** "上周机手作业小时排名：" / "Operators ranked by hours worked:" */
export function rowHeading(i: RowFigureInput, c: FigureContext): string | null {
  const zh = c.language === 'zh';
  const s = i.subject;
  if (s.kind === 'machines') return null;
  const byHours = i.metrics.includes('hours') && !i.metrics.includes('hectares');
  const what = byHours ? (zh ? '作业小时' : 'hours worked') : zh ? '作业面积' : 'hectares worked';
  if (s.kind === 'rankOperators') return zh ? `机手按${what}排名（前 5）：` : `Operators by ${what} (top 5):`;
  return zh ? `机器按${what}排名（前 5）：` : `Machines by ${what} (top 5):`;
}
