'use client';

import { COST_GROUPINGS } from '@amms/contracts/analytics';
import type { TOperationType } from '@amms/contracts/assets';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { SelectField } from '@/components/ui/form';
import { HeadRow } from '@/components/ui/list';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { BarFigure, Kpi, type Datum } from './bar-figure';
import { useFigures } from './formatters';
import { KpiGrid } from './kpi-grid';
import { analyticsMessages } from './messages';
import { PeriodPicker, usePeriod } from './period-picker';
import { costsQuery, fenToNumber, maintenanceQuery, operationsQuery, overviewQuery, pct, utilizationQuery, type CostGrouping } from './queries';
import { ExportButton } from '@/components/export-button';

type P = { from: string; to: string };

function Section({ id, title, children, actions, busy = false }: { id: string; title: string; children: ReactNode; actions?: ReactNode; busy?: boolean }) {
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={busy} className={`space-y-3 transition-opacity ${busy ? 'opacity-60' : ''}`}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function DataTable({ caption, head, children, numericFrom = 1 }: { caption: string; head: string[]; children: ReactNode; numericFrom?: number }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
      <table className="min-w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <HeadRow className="py-2 pr-4 font-semibold" cells={head.map((h, i) => (i >= numericFrom ? { label: h, className: 'py-2 pr-4 font-semibold text-right' } : h))} />
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

const td = 'py-2 pr-4 text-right tabular-nums text-slate-800 whitespace-nowrap';
const TABLE_PAGE = 20;

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
  return (
    <Section id="an-overview" busy={q.isPlaceholderData} title={m.sections.overview}>
      {q.isPending ? <Loading /> : q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : <KpiGrid data={q.data} />}
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
              <Kpi label={m.kpi.availableHours} value={f.hours(fleet.availableHours)} hint={format(m.kpi.workday, { hours: q.data.pages[0]?.workdayHours ?? 10 })} />
              <Kpi label={m.kpi.downtimeHours} value={f.hours(fleet.downtimeHours)} hint={format(m.kpi.machines, { count: fleet.machines })} />
            </dl>
          ) : null}
          <BarFigure
            id="an-util-chart"
            title={m.charts.utilTitle}
            summary={
              top
                ? format(m.charts.utilSummary, { fleet: f.ratio(fleet?.utilization), top: top.label, value: f.percent(top.value), count: chart.length })
                : format(m.charts.utilSummaryNone, { fleet: f.ratio(fleet?.utilization) })
            }
            data={chart}
            format={(v) => f.percent(v)}
            labelHeader={m.table.machine}
            valueHeader={m.kpi.utilization}
            emptyText={m.charts.utilEmpty}
          />
          <DataTable caption={m.table.utilCaption} head={[m.table.machine, m.table.kind, m.table.jobs, m.kpi.productiveHours, m.kpi.downtimeHours, m.kpi.availableHours, m.kpi.utilization]} numericFrom={2}>
            {rows.map((r) => (
              <tr key={r.assetId}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  <Link href={orgPath(orgId, `assets/${r.assetId}`)} className="text-emerald-800 underline-offset-2 hover:underline">
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
          <LoadMore hasNextPage={q.hasNextPage} isFetchingNextPage={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} />
        </>
      )}
    </Section>
  );
}

