'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { orgPath, type SectionProps } from '@/lib/nav';
import { sameOrg } from '@/lib/queries';
import { KpiGrid } from '../analytics/kpi-grid';
import { PeriodPicker, usePeriod } from '../analytics/period-picker';
import { overviewQuery } from '../analytics/queries';
import { AffectedJobsCard } from './affected-jobs';
import { dashboardMessages } from './messages';
import { bookingsInRangeQuery } from './queries';
import { CostsCard, DueCard } from './due-costs-cards';
import { JobsCard } from './jobs-card';
import { KpiCharts } from './kpi-charts';
import { MoreLink, useRanges } from './ui';

/** The org's overview: KPIs of a period, the fleet, today's and this week's jobs, maintenance due, costs waiting for approval. */
export function OverviewDashboard({ orgId, timeZone, permissions, myUserId }: SectionProps & { myUserId: string }) {
  const can = (p: TPermission) => permissions.includes(p);
  const period = usePeriod(timeZone);
  const ranges = useRanges(timeZone);
  const m = useMessages(dashboardMessages);
  const analytics = can('analytics.read');
  const overview = useQuery({ ...overviewQuery(orgId, period), enabled: analytics, placeholderData: sameOrg(orgId) });

  return (
    <div className="space-y-8">
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        {analytics || can('asset.read') ? (
          <FleetCard
            orgId={orgId}
            overview={overview}
            bookingsRange={ranges.today}
            canBookings={can('job.read')}
            analytics={analytics}
          />
        ) : null}
        {can('maintenance.read') ? <DueCard orgId={orgId} timeZone={timeZone} /> : null}
        {can('cost.read') ? (
          <CostsCard
            orgId={orgId}
            overview={analytics ? overview.data : undefined}
            myUserId={myUserId}
            permissions={permissions}
          />
        ) : null}
      </div>
      {can('job.read') ? <AffectedJobsCard orgId={orgId} timeZone={timeZone} /> : null}
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
          {overview.isPending ? (
            <Loading />
          ) : overview.isError ? (
            <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
          ) : (
            <KpiGrid data={overview.data} />
          )}
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
      if (b.job.status === 'SCHEDULED' || b.job.status === 'IN_PROGRESS')
        for (const x of b.machines) ids.add(x.assetId);
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
    <Card
      id="fleet-card"
      title={m.fleet.title}
      actions={<MoreLink href={orgPath(orgId, 'assets')}>{m.fleet.viewAssets}</MoreLink>}
    >
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
