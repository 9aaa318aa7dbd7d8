'use client';

import type { TJob } from '@amms/contracts/jobs';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, formatNumber, formatTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { JOB_STATUS_TONE, enumLabels } from '@/lib/labels';
import { dashboardMessages } from './messages';
import { jobsInRangeQuery, JOBS_LIMIT } from './queries';
import { linkClass, MoreLink, type useRanges } from './ui';

function sortJobs(items: TJob[]): TJob[] {
  const at = (j: TJob) => j.assignment?.startsAt ?? j.windowStart;
  return [...items].sort((a, b) => at(a).localeCompare(at(b)));
}

function JobList({
  orgId,
  timeZone,
  jobs,
  empty,
  showDate,
}: {
  orgId: string;
  timeZone: string;
  jobs: TJob[];
  empty: string;
  showDate: boolean;
}) {
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
              <Link href={orgPath(orgId, `jobs/${j.id}`)} prefetch={false} className={`font-medium ${linkClass}`}>
                {j.title ?? `${j.fieldName} · ${l.operation[j.operationType]}`}
              </Link>
              <p className="text-xs text-slate-600">
                {showDate ? formatDateTime(start, locale, timeZone) : formatTime(start, locale, timeZone)}–
                {formatTime(end, locale, timeZone)} · {l.operation[j.operationType]} ·{' '}
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

export function JobsCard({
  orgId,
  timeZone,
  ranges,
}: {
  orgId: string;
  timeZone: string;
  ranges: ReturnType<typeof useRanges>;
}) {
  const m = useMessages(dashboardMessages);
  // today's work: a multi-day job completed on an earlier day still overlaps today, but is not today's
  const todayFrom = Date.parse(ranges.today.from);
  const today = useQuery({
    ...jobsInRangeQuery(orgId, ranges.today),
    select: (d) => ({
      ...d,
      items: d.items.filter(
        (j) => j.status !== 'COMPLETED' || (j.completedAt !== null && Date.parse(j.completedAt) >= todayFrom),
      ),
    }),
  });
  const week = useQuery(jobsInRangeQuery(orgId, ranges.week));
  const count = (d: { items: TJob[]; nextCursor: string | null } | undefined) =>
    d
      ? format(d.nextCursor ? m.jobs.countMore : m.jobs.count, { count: d.nextCursor ? JOBS_LIMIT : d.items.length })
      : '…';

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
          <JobList
            orgId={orgId}
            timeZone={timeZone}
            jobs={sortJobs(q.data.items).slice(0, 6)}
            empty={empty}
            showDate={showDate}
          />
        )}
      </div>
    </section>
  );

  return (
    <Card
      id="jobs-card"
      title={m.jobs.title}
      actions={<MoreLink href={orgPath(orgId, 'jobs')}>{m.jobs.viewAll}</MoreLink>}
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {column('jobs-today', m.jobs.today, today, m.jobs.emptyToday, false)}
        {column('jobs-week', m.jobs.week, week, m.jobs.emptyWeek, true)}
      </div>
    </Card>
  );
}

// ---------------------------------------------------------------------------
