'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import type { TJob } from '@amms/contracts/jobs';
import type { TPermission } from '@amms/contracts/permissions';
import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDate, formatDateTime, formatNumber, formatTime } from '@/lib/format';
import { formatFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { addDays, todayIn, weekStart, zonedDayStart } from '@/lib/zoned-time';
import { hectaresByOperation } from '../analytics/analytics-dashboard';
import { BarFigure, type Datum } from '../analytics/bar-figure';
import { useFigures } from '../analytics/formatters';
import { KpiGrid } from '../analytics/kpi-grid';
import { analyticsMessages } from '../analytics/messages';
import { PeriodPicker, usePeriod } from '../analytics/period-picker';
import { costsQuery, fenToNumber, operationsQuery, overviewQuery, pct, utilizationQuery } from '../analytics/queries';
import { COST_STATUS_TONE, DUE_STATUS_TONE, JOB_STATUS_TONE, enumLabels } from '@/lib/labels';
import { dashboardMessages } from './messages';
import { bookingsInRangeQuery, dueSoonQuery, jobsInRangeQuery, JOBS_LIMIT, submittedCostsQuery } from './queries';

type Props = { orgId: string; timeZone: string; permissions: TPermission[] };
const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';

function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={`text-sm font-semibold ${linkClass}`}>
      {children} →
    </Link>
  );
}

/** The org's day boundaries, fixed for the life of the page (a dashboard left open overnight keeps its "today"). */
function useRanges(timeZone: string) {
  const [r] = useState(() => {
    const today = todayIn(timeZone);
    const monday = weekStart(today);
    return {
      today: { from: zonedDayStart(today, timeZone), to: zonedDayStart(addDays(today, 1), timeZone) },
      week: { from: zonedDayStart(monday, timeZone), to: zonedDayStart(addDays(monday, 7), timeZone) },
    };
  });
  return r;
}

