'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { sameOrg } from '@/lib/queries';
import { BarFigure, type Datum } from '../analytics/bar-figure';
import { useFigures } from '../analytics/formatters';
import { HectaresFigure } from '../analytics/hectares-figure';
import { analyticsMessages } from '../analytics/messages';
import { costsQuery, fenToNumber, operationsQuery, pct, utilizationQuery } from '../analytics/queries';
import { enumLabels } from '@/lib/labels';
import { KPI_UTILIZATION_LIMIT } from './kpi-limits';
import { dashboardMessages } from './messages';

export function KpiCharts({
  orgId,
  p,
  overview,
}: {
  orgId: string;
  p: { from: string; to: string };
  overview: TAnalyticsOverview | undefined;
}) {
  const m = useMessages(dashboardMessages);
  const a = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const ops = useQuery({ ...operationsQuery(orgId, p), placeholderData: sameOrg(orgId) });
  const util = useInfiniteQuery({
    ...utilizationQuery(orgId, p, KPI_UTILIZATION_LIMIT),
    placeholderData: sameOrg(orgId),
  });
  const costs = useQuery({ ...costsQuery(orgId, p, 'category'), placeholderData: sameOrg(orgId) });

  const utilRows = util.data?.pages[0]?.items ?? [];
  const utilChart: Datum[] = utilRows
    .filter((r) => r.utilization !== null && r.utilization > 0)
    .sort((x, y) => (y.utilization ?? 0) - (x.utilization ?? 0))
    .slice(0, 8)
    .map((r) => ({ key: r.assetId, label: r.name, value: pct(r.utilization) ?? 0 }));
  const costChart: Datum[] = (costs.data?.items ?? [])
    .filter((i) => i.totalMinor !== '0')
    .map((i) => ({
      key: i.key,
      label: l.costCategory[i.key as keyof typeof l.costCategory] ?? i.label,
      value: fenToNumber(i.totalMinor),
    }));
  const topCost = [...costChart].sort((x, y) => y.value - x.value)[0];
  const reliability: Datum[] =
    overview && (overview.mtbfHours !== null || overview.mttrHours !== null)
      ? [
          { key: 'mtbf', label: m.kpis.mtbf, value: overview.mtbfHours ?? 0 },
          { key: 'mttr', label: m.kpis.mttr, value: overview.mttrHours ?? 0 },
        ]
      : [];

  const wrap = (
    q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
    node: ReactNode,
  ) => (q.isPending ? <Loading /> : q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : node);

  return (
    <div
      aria-busy={ops.isPlaceholderData || util.isPlaceholderData || costs.isPlaceholderData}
      className={`grid gap-4 lg:grid-cols-2 transition-opacity ${ops.isPlaceholderData || util.isPlaceholderData || costs.isPlaceholderData ? 'opacity-60' : ''}`}
    >
      {wrap(
        util,
        <BarFigure
          id="kpi-util"
          title={a.charts.utilTitle}
          summary={
            utilChart[0]
              ? format(a.charts.utilSummary, {
                  fleet: f.ratio(util.data?.pages[0]?.fleet.utilization),
                  top: utilChart[0].label,
                  value: f.percent(utilChart[0].value),
                  count: utilChart.length,
                })
              : format(a.charts.utilSummaryNone, { fleet: f.ratio(util.data?.pages[0]?.fleet.utilization) })
          }
          data={utilChart}
          format={(v) => f.percent(v)}
          labelHeader={a.table.machine}
          valueHeader={a.kpi.utilization}
          emptyText={a.charts.utilEmpty}
        />,
      )}
      {wrap(ops, ops.data ? <HectaresFigure id="kpi-hectares" data={ops.data} /> : null)}
      {wrap(
        costs,
        <BarFigure
          id="kpi-costs"
          title={format(a.charts.costsTitle, { by: a.charts.groupings.category })}
          summary={
            topCost && costs.data
              ? `${format(a.charts.costsSummary, { total: f.fen(costs.data.totalMinor), top: topCost.label, value: f.yuan(topCost.value) })} ${a.kpi.costPerHectare}: ${f.fen(costs.data.costPerHectareMinor)}.`
              : a.charts.costsEmpty
          }
          data={costChart}
          format={(v) => f.yuan(v)}
          labelHeader={a.charts.groupings.category}
          valueHeader={a.table.amount}
          emptyText={a.charts.costsEmpty}
          color="#7c3aed"
        />,
      )}
      <BarFigure
        id="kpi-reliability"
        title={m.kpis.reliabilityTitle}
        summary={
          overview && reliability.length
            ? format(m.kpis.reliabilitySummary, {
                mtbf: f.hours(overview.mtbfHours),
                mttr: f.hours(overview.mttrHours),
                failures: overview.failures,
              })
            : m.kpis.reliabilityEmpty
        }
        data={reliability}
        format={(v) => f.hours(v)}
        labelHeader={m.kpis.indicator}
        valueHeader={m.kpis.value}
        emptyText={m.kpis.reliabilityEmpty}
        color="#b45309"
      />
    </div>
  );
}
