'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { Kpi } from './bar-figure';
import { useFigures } from './formatters';
import { analyticsMessages } from './messages';

/** The period's headline figures from GET analytics/overview. */
export function KpiGrid({ data }: { data: TAnalyticsOverview }) {
  const m = useMessages(analyticsMessages);
  const f = useFigures();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      <Kpi label={m.kpi.utilization} value={f.ratio(data.utilization)} hint={format(m.kpi.utilizationHint, { productive: f.hours(data.productiveHours), available: f.hours(data.availableHours) })} />
      <Kpi label={m.kpi.hectares} value={f.ha(data.hectares)} hint={format(m.kpi.jobsCompleted, { count: data.jobs.COMPLETED })} />
      <Kpi label={m.kpi.costPerHectare} value={f.fen(data.costs.costPerHectareMinor)} hint={format(m.kpi.totalCost, { total: f.fen(data.costs.totalMinor) })} />
      <Kpi label={m.kpi.costPerEngineHour} value={f.fen(data.costs.costPerEngineHourMinor)} hint={format(m.kpi.engineHours, { hours: f.hours(data.engineHours) })} />
      <Kpi label={m.kpi.mtbf} value={f.hours(data.mtbfHours)} hint={format(m.kpi.failures, { count: data.failures })} />
      <Kpi label={m.kpi.mttr} value={f.hours(data.mttrHours)} hint={format(m.kpi.availability, { value: f.ratio(data.operationalAvailability) })} />
    </dl>
  );
}