export function OverviewDashboard({ orgId, timeZone, permissions }: Props) {
  const can = (p: TPermission) => permissions.includes(p);
  const period = usePeriod(timeZone);
  const ranges = useRanges(timeZone);
  const m = useMessages(dashboardMessages);
  const analytics = can('analytics.read');
  const overview = useQuery({ ...overviewQuery(orgId, period), enabled: analytics, placeholderData: sameOrg(orgId) });

  return (
    <div className="space-y-8">
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        {analytics || can('asset.read') ? <FleetCard orgId={orgId} overview={overview} bookingsRange={ranges.today} canBookings={can('job.read')} analytics={analytics} /> : null}
        {can('maintenance.read') ? <DueCard orgId={orgId} timeZone={timeZone} /> : null}
        {can('cost.read') ? <CostsCard orgId={orgId} overview={analytics ? overview.data : undefined} /> : null}
      </div>
      {can('job.read') ? <JobsCard orgId={orgId} timeZone={timeZone} ranges={ranges} /> : null}
      {analytics ? (
        <section aria-labelledby="kpi-title" aria-busy={overview.isFetching} className="space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="kpi-title" className="text-lg font-semibold text-slate-900">
              {m.kpis.title}
            </h2>
            <MoreLink href={orgPath(orgId, 'analytics')}>{m.kpis.more}</MoreLink>
          </div>
          <PeriodPicker period={period} />
          {overview.isPending ? <Loading /> : overview.isError ? <QueryError error={overview.error} onRetry={() => void overview.refetch()} /> : <KpiGrid data={overview.data} />}
          <KpiCharts orgId={orgId} p={period} overview={overview.data} />
        </section>
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------

type OverviewResult = UseQueryResult<TAnalyticsOverview>;

function FleetCard({
  orgId,
  overview,
  bookingsRange,
  canBookings,
  analytics,
}: {
  orgId: string;
  overview: OverviewResult;
  bookingsRange: { from: string; to: string };
  canBookings: boolean;
  analytics: boolean;
}) {
  const m = useMessages(dashboardMessages);
  const bookings = useQuery({ ...bookingsInRangeQuery(orgId, bookingsRange), enabled: canBookings && analytics });
  const booked = useMemo(() => {
    const ids = new Set<string>();
    for (const b of bookings.data?.items ?? []) {
      if (b.job.status === 'SCHEDULED' || b.job.status === 'IN_PROGRESS') for (const x of b.machines) ids.add(x.assetId);
    }
    return ids.size;
  }, [bookings.data]);

  const by = overview.data?.fleet.byStatus;
  const active = by?.ACTIVE ?? 0;
  const tiles: { label: string; value: number | string; tone: string }[] = by
    ? [
        { label: m.fleet.available, value: Math.max(0, active - booked), tone: 'text-emerald-800' },
        { label: m.fleet.booked, value: canBookings ? (bookings.isPending ? '…' : booked) : '—', tone: 'text-sky-800' },
        { label: m.fleet.inMaintenance, value: by.IN_MAINTENANCE ?? 0, tone: 'text-amber-800' },
      ]
    : [];

  return (
    <Card id="fleet-card" title={m.fleet.title} actions={<MoreLink href={orgPath(orgId, 'assets')}>{m.fleet.viewAssets}</MoreLink>}>
      {!analytics ? (
        <p className="text-sm text-slate-600">{m.fleet.noAccess}</p>
      ) : overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2">
            {tiles.map((t) => (
              <div key={t.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{t.label}</dt>
                <dd className={`mt-1 text-2xl font-bold tabular-nums ${t.tone}`}>{t.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-600">
            {format(m.fleet.total, { count: overview.data.fleet.total })}
            {by?.RETIRED ? ` · ${m.fleet.retired} ${by.RETIRED}` : ''}
          </p>
          {bookings.isError ? <QueryError error={bookings.error} onRetry={() => void bookings.refetch()} /> : null}
        </>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------

function sortJobs(items: TJob[]): TJob[] {
  const at = (j: TJob) => j.assignment?.startsAt ?? j.windowStart;
  return [...items].sort((a, b) => at(a).localeCompare(at(b)));
}

function JobList({ orgId, timeZone, jobs, empty, showDate }: { orgId: string; timeZone: string; jobs: TJob[]; empty: string; showDate: boolean }) {
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  if (jobs.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ul className="divide-y divide-slate-100">
      {jobs.map((j) => {
        const start = j.assignment?.startsAt ?? j.windowStart;
        const end = j.assignment?.endsAt ?? j.windowEnd;
        return (
          <li key={j.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <div className="min-w-0">
              <Link href={orgPath(orgId, `jobs/${j.id}`)} className={`font-medium ${linkClass}`}>
                {j.title ?? `${j.fieldName} · ${l.operation[j.operationType]}`}
              </Link>
              <p className="text-xs text-slate-600">
                {showDate ? formatDateTime(start, locale, timeZone) : formatTime(start, locale, timeZone)}–{formatTime(end, locale, timeZone)} · {l.operation[j.operationType]} ·{' '}
                {formatNumber(j.areaHa, locale, 1)} ha
                {j.assignment ? ` · ${j.assignment.machines.map((x) => x.name).join(' + ')}` : ''}
              </p>
            </div>
            <Badge tone={JOB_STATUS_TONE[j.status]}>{l.jobStatus[j.status]}</Badge>
          </li>
        );
      })}
    </ul>
  );
}

function JobsCard({ orgId, timeZone, ranges }: { orgId: string; timeZone: string; ranges: ReturnType<typeof useRanges> }) {
  const m = useMessages(dashboardMessages);
  // today's work: a multi-day job completed on an earlier day still overlaps today, but is not today's
  const todayFrom = Date.parse(ranges.today.from);
  const today = useQuery({
    ...jobsInRangeQuery(orgId, ranges.today),
    select: (d) => ({ ...d, items: d.items.filter((j) => j.status !== 'COMPLETED' || (j.completedAt !== null && Date.parse(j.completedAt) >= todayFrom)) }),
  });
  const week = useQuery(jobsInRangeQuery(orgId, ranges.week));
  const count = (d: { items: TJob[]; nextCursor: string | null } | undefined) =>
    d ? format(d.nextCursor ? m.jobs.countMore : m.jobs.count, { count: d.nextCursor ? JOBS_LIMIT : d.items.length }) : '…';

  const column = (id: string, title: string, q: typeof today, empty: string, showDate: boolean) => (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <h3 id={`${id}-title`} className="flex items-baseline justify-between gap-2 text-sm font-semibold text-slate-900">
        <span>{title}</span>
        <span className="text-2xl font-bold tabular-nums text-slate-900">{count(q.data)}</span>
      </h3>
      <div className="mt-2">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <JobList orgId={orgId} timeZone={timeZone} jobs={sortJobs(q.data.items).slice(0, 6)} empty={empty} showDate={showDate} />
        )}
      </div>
    </section>
  );

  return (
    <Card id="jobs-card" title={m.jobs.title} actions={<MoreLink href={orgPath(orgId, 'jobs')}>{m.jobs.viewAll}</MoreLink>}>
      <div className="grid gap-6 lg:grid-cols-2">
        {column('jobs-today', m.jobs.today, today, m.jobs.emptyToday, false)}
        {column('jobs-week', m.jobs.week, week, m.jobs.emptyWeek, true)}
      </div>
    </Card>
  );
}

// ---------------------------------------------------------------------------

function DueCard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(dashboardMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useQuery(dueSoonQuery(orgId));
  const urgent = (q.data?.items ?? []).filter((d) => d.status !== 'OK');
  const overdue = urgent.filter((d) => d.status === 'OVERDUE').length;
  const soon = urgent.length - overdue;

  const remaining = (d: (typeof urgent)[number]) => {
    const parts: string[] = [];
    if (d.remainingDays !== null) {
      const days = formatNumber(Math.abs(d.remainingDays), locale, 0);
      parts.push(format(d.remainingDays < 0 ? m.due.overdueDays : m.due.remainingDays, { days }));
    }
    if (d.remainingHours !== null) {
      const hours = formatNumber(Math.abs(d.remainingHours), locale, 0);
      parts.push(format(d.remainingHours < 0 ? m.due.overdueHours : m.due.remainingHours, { hours }));
    }
    return parts.join(' · ');
  };

  return (
    <Card id="due-card" title={m.due.title} actions={<MoreLink href={orgPath(orgId, 'maintenance')}>{m.due.viewAll}</MoreLink>}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-red-50 p-3">
              <dt className="text-xs text-red-900">{m.due.overdue}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-red-800">{overdue}</dd>
            </div>
            <div className="rounded-lg bg-amber-50 p-3">
              <dt className="text-xs text-amber-900">{m.due.dueSoon}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-amber-900">{soon}</dd>
            </div>
          </dl>
          {urgent.length === 0 ? (
            <div className="mt-3">
              <Empty>{m.due.empty}</Empty>
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {urgent.slice(0, 5).map((d) => (
                <li key={`${d.planId}:${d.assetId}`} className="flex items-start justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <Link href={orgPath(orgId, `assets/${d.assetId}`)} className={`font-medium ${linkClass}`}>
                      {d.assetName}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {d.planName} · {d.nextDueAt ? formatDate(d.nextDueAt, locale, timeZone) : ''} {remaining(d)}
                    </p>
                  </div>
                  <Badge tone={DUE_STATUS_TONE[d.status]}>{l.dueStatus[d.status]}</Badge>
                </li>
              ))}
            </ul>
          )}
          {q.data.truncated ? <p className="mt-2 text-xs text-slate-600">{m.due.truncated}</p> : null}
        </>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------

function CostsCard({ orgId, overview }: { orgId: string; overview: TAnalyticsOverview | undefined }) {
  const m = useMessages(dashboardMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useQuery(submittedCostsQuery(orgId));
  const waiting = overview?.costs.awaitingApproval;

  return (
    <Card id="costs-card" title={m.costs.title} actions={<MoreLink href={orgPath(orgId, 'costs')}>{m.costs.viewAll}</MoreLink>}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <Empty>{m.costs.empty}</Empty>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="text-2xl font-bold tabular-nums text-slate-900">{waiting?.documents ?? `${q.data.items.length}${q.data.nextCursor ? '+' : ''}`}</span>{' '}
            {m.costs.documents}
            {waiting ? <span className="block text-slate-600">{format(m.costs.total, { total: formatFen(waiting.totalMinor, locale) })}</span> : null}
          </p>
          <ul className="mt-3 divide-y divide-slate-100">
            {q.data.items.map((d) => (
              <li key={d.id} className="flex items-start justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <Link href={orgPath(orgId, `costs/${d.id}`)} className={`font-medium ${linkClass}`}>
                    #{d.number} · {l.costCategory[d.category]}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {d.documentDate}
                    {d.supplier ? ` · ${d.supplier}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="tabular-nums text-slate-900">{formatFen(d.totalMinor, locale)}</span>
                  <Badge tone={COST_STATUS_TONE[d.status]}>{l.costStatus[d.status]}</Badge>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------

function KpiCharts({ orgId, p, overview }: { orgId: string; p: { from: string; to: string }; overview: TAnalyticsOverview | undefined }) {
  const m = useMessages(dashboardMessages);
  const a = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const ops = useQuery({ ...operationsQuery(orgId, p), placeholderData: sameOrg(orgId) });
  const util = useInfiniteQuery({ ...utilizationQuery(orgId, p, 200), placeholderData: sameOrg(orgId) });
  const costs = useQuery({ ...costsQuery(orgId, p, 'category'), placeholderData: sameOrg(orgId) });

  const hectares = ops.data ? hectaresByOperation(ops.data.items, l.operation) : [];
  const topHa = [...hectares].sort((x, y) => y.value - x.value)[0];
  const utilRows = util.data?.pages[0]?.items ?? [];
  const utilChart: Datum[] = utilRows
    .filter((r) => r.utilization !== null && r.utilization > 0)
    .sort((x, y) => (y.utilization ?? 0) - (x.utilization ?? 0))
    .slice(0, 8)
    .map((r) => ({ key: r.assetId, label: r.name, value: pct(r.utilization) ?? 0 }));
  const costChart: Datum[] = (costs.data?.items ?? [])
    .filter((i) => i.totalMinor !== '0')
    .map((i) => ({ key: i.key, label: l.costCategory[i.key as keyof typeof l.costCategory] ?? i.label, value: fenToNumber(i.totalMinor) }));
  const topCost = [...costChart].sort((x, y) => y.value - x.value)[0];
  const reliability: Datum[] = overview && (overview.mtbfHours !== null || overview.mttrHours !== null)
    ? [
        { key: 'mtbf', label: m.kpis.mtbf, value: overview.mtbfHours ?? 0 },
        { key: 'mttr', label: m.kpis.mttr, value: overview.mttrHours ?? 0 },
      ]
    : [];

  const wrap = (q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }, node: ReactNode) =>
    q.isPending ? <Loading /> : q.isError ? <QueryError error={q.error} onRetry={() => void q.refetch()} /> : node;

  return (
    <div aria-busy={ops.isPlaceholderData || util.isPlaceholderData || costs.isPlaceholderData} className={`grid gap-4 lg:grid-cols-2 transition-opacity ${ops.isPlaceholderData || util.isPlaceholderData || costs.isPlaceholderData ? 'opacity-60' : ''}`}>
      {wrap(
        util,
        <BarFigure
          id="kpi-util"
          title={a.charts.utilTitle}
          summary={
            utilChart[0]
              ? format(a.charts.utilSummary, { fleet: f.ratio(util.data?.pages[0]?.fleet.utilization), top: utilChart[0].label, value: f.percent(utilChart[0].value), count: utilChart.length })
              : format(a.charts.utilSummaryNone, { fleet: f.ratio(util.data?.pages[0]?.fleet.utilization) })
          }
          data={utilChart}
          format={(v) => f.percent(v)}
          labelHeader={a.table.machine}
          valueHeader={a.kpi.utilization}
          emptyText={a.charts.utilEmpty}
        />,
      )}
      {wrap(
        ops,
        <BarFigure
          id="kpi-hectares"
          title={a.charts.hectaresTitle}
          summary={topHa && ops.data ? format(a.charts.hectaresSummary, { total: f.ha(ops.data.totals.hectares), jobs: ops.data.totals.jobs, top: topHa.label, value: f.ha(topHa.value) }) : a.charts.hectaresEmpty}
          data={hectares}
          format={(v) => f.ha(v)}
          labelHeader={a.table.operation}
          valueHeader={a.kpi.hectares}
          emptyText={a.charts.hectaresEmpty}
          color="#0369a1"
        />,
      )}
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
            ? format(m.kpis.reliabilitySummary, { mtbf: f.hours(overview.mtbfHours), mttr: f.hours(overview.mttrHours), failures: overview.failures })
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
