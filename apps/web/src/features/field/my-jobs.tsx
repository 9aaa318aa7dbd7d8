'use client';

import type { TJob } from '@amms/contracts/jobs';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { dayKey, formatDateTime, formatNumber, formatTime } from '@/lib/format';
import { cachedJobsLike, myJobsQuery } from './api';
import { myJobRanges, myJobsFilters } from './list-queries';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill } from './messages';
import { overlaps } from '@/lib/zoned-time';
import type { FieldOrgProps } from './types';
import { JobStatusBadge, jobTitle, Section } from './ui';

/** The slot of a job (its assignment), else its window. */
function slotOf(job: TJob): { startsAt: string; endsAt: string } {
  return job.assignment
    ? { startsAt: job.assignment.startsAt, endsAt: job.assignment.endsAt }
    : { startsAt: job.windowStart, endsAt: job.windowEnd };
}

/**
 * By the slot's start. The API already sends the jobs by window start (`sort=windowStart`), but a job's
 * slot can sit anywhere in its window (Mon–Fri window, Thursday slot), so the loaded rows are
 * ordered by slot here; ties keep the API's order (Array.sort is stable).
 */
const byStart = (a: TJob, b: TJob) => new Date(slotOf(a).startsAt).getTime() - new Date(slotOf(b).startsAt).getTime();

/**
 * My jobs: in progress (any day: they still need finishing), today, and the next 7 days.
 * "Mine" = the live assignment names me as operator (GET jobs?operatorMembershipId=); an
 * operator's ASSIGNED data scope would give the same rows, a dispatcher's would not.
 */
export function MyJobs({ orgId, membershipId, timeZone }: FieldOrgProps) {
  const m = useMessages(fieldMessages);
  // day boundaries in the org's zone, fixed for this visit (the key must not change every render)
  // (the server prefetches the same two lists: features/field/prefetch.ts)
  const [ranges] = useState(() => myJobRanges(timeZone));
  const filters = myJobsFilters(membershipId, ranges.week);

  const running = useInfiniteQuery(myJobsQuery(orgId, filters.running));
  const qc = useQueryClient();
  const plannedFilter = filters.planned;
  const planned = useInfiniteQuery({
    ...myJobsQuery(orgId, plannedFilter),
    // a new day offline: the last loaded week until this one loads
    placeholderData: (previous) => previous ?? cachedJobsLike(qc, orgId, plannedFilter),
  });

  const inProgress = (running.data?.pages.flatMap((p) => p.items) ?? []).sort(byStart);
  const rest = (planned.data?.pages.flatMap((p) => p.items) ?? []).sort(byStart);
  // today's, plus scheduled ones whose slot is already over (still to be done)
  const today = rest.filter((j) => {
    const s = slotOf(j);
    return (
      overlaps(ranges.today, s.startsAt, s.endsAt) ||
      (j.status === 'SCHEDULED' && new Date(s.endsAt) <= ranges.today.from)
    );
  });
  const upcoming = rest.filter(
    (j) => j.status === 'SCHEDULED' && !today.includes(j) && new Date(slotOf(j).startsAt) >= ranges.today.to,
  );

  return (
    <div>
      <h2 className="mb-2 text-xl font-bold text-slate-900">{m.jobs.heading}</h2>
      {running.isError ? <QueryError error={running.error} onRetry={() => void running.refetch()} /> : null}
      {inProgress.length > 0 ? (
        <JobSection id="jobs-running" title={m.jobs.inProgress} jobs={inProgress} orgId={orgId} timeZone={timeZone}>
          <LoadMore
            hasNextPage={running.hasNextPage}
            isFetchingNextPage={running.isFetchingNextPage}
            onClick={() => void running.fetchNextPage()}
          />
        </JobSection>
      ) : null}

      {planned.isPending ? (
        <Loading />
      ) : planned.isError ? (
        <QueryError error={planned.error} onRetry={() => void planned.refetch()} />
      ) : (
        <>
          <JobSection
            id="jobs-today"
            title={m.jobs.today}
            jobs={today}
            empty={m.jobs.emptyToday}
            orgId={orgId}
            timeZone={timeZone}
          />
          <JobSection
            id="jobs-upcoming"
            title={m.jobs.upcoming}
            jobs={upcoming}
            empty={m.jobs.emptyUpcoming}
            orgId={orgId}
            timeZone={timeZone}
          >
            <LoadMore
              hasNextPage={planned.hasNextPage}
              isFetchingNextPage={planned.isFetchingNextPage}
              onClick={() => void planned.fetchNextPage()}
            />
          </JobSection>
        </>
      )}
    </div>
  );
}

function JobSection({
  id,
  title,
  jobs,
  empty,
  orgId,
  timeZone,
  children,
}: {
  id: string;
  title: string;
  jobs: TJob[];
  empty?: string;
  orgId: string;
  timeZone: string;
  children?: ReactNode;
}) {
  return (
    <Section id={id} title={title} aside={<span className="text-sm text-slate-600">{jobs.length}</span>}>
      {jobs.length === 0 && empty ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className="space-y-3">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} orgId={orgId} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {children}
    </Section>
  );
}

export function slotText(startsAt: string, endsAt: string, locale: 'zh-CN' | 'en', timeZone: string): string {
  const sameDay = dayKey(startsAt, timeZone) === dayKey(endsAt, timeZone);
  return `${formatDateTime(startsAt, locale, timeZone)} – ${sameDay ? formatTime(endsAt, locale, timeZone) : formatDateTime(endsAt, locale, timeZone)}`;
}

function JobCard({ job, orgId, timeZone }: { job: TJob; orgId: string; timeZone: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const slot = slotOf(job);
  const machines = job.assignment?.machines.map((x) => x.name).join(' + ');
  return (
    <Link
      href={fieldHref(fieldPaths.job(job.id), orgId)}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words text-base font-semibold text-slate-900">{jobTitle(job, m)}</p>
        <JobStatusBadge status={job.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {m.operation[job.operationType]} · {job.fieldName} ·{' '}
        {fill(m.job.haUnit, { n: formatNumber(job.areaHa, locale, 2) })}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <span className="sr-only">{m.job.slot}: </span>
        {slotText(slot.startsAt, slot.endsAt, locale, timeZone)}
      </p>
      {machines ? (
        <p className="mt-1 break-words text-sm text-slate-600">
          <span className="sr-only">{m.job.machines}: </span>
          {machines}
        </p>
      ) : null}
    </Link>
  );
}
