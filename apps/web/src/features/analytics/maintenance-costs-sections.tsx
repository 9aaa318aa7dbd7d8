'use client';

import { COST_GROUPINGS } from '@amms/contracts/analytics';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '@/components/ui/form';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { sameOrg } from '@/lib/queries';
import { BarFigure, Kpi, type Datum } from './bar-figure';
import { useFigures } from './formatters';
import { analyticsMessages } from './messages';
import { costsQuery, fenToNumber, maintenanceQuery, type CostGrouping } from './queries';
import { numberColumnOf, SortableTable } from './sortable-table';
import { machineColumn, Section, TABLE_PAGE, td, useShowMore, type P } from './ui';

/** The maintenance and cost sections of the analytics page. */
export function MaintenanceSection({ orgId, p }: { orgId: string; p: P }) {
  const m = useMessages(analyticsMessages);
  const f = useFigures();
  // the whole fleet (pages of up to 200): the chart ranks it, the table sorts it and shows 20 rows at a time
  const q = useInfiniteQuery({ ...maintenanceQuery(orgId, p, 200), placeholderData: sameOrg(orgId) });
  const more = useShowMore(TABLE_PAGE, q);
  const first = q.data?.pages[0];
  const rows = q.data?.pages.flatMap((x) => x.items) ?? [];
  const num = numberColumnOf(rows);
  const chart: Datum[] = rows
    .filter((r) => r.downtimeHours > 0)
    .sort((a, b) => b.downtimeHours - a.downtimeHours)
    .slice(0, 10)
    .map((r) => ({ key: r.assetId, label: r.name, value: r.downtimeHours }));
  const top = chart[0];

  return (
    <Section id="an-mnt" busy={q.isPlaceholderData} title={m.sections.maintenance}>
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
          <SortableTable
            caption={m.table.mntCaption}
            rows={rows}
            rowKey={(r) => r.assetId}
            limit={more.limit}
            defaultSort={{ key: 'downtime', dir: 'desc' }}
            columns={[
              machineColumn(orgId, m.table.machine),
              num('failures', m.table.failures, (r) => r.failures),
              num('mtbf', m.kpi.mtbf, (r) => r.mtbfHours, f.hours),
              num('repairs', m.table.repairs, (r) => r.repairs),
              num('mttr', m.kpi.mttr, (r) => r.mttrHours, f.hours),
              num('downtime', m.kpi.downtimeHours, (r) => r.downtimeHours, f.hours),
              num('availability', m.kpi.operationalAvailability, (r) => r.operationalAvailability, f.ratio),
              {
                key: 'pm',
                header: m.table.pm,
                numeric: true,
                value: (r) => (r.pmDue ? r.pmOnTime / r.pmDue : null),
                cell: (r) => (r.pmDue ? `${r.pmOnTime}/${r.pmDue}` : '—'),
              },
            ]}
          />
          {q.isError ? <QueryError error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
          <LoadMore hasNextPage={more.hasMore} isFetchingNextPage={q.isFetchingNextPage} onClick={more.showMore} />
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
          const num = numberColumnOf(data.items);
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
              <SortableTable
                caption={m.table.costsCaption}
                rows={data.items}
                rowKey={(i) => i.key}
                defaultSort={{ key: 'amount', dir: 'desc' }}
                columns={[
                  {
                    key: 'label',
                    header: m.charts.groupings[groupBy],
                    value: (i) => label(i.key, i.label),
                    cell: (i) => label(i.key, i.label),
                  },
                  num('documents', m.table.documents, (i) => i.documents),
                  {
                    key: 'amount',
                    header: m.table.amount,
                    numeric: true,
                    value: (i) => fenToNumber(i.totalMinor),
                    cell: (i) => f.fen(i.totalMinor),
                  },
                ]}
                footer={
                  <tr className="border-t-2 border-slate-200 font-semibold">
                    <th scope="row" className="py-2 pr-4 text-slate-900">
                      {m.table.total}
                    </th>
                    <td className={td}>{data.documents}</td>
                    <td className={td}>{f.fen(data.totalMinor)}</td>
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
