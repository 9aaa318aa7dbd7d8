/**
 * The words of a business answer's figures, per metric key, in both languages ([zh, en]): the API
 * writes a figure's label and definition in the goal's language, and a reader sees them in theirs
 * (an answer given in Chinese reads "Utilization" in the English UI; the answer's text stays as
 * written). Formulas: docs/architecture.md § Analytics formulas.
 */
import type { TAgentFigure } from './agent.js';

export interface FigureDef {
  label: readonly [string, string];
  unit: string;
  definition: readonly [string, string];
}

/** Fleet figures (one per report, or per machine of a team), keyed by `metric`. */
export const FLEET_FIGURES: Readonly<Record<string, FigureDef>> = {
  costPerHectareMinor: {
    label: ['每公顷成本', 'Cost per hectare'],
    unit: 'CNY_FEN_PER_HA',
    definition: [
      '期间内已审批费用单据合计 ÷ 期间内完成作业的公顷数（分/公顷）',
      'APPROVED cost documents dated in the period ÷ hectares of jobs completed in the period (fen per ha)',
    ],
  },
  costPerEngineHourMinor: {
    label: ['每发动机小时成本', 'Cost per engine hour'],
    unit: 'CNY_FEN_PER_H',
    definition: [
      '期间内已审批费用合计 ÷ 动力机械（拖拉机、自走式）的作业小时（分/小时）',
      'APPROVED costs in the period ÷ productive hours of powered machines (fen per hour)',
    ],
  },
  totalMinor: {
    label: ['总成本', 'Total cost'],
    unit: 'CNY_FEN',
    definition: [
      '期间内日期落在期间的已审批费用单据合计（分）',
      'sum of APPROVED cost documents dated in the period (fen)',
    ],
  },
  utilization: {
    label: ['利用率', 'Utilization'],
    unit: 'RATIO',
    definition: [
      '作业小时 ÷ 可用小时（工作日 × 每日工时 − 停机），0..1',
      'productive hours ÷ available hours (working days × workday hours − downtime), 0..1',
    ],
  },
  failures: {
    label: ['故障次数', 'Failures'],
    unit: 'COUNT',
    definition: [
      '期间内开始停机（否则报告）的故障维修工单数（不含取消）',
      'CORRECTIVE work orders (not cancelled) whose downtime started (else: reported) in the period',
    ],
  },
  mtbfHours: {
    label: ['平均故障间隔（MTBF）', 'MTBF'],
    unit: 'HOURS',
    definition: ['作业小时 ÷ 故障次数（按运行小时计）', 'productive (operating) hours ÷ failures, in operating hours'],
  },
  mttrHours: {
    label: ['平均修复时间（MTTR）', 'MTTR'],
    unit: 'HOURS',
    definition: [
      '期间内验收的故障维修工单从停机开始到验收的平均小时',
      'mean hours from downtime start to acceptance of CORRECTIVE orders closed in the period',
    ],
  },
  operationalAvailability: {
    label: ['运行可用率', 'Operational availability'],
    unit: 'RATIO',
    definition: ['1 − 停机小时 ÷（机器数 × 期间小时），0..1', '1 − downtime hours ÷ (machines × period hours), 0..1'],
  },
  inherentAvailability: {
    label: ['固有可用率', 'Inherent availability'],
    unit: 'RATIO',
    definition: ['MTBF ÷（MTBF + MTTR），0..1', 'MTBF ÷ (MTBF + MTTR), 0..1'],
  },
  downtimeHours: {
    label: ['停机小时', 'Downtime'],
    unit: 'HOURS',
    definition: ['机器停机时段与期间重叠的小时合计', 'hours of machine downtime overlapping the period'],
  },
  hectares: {
    label: ['作业面积', 'Hectares worked'],
    unit: 'HA',
    definition: ['期间内完成作业的公顷数', 'hectares of jobs completed in the period'],
  },
  pmCompliance: {
    label: ['保养按时率', 'PM compliance'],
    unit: 'RATIO',
    definition: [
      '计划结束在期间内的预防性保养工单中按时验收的比例，0..1',
      'preventive orders with plannedEnd in the period accepted on time (≤ plannedEnd + grace) ÷ due, 0..1',
    ],
  },
  jobsCompleted: {
    label: ['完成作业数', 'Jobs completed'],
    unit: 'COUNT',
    definition: ['期间内完成（completedAt 在期间内）的作业数', 'jobs whose completedAt is in the period'],
  },
};

/** Figures per machine or person from the job records (`source` starts with `GET /jobs`). */
export const ROW_FIGURES: Readonly<Record<string, FigureDef>> = {
  hectares: {
    label: ['作业面积', 'Hectares worked'],
    unit: 'HA',
    definition: ['期间内完成的作业的完成面积（公顷）', 'area done of the jobs completed in the period (ha)'],
  },
  hours: {
    label: ['作业小时', 'Hours worked'],
    unit: 'HOURS',
    definition: ['期间内完成的作业的实际工时合计', 'actual hours of the jobs completed in the period'],
  },
  fuelPerHectare: {
    label: ['每公顷油耗', 'Fuel per hectare'],
    unit: 'L_PER_HA',
    definition: [
      '记录了油耗的已完成作业：升 ÷ 这些作业的公顷',
      'completed jobs that recorded fuel: litres ÷ their hectares',
    ],
  },
  costPerHectare: {
    label: ['每公顷成本', 'Cost per hectare'],
    unit: 'CNY_FEN_PER_HA',
    definition: [
      '该机器期间内已审批费用 ÷ 它完成作业的公顷（分/公顷）',
      "the machine's APPROVED costs in the period ÷ hectares of its completed jobs (fen per ha)",
    ],
  },
};

/** A figure per machine or person from the job records (its scope label is that machine's or person's name). */
export const isRowFigure = (f: Pick<TAgentFigure, 'source'>): boolean => f.source.startsWith('GET /jobs');

/** The figure's label and definition in `language`; those of an unknown metric stay as the API wrote them. */
export function figureWords(f: TAgentFigure, language: 'zh' | 'en'): { label: string; definition: string } {
  const def = (isRowFigure(f) ? ROW_FIGURES : FLEET_FIGURES)[f.metric];
  if (!def) return { label: f.label, definition: f.definition };
  const i = language === 'zh' ? 0 : 1;
  return { label: def.label[i], definition: def.definition[i] };
}