export function hectaresByOperation(items: { operationType: TOperationType; hectares: number }[], labels: Record<TOperationType, string>): Datum[] {
  return items.filter((i) => i.hectares > 0).map((i) => ({ key: i.operationType, label: labels[i.operationType], value: i.hectares }));
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
                summary={top ? format(m.charts.hectaresSummary, { total: f.ha(q.data.totals.hectares), jobs: q.data.totals.jobs, top: top.label, value: f.ha(top.value) }) : m.charts.hectaresEmpty}
                data={chart}
                format={(v) => f.ha(v)}
                labelHeader={m.table.operation}
                valueHeader={m.kpi.hectares}
                emptyText={m.charts.hectaresEmpty}
                color="#0369a1"
              />
              <DataTable caption={m.table.opsCaption} head={[m.table.operation, m.table.jobs, m.kpi.hectares, m.table.hours, m.table.capacity]}>
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

function MaintenanceSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const f = useFigures();
  const q = useInfiniteQuery({ ...maintenanceQuery(orgId, p, TABLE_PAGE), placeholderData: sameOrg(orgId) });
  const all = useInfiniteQuery({ ...maintenanceQuery(orgId, p, 200), placeholderData: sameOrg(orgId) });
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((x) => x.items) ?? [];
  const chart: Datum[] = (all.data?.pages[0]?.items ?? [])
    .filter((r) => r.downtimeHours > 0)
    .sort((a, b) => b.downtimeHours - a.downtimeHours)
    .slice(0, 10)
    .map((r) => ({ key: r.assetId, label: r.name, value: r.downtimeHours }));
  const top = chart[0];

  return (
    <Section id="an-mnt" busy={q.isPlaceholderData || all.isPlaceholderData} title={m.sections.maintenance}>
      {q.isPending ? (
        <Loading />
      ) : q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : first ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
            <Kpi label={m.kpi.mtbf} value={f.hours(first.fleet.mtbfHours)} hint={format(m.kpi.failures, { count: first.fleet.failures })} />
            <Kpi label={m.kpi.mttr} value={f.hours(first.fleet.mttrHours)} hint={format(m.kpi.repairs, { count: first.fleet.repairs })} />
            <Kpi label={m.kpi.inherentAvailability} value={f.ratio(first.fleet.inherentAvailability)} />
            <Kpi label={m.kpi.operationalAvailability} value={f.ratio(first.fleet.operationalAvailability)} />
            <Kpi label={m.kpi.downtimeHours} value={f.hours(first.fleet.downtimeHours)} />
            <Kpi
              label={m.kpi.pmCompliance}
              value={f.ratio(first.pmCompliance.ratio)}
              hint={format(m.kpi.pmHint, { onTime: first.pmCompliance.onTime, due: first.pmCompliance.due, late: first.pmCompliance.late })}
            />
          </dl>
          <BarFigure
            id="an-mnt-chart"
            title={m.charts.downtimeTitle}
            summary={top ? format(m.charts.downtimeSummary, { total: f.hours(first.fleet.downtimeHours), top: top.label, value: f.hours(top.value) }) : m.charts.downtimeEmpty}
            data={chart}
            format={(v) => f.hours(v)}
            labelHeader={m.table.machine}
            valueHeader={m.kpi.downtimeHours}
            emptyText={m.charts.downtimeEmpty}
            color="#b45309"
          />
          <DataTable
            caption={m.table.mntCaption}
            head={[m.table.machine, m.table.failures, m.kpi.mtbf, m.table.repairs, m.kpi.mttr, m.kpi.downtimeHours, m.kpi.operationalAvailability, m.table.pm]}
          >
            {rows.map((r) => (
              <tr key={r.assetId}>
                <th scope="row" className="py-2 pr-4 font-normal">
                  <Link href={orgPath(orgId, `assets/${r.assetId}`)} className="text-emerald-800 underline-offset-2 hover:underline">
                    {r.name}
                  </Link>
                </th>
                <td className={td}>{r.failures}</td>
                <td className={td}>{f.hours(r.mtbfHours)}</td>
                <td className={td}>{r.repairs}</td>
                <td className={td}>{f.hours(r.mttrHours)}</td>
                <td className={td}>{f.hours(r.downtimeHours)}</td>
                <td className={td}>{f.ratio(r.operationalAvailability)}</td>
                <td className={td}>{r.pmDue ? `${r.pmOnTime}/${r.pmDue}` : '—'}</td>
              </tr>
            ))}
          </DataTable>
          {q.isError ? <QueryError error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
          <LoadMore hasNextPage={q.hasNextPage} isFetchingNextPage={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()} />
        </>
      ) : null}
    </Section>
  );
}

function CostsSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const [groupBy, setGroupBy] = useState<CostGrouping>('category');
  const q = useQuery({ ...costsQuery(orgId, p, groupBy), placeholderData: sameOrg(orgId) });
  const label = (key: string, fallback: string) =>
    groupBy === 'category' ? (l.costCategory[key as keyof typeof l.costCategory] ?? fallback) : key === 'unassigned' ? m.charts.unassigned : fallback;

  return (
    <Section
      id="an-costs"
      busy={q.isPlaceholderData}
      title={m.sections.costs}
      actions={
        <SelectField label={m.charts.groupBy} value={groupBy} onChange={(e) => setGroupBy(e.target.value as CostGrouping)} className="w-44">
          {COST_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {m.charts.groupings[g]}
            </option>
          ))}
        </SelectField>
      }
    >
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        (() => {
          const data = q.data;
          const chart: Datum[] = data.items.filter((i) => i.totalMinor !== '0').map((i) => ({ key: i.key, label: label(i.key, i.label), value: fenToNumber(i.totalMinor) }));
          const top = [...chart].sort((a, b) => b.value - a.value)[0];
          return (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <Kpi label={m.kpi.totalCostLabel} value={f.fen(data.totalMinor)} hint={format(m.kpi.documents, { count: data.documents })} />
                <Kpi label={m.kpi.costPerHectare} value={f.fen(data.costPerHectareMinor)} hint={f.ha(data.hectares)} />
                <Kpi label={m.kpi.costPerEngineHour} value={f.fen(data.costPerEngineHourMinor)} hint={f.hours(data.engineHours)} />
              </dl>
              <BarFigure
                id="an-costs-chart"
                title={format(m.charts.costsTitle, { by: m.charts.groupings[groupBy] })}
                summary={top ? format(m.charts.costsSummary, { total: f.fen(data.totalMinor), top: top.label, value: f.yuan(top.value) }) : m.charts.costsEmpty}
                data={chart}
                format={(v) => f.yuan(v)}
                labelHeader={m.charts.groupings[groupBy]}
                valueHeader={m.table.amount}
                emptyText={m.charts.costsEmpty}
                color="#7c3aed"
              />
              <DataTable caption={m.table.costsCaption} head={[m.charts.groupings[groupBy], m.table.documents, m.table.amount]}>
                {data.items.map((i) => (
                  <tr key={i.key}>
                    <th scope="row" className="py-2 pr-4 font-normal text-slate-800">
                      {label(i.key, i.label)}
                    </th>
                    <td className={td}>{i.documents}</td>
                    <td className={td}>{f.fen(i.totalMinor)}</td>
                  </tr>
                ))}
                <tr className="border-t-2 border-slate-200 font-semibold">
                  <th scope="row" className="py-2 pr-4 text-slate-900">
                    {m.table.total}
                  </th>
                  <td className={td}>{data.documents}</td>
                  <td className={td}>{f.fen(data.totalMinor)}</td>
                </tr>
              </DataTable>
            </>
          );
        })()
      )}
    </Section>
  );
}
