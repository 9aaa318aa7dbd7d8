'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { sameOrg } from '@/lib/queries';
import { BarFigure, Kpi, type Datum } from './bar-figure';
import { HectaresFigure } from './hectares-figure';
import { useFigures } from './formatters';
import { KpiGrid } from './kpi-grid';
import { previousPeriod } from './period';
import { analyticsMessages } from './messages';
import { PeriodPicker, usePeriod } from './period-picker';
import { operationsQuery, overviewQuery, pct, utilizationQuery } from './queries';
import { machineColumn, Section, TABLE_PAGE, td, useShowMore, type P } from './ui';
import { numberColumnOf, SortableTable } from './sortable-table';
import { CostsSection, MaintenanceSection } from './maintenance-costs-sections';
import { ExportButton } from '@/components/export-button';

export function AnalyticsDashboard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const period = usePeriod(timeZone);
  const p = { from: period.from, to: period.to };
  return (
    <div className="space-y-8">
      <PeriodPicker period={period} />
      <ExportButton orgId={orgId} list="analytics" query={p} />
      <OverviewSection orgId={orgId} p={p} />
      <UtilizationSection orgId={orgId} p={p} />
      <OperationsSection orgId={orgId} p={p} />
      <MaintenanceSection orgId={orgId} p={p} />
      <CostsSection orgId={orgId} p={p} />
    </div>
  );
}

function OverviewSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const q = useQuery({ ...overviewQuery(orgId, p), placeholderData: sameOrg(orgId) });
  // the same length just before: change vs the previous period
  const prev = useQuery(overviewQuery(orgId, previousPeriod(p)));
  return (
    <Section id="an-overview" busy={q.isPlaceholderData} title={m.sections.overview}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <KpiGrid data={q.data} previous={prev.data} />
      )}
    </Section>
  );
}

function UtilizationSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  // the whole fleet (pages of up to 200): the chart ranks it, the table sorts it and shows 20 rows at a time
  const q = useInfiniteQuery({ ...utilizationQuery(orgId, p, 200), placeholderData: sameOrg(orgId) });
  const more = useShowMore(TABLE_PAGE, q);
  const fleet = q.data?.pages[0]?.fleet;
  const rows = q.data?.pages.flatMap((x) => x.items) ?? [];
  const num = numberColumnOf(rows);
  const chart: Datum[] = rows
    .filter((r) => r.utilization !== null && r.utilization > 0)
    .sort((a, b) => (b.utilization ?? 0) - (a.utilization ?? 0))
    .slice(0, 12)
    .map((r) => ({ key: r.assetId, label: r.name, value: pct(r.utilization) ?? 0 }));
  const top = chart[0];

  return (
    <Section id="an-util" busy={q.isPlaceholderData} title={m.sections.utilization}>
      {q.isPending ? (
        <Loading />
      ) : q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {fleet ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Kpi label={m.kpi.utilization} value={f.ratio(fleet.utilization)} />
              <Kpi label={m.kpi.productiveHours} value={f.hours(fleet.productiveHours)} />
              <Kpi
                label={m.kpi.availableHours}
                value={f.hours(fleet.availableHours)}
                hint={format(m.kpi.workday, { hours: q.data.pages[0]?.workdayHours ?? 10 })}
              />
              <Kpi
                label={m.kpi.downtimeHours}
                value={f.hours(fleet.downtimeHours)}
                hint={format(m.kpi.machines, { count: fleet.machines })}
              />
            </dl>
          ) : null}
          <BarFigure
            id="an-util-chart"
            title={m.charts.utilTitle}
            summary={
              top
                ? format(m.charts.utilSummary, {
                    fleet: f.ratio(fleet?.utilization),
                    top: top.label,
                    value: f.percent(top.value),
                    count: chart.length,
                  })
                : format(m.charts.utilSummaryNone, { fleet: f.ratio(fleet?.utilization) })
            }
            data={chart}
            format={(v) => f.percent(v)}
            labelHeader={m.table.machine}
            valueHeader={m.kpi.utilization}
            emptyText={m.charts.utilEmpty}
          />
          <SortableTable
            caption={m.table.utilCaption}
            rows={rows}
            rowKey={(r) => r.assetId}
            limit={more.limit}
            defaultSort={{ key: 'utilization', dir: 'desc' }}
            columns={[
              machineColumn(orgId, m.table.machine),
              { key: 'kind', header: m.table.kind, value: (r) => l.kind[r.kind], cell: (r) => l.kind[r.kind] },
              num('jobs', m.table.jobs, (r) => r.jobs),
              num('productive', m.kpi.productiveHours, (r) => r.productiveHours, f.hours),
              num('downtime', m.kpi.downtimeHours, (r) => r.downtimeHours, f.hours),
              num('available', m.kpi.availableHours, (r) => r.availableHours, f.hours),
              num('utilization', m.kpi.utilization, (r) => r.utilization, f.ratio),
            ]}
          />
          {q.isError ? <QueryError error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
          <LoadMore hasNextPage={more.hasMore} isFetchingNextPage={q.isFetchingNextPage} onClick={more.showMore} />
        </>
      )}
    </Section>
  );
}

function OperationsSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const q = useQuery({ ...operationsQuery(orgId, p), placeholderData: sameOrg(orgId) });
  return (
    <Section id="an-ops" busy={q.isPlaceholderData} title={m.sections.operations}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        (() => {
          const num = numberColumnOf(q.data.items);
          return (
            <>
              <HectaresFigure id="an-ops-chart" data={q.data} />
              <SortableTable
                caption={m.table.opsCaption}
                rows={q.data.items}
                rowKey={(r) => r.operationType}
                defaultSort={{ key: 'hectares', dir: 'desc' }}
                columns={[
                  {
                    key: 'operation',
                    header: m.table.operation,
                    value: (r) => l.operation[r.operationType],
                    cell: (r) => l.operation[r.operationType],
                  },
                  num('jobs', m.table.jobs, (r) => r.jobs),
                  num('hectares', m.kpi.hectares, (r) => r.hectares, f.ha),
                  num('hours', m.table.hours, (r) => r.hours, f.hours),
                  num('capacity', m.table.capacity, (r) => r.fieldCapacityHaPerHour, f.haPerHour),
                ]}
                footer={
                  <tr className="border-t-2 border-slate-200 font-semibold">
                    <th scope="row" className="py-2 pr-4 text-slate-900">
                      {m.table.total}
                    </th>
                    <td className={td}>{q.data.totals.jobs}</td>
                    <td className={td}>{f.ha(q.data.totals.hectares)}</td>
                    <td className={td}>{f.hours(q.data.totals.hours)}</td>
                    <td className={td}>{f.haPerHour(q.data.totals.fieldCapacityHaPerHour)}</td>
                  </tr>
                }
              />
            </>
          );
        })()
      )}
    </Section>
  );
}
