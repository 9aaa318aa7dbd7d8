'use client';

import { COST_GROUPINGS } from '@amms/contracts/analytics';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { SelectField } from '@/components/ui/form';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { BarFigure, Kpi, type Datum } from './bar-figure';
import { useFigures } from './formatters';
import { analyticsMessages } from './messages';
import { costsQuery, fenToNumber, maintenanceQuery, type CostGrouping } from './queries';
import { DataTable, Section, TABLE_PAGE, td, type P } from './ui';

/** The maintenance and cost sections of the analytics page. */
export function MaintenanceSection({ orgId, p }: { orgId: string; p: P }) {
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
            <Kpi
              label={m.kpi.mtbf}
              value={f.hours(first.fleet.mtbfHours)}
              hint={format(m.kpi.failures, { count: first.fleet.failures })}
            />
            <Kpi
              label={m.kpi.mttr}
              value={f.hours(first.fleet.mttrHours)}
              hint={format(m.kpi.repairs, { count: first.fleet.repairs })}
            />
            <Kpi label={m.kpi.inherentAvailability} value={f.ratio(first.fleet.inherentAvailability)} />
            <Kpi label={m.kpi.operationalAvailability} value={f.ratio(first.fleet.operationalAvailability)} />
            <Kpi label={m.kpi.downtimeHours} value={f.hours(first.fleet.downtimeHours)} />
            <Kpi
              label={m.kpi.pmCompliance}
              value={f.ratio(first.pmCompliance.ratio)}
              hint={format(m.kpi.pmHint, {
                onTime: first.pmCompliance.onTime,
                due: first.pmCompliance.due,
                late: first.pmCompliance.late,
              })}
            />
          </dl>
          <BarFigure
            id="an-mnt-chart"
            title={m.charts.downtimeTitle}
            summary={
              top
                ? format(m.charts.downtimeSummary, {
                    total: f.hours(first.fleet.downtimeHours),
                    top: top.label,
                    value: f.hours(top.value),
                  })
                : m.charts.downtimeEmpty
            }
            data={chart}
            format={(v) => f.hours(v)}
            labelHeader={m.table.machine}
            valueHeader={m.kpi.downtimeHours}
            emptyText={m.charts.downtimeEmpty}
            color="#b45309"
          />
          <DataTable
            caption={m.table.mntCaption}
            head={[
              m.table.machine,
              m.table.failures,
              m.kpi.mtbf,
              m.table.repairs,
              m.kpi.mttr,
              m.kpi.downtimeHours,
              m.kpi.operationalAvailability,
              m.table.pm,
            ]}
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
          <LoadMore
            hasNextPage={q.hasNextPage}
            isFetchingNextPage={q.isFetchingNextPage}
            onClick={() => void q.fetchNextPage()}
          />
        </>
      ) : null}
    </Section>
  );
}

export function CostsSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const [groupBy, setGroupBy] = useState<CostGrouping>('category');
  const q = useQuery({ ...costsQuery(orgId, p, groupBy), placeholderData: sameOrg(orgId) });
  const label = (key: string, fallback: string) =>
    groupBy === 'category'
      ? (l.costCategory[key as keyof typeof l.costCategory] ?? fallback)
      : key === 'unassigned'
        ? m.charts.unassigned
        : fallback;

  return (
    <Section
      id="an-costs"
      busy={q.isPlaceholderData}
      title={m.sections.costs}
      actions={
        <SelectField
          label={m.charts.groupBy}
          value={groupBy}
          onChange={(e) => setGroupBy(e.target.value as CostGrouping)}
          className="w-44"
        >
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
          const chart: Datum[] = data.items
            .filter((i) => i.totalMinor !== '0')
            .map((i) => ({ key: i.key, label: label(i.key, i.label), value: fenToNumber(i.totalMinor) }));
          const top = [...chart].sort((a, b) => b.value - a.value)[0];
          return (
            <>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <Kpi
                  label={m.kpi.totalCostLabel}
                  value={f.fen(data.totalMinor)}
                  hint={format(m.kpi.documents, { count: data.documents })}
                />
                <Kpi label={m.kpi.costPerHectare} value={f.fen(data.costPerHectareMinor)} hint={f.ha(data.hectares)} />
                <Kpi
                  label={m.kpi.costPerEngineHour}
                  value={f.fen(data.costPerEngineHourMinor)}
                  hint={f.hours(data.engineHours)}
                />
              </dl>
              <BarFigure
                id="an-costs-chart"
                title={format(m.charts.costsTitle, { by: m.charts.groupings[groupBy] })}
                summary={
                  top
                    ? format(m.charts.costsSummary, {
                        total: f.fen(data.totalMinor),
                        top: top.label,
                        value: f.yuan(top.value),
                      })
                    : m.charts.costsEmpty
                }
                data={chart}
                format={(v) => f.yuan(v)}
                labelHeader={m.charts.groupings[groupBy]}
                valueHeader={m.table.amount}
                emptyText={m.charts.costsEmpty}
                color="#7c3aed"
              />
              <DataTable
                caption={m.table.costsCaption}
                head={[m.charts.groupings[groupBy], m.table.documents, m.table.amount]}
              >
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
