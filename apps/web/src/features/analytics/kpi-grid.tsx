'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { Kpi } from './bar-figure';
import { useFigures } from './formatters';
import { analyticsMessages } from './messages';

/** The period's headline figures from GET analytics/overview. */
export function KpiGrid({ data, previous }: { data: TAnalyticsOverview; previous?: TAnalyticsOverview }) {
  const m = useMessages(analyticsMessages);
  const f = useFigures();
  // change vs the previous period of the same length: relative for amounts, points for ratios
  const rel = (now: number | null, before: number | null | undefined) =>
    previous && now !== null && before !== null && before !== undefined && before !== 0
      ? format(m.change.relative, { value: `${now >= before ? '+' : ''}${f.num(((now - before) / before) * 100, 1)}%` })
      : null;
  const points = (now: number | null, before: number | null | undefined) =>
    previous && now !== null && before !== null && before !== undefined
      ? format(m.change.points, { value: `${now >= before ? '+' : ''}${f.num((now - before) * 100, 1)}` })
      : null;
  const fenNum = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
        <Kpi
          label={m.kpi.utilization}
          change={points(data.utilization, previous?.utilization)}
          value={f.ratio(data.utilization)}
          hint={format(m.kpi.utilizationHint, {
            productive: f.hours(data.productiveHours),
            available: f.hours(data.availableHours),
          })}
        />
        <Kpi
          label={m.kpi.hectares}
          change={rel(data.hectares, previous?.hectares)}
          value={f.ha(data.hectares)}
          hint={format(m.kpi.jobsCompleted, { count: data.jobs.COMPLETED })}
        />
        <Kpi
          label={m.kpi.costPerHectare}
          change={rel(fenNum(data.costs.costPerHectareMinor), fenNum(previous?.costs.costPerHectareMinor))}
          value={f.fen(data.costs.costPerHectareMinor)}
          hint={format(m.kpi.totalCost, { total: f.fen(data.costs.totalMinor) })}
        />
        <Kpi
          label={m.kpi.costPerEngineHour}
          value={f.fen(data.costs.costPerEngineHourMinor)}
          hint={format(m.kpi.engineHours, { hours: f.hours(data.engineHours) })}
        />
        <Kpi
          label={m.kpi.mtbf}
          change={rel(data.mtbfHours, previous?.mtbfHours)}
          value={f.hours(data.mtbfHours)}
          hint={format(m.kpi.failures, { count: data.failures })}
        />
        <Kpi
          label={m.kpi.mttr}
          value={f.hours(data.mttrHours)}
          hint={format(m.kpi.availability, { value: f.ratio(data.operationalAvailability) })}
        />
      </dl>
      <KpiDefinitions data={data} />
    </>
  );
}

/**
 * What the headline figures are measured against ("analytics that explain
 * themselves"): the definitions next to the numbers, and approved vs awaiting costs said plainly.
 */
function KpiDefinitions({ data }: { data: TAnalyticsOverview }) {
  const m = useMessages(analyticsMessages);
  const f = useFigures();
  return (
    <details className="mt-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">{m.defs.title}</summary>
      <dl className="mt-2 space-y-2">
        {(['utilization', 'hours', 'costs', 'mtbf', 'mttr'] as const).map((k) => (
          <div key={k}>
            <dt className="font-semibold text-slate-900">{m.defs[k].term}</dt>
            <dd>
              {format(m.defs[k].text, {
                productive: f.hours(data.productiveHours),
                available: f.hours(data.availableHours),
                engine: f.hours(data.engineHours),
                approved: f.fen(data.costs.totalMinor),
                awaiting: f.fen(data.costs.awaitingApproval.totalMinor),
                documents: data.costs.awaitingApproval.documents,
                failures: data.failures,
              })}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
