'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { BarFigure, Kpi, type Datum } from './bar-figure';
import { useFigures } from './formatters';
import { KpiGrid } from './kpi-grid';
import { previousPeriod } from './period';
import { analyticsMessages } from './messages';
import { PeriodPicker, usePeriod } from './period-picker';
import { operationsQuery, overviewQuery, pct, utilizationQuery } from './queries';
import { DataTable, hectaresByOperation, Section, TABLE_PAGE, td, type P } from './ui';
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
  // the same length just before: change vs the previous period (issue #12)
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
  // the table pages 20 machines at a time; the chart ranks the whole fleet (one page of up to 200)
  const q = useInfiniteQuery({ ...utilizationQuery(orgId, p, TABLE_PAGE), placeholderData: sameOrg(orgId) });
  const all = useInfiniteQuery({ ...utilizationQuery(orgId, p, 200), placeholderData: sameOrg(orgId) });
  const fleet = q.data?.pages[0]?.fleet;
  const rows = q.data?.pages.flatMap((x) => x.items) ?? [];
  const chart: Datum[] = (all.data?.pages[0]?.items ?? [])
    .filter((r) => r.utilization !== null && r.utilization > 0)
    .sort((a, b) => (b.utilization ?? 0) - (a.utilization ?? 0))
    .slice(0, 12)
    .map((r) => ({ key: r.assetId, label: r.name, value: pct(r.utilization) ?? 0 }));
  const top = chart[0];

  return (
    <Section id="an-util" busy={q.isPlaceholderData || all.isPlaceholderData} title={m.sections.utilization}>
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
          <DataTable
            caption={m.table.utilCaption}
            head={[
              m.table.machine,
              m.table.kind,
              m.table.jobs,
              m.kpi.productiveHours,
              m.kpi.downtimeHours,
              m.kpi.availableHours,
              m.kpi.utilization,
            ]}
            numericFrom={2}
          >
            {rows.map((r) => (
              <tr key={r.assetId}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  <Link
                    href={orgPath(orgId, `assets/${r.assetId}`)}
                    className="text-emerald-800 underline-offset-2 hover:underline"
                  >
                    {r.name}
                  </Link>
                </th>
                <td className="whitespace-nowrap py-2 pr-4 text-slate-700">{l.kind[r.kind]}</td>
                <td className={td}>{r.jobs}</td>
                <td className={td}>{f.hours(r.productiveHours)}</td>
                <td className={td}>{f.hours(r.downtimeHours)}</td>
                <td className={td}>{f.hours(r.availableHours)}</td>
                <td className={td}>{f.ratio(r.utilization)}</td>
              </tr>
            ))}
          </DataTable>
          {q.isError ? <QueryError error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
          <LoadMore
            hasNextPage={q.hasNextPage}
            isFetchingNextPage={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          />
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
          const chart = hectaresByOperation(q.data.items, l.operation);
          const top = [...chart].sort((a, b) => b.value - a.value)[0];
          return (
            <>
              <BarFigure
                id="an-ops-chart"
                title={m.charts.hectaresTitle}
                summary={
                  top
                    ? format(m.charts.hectaresSummary, {
                        total: f.ha(q.data.totals.hectares),
                        jobs: q.data.totals.jobs,
                        top: top.label,
                        value: f.ha(top.value),
                      })
                    : m.charts.hectaresEmpty
                }
                data={chart}
                format={(v) => f.ha(v)}
                labelHeader={m.table.operation}
                valueHeader={m.kpi.hectares}
                emptyText={m.charts.hectaresEmpty}
                color="#0369a1"
              />
              <DataTable
                caption={m.table.opsCaption}
                head={[m.table.operation, m.table.jobs, m.kpi.hectares, m.table.hours, m.table.capacity]}
              >
                {q.data.items.map((r) => (
                  <tr key={r.operationType}>
                    <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
                      {l.operation[r.operationType]}
                    </th>
                    <td className={td}>{r.jobs}</td>
                    <td className={td}>{f.ha(r.hectares)}</td>
                    <td className={td}>{f.hours(r.hours)}</td>
                    <td className={td}>{f.haPerHour(r.fieldCapacityHaPerHour)}</td>
                  </tr>
                ))}
                <tr className="border-t-2 border-slate-200 font-semibold">
                  <th scope="row" className="py-2 pr-4 text-slate-900">
                    {m.table.total}
                  </th>
                  <td className={td}>{q.data.totals.jobs}</td>
                  <td className={td}>{f.ha(q.data.totals.hectares)}</td>
                  <td className={td}>{f.hours(q.data.totals.hours)}</td>
                  <td className={td}>{f.haPerHour(q.data.totals.fieldCapacityHaPerHour)}</td>
                </tr>
              </DataTable>
            </>
          );
        })()
      )}
    </Section>
  );
}
