'use client';

import { OPERATION_TYPES, type TOperationType } from '@amms/contracts/assets';
import { JOB_SORTS, JOB_STATUSES, type TJob, type TJobSort } from '@amms/contracts/jobs';
import Link from 'next/link';
import { useState } from 'react';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { EnumSelect } from '@/components/ui/enum-select';
import { Button } from '@/components/ui/button';
import { DataTable, numTdClass, rightHead, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { CursorListStates, listMessages, SortSelect } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime, formatNumber } from '@/lib/format';
import { orgPath, type SectionProps } from '@/lib/nav';
import { setQueryParams, useQueryChoice, useQueryDateRange } from '@/lib/url-query';
import { addDays, zonedToIso } from '@/lib/zoned-time';
import { jobListQuery } from './queries';
import { CreateJobDialog } from './create-job-dialog';
import { jobsMessages } from './messages';
import { JobStatusBadge } from './ui';
import { ExportButton } from '@/components/export-button';
import { importMessages } from '@/features/import/messages';

const OPEN = 'PLANNED,SCHEDULED,IN_PROGRESS';
/** latest window first: the coming weeks' jobs on top, then the past ones, most recent first */
const DEFAULT_SORT: TJobSort = '-windowStart';

const STATUS_CHOICES = ['', OPEN, ...JOB_STATUSES] as const;
const OPERATION_CHOICES = ['', ...OPERATION_TYPES] as const;

export function jobTitle(
  job: Pick<TJob, 'title' | 'operationType' | 'fieldName'>,
  m: (typeof jobsMessages)['zh-CN'],
): string {
  return job.title ?? format(m.list.untitled, { operation: m.operation[job.operationType], field: job.fieldName });
}

export function JobsList({ orgId, timeZone, permissions }: SectionProps) {
  const m = useMessages(jobsMessages);
  const labels = useMessages(enumLabels);
  const lm = useMessages(listMessages);
  const im = useMessages(importMessages);
  const { locale } = useI18n();
  // filters and order live in the URL (reload, back button, a shared link keep them)
  const [status, setStatus] = useQueryChoice<(typeof STATUS_CHOICES)[number]>('status', STATUS_CHOICES, '');
  const [operationType, setOperationType] = useQueryChoice<'' | TOperationType>('operationType', OPERATION_CHOICES, '');
  const dates = useQueryDateRange();
  const { from, to } = dates;
  const [sort, setSort] = useQueryChoice('sort', JOB_SORTS, DEFAULT_SORT);
  const [creating, setCreating] = useState(false);
  const sortOptions = [
    { value: '-windowStart', label: m.filters.windowLatest },
    { value: 'windowStart', label: m.filters.windowEarliest },
    { value: '-createdAt', label: lm.newestFirst },
    { value: 'createdAt', label: lm.oldestFirst },
  ] as const satisfies readonly { value: TJobSort; label: string }[];

  const query = {
    sort,
    status: status || undefined,
    operationType: operationType || undefined,
    from: from ? (zonedToIso(from, timeZone) ?? undefined) : undefined,
    to: to ? (zonedToIso(addDays(to, 1), timeZone) ?? undefined) : undefined,
  };
  const { query: jobs, rows } = useCursorList(jobListQuery(orgId, query));

  return (
    <div className="space-y-4">
      <section aria-labelledby="job-filters" className="rounded-xl border border-slate-200 bg-white p-4">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="job-filters" className="text-base font-semibold text-slate-900">
            {m.filters.heading}
          </h2>
          <div className="flex flex-wrap gap-2">
            <ExportButton orgId={orgId} list="jobs" query={query} />
            {permissions.includes('job.write') ? (
              <Link
                href={orgPath(orgId, 'import')}
                className="inline-flex min-h-8 items-center rounded-md px-2.5 py-1 text-sm font-semibold text-emerald-800 hover:bg-slate-100"
              >
                {im.title}
              </Link>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setQueryParams({ status: null, operationType: null, from: null, to: null })}
            >
              {m.filters.reset}
            </Button>
            {permissions.includes('job.write') ? (
              <Button onClick={() => setCreating(true)}>{m.create.open}</Button>
            ) : null}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <EnumSelect
            label={m.filters.status}
            value={status}
            onChange={(v) => setStatus(v)}
            anyLabel={m.filters.anyStatus}
            values={JOB_STATUSES}
            optionLabel={(s) => m.status[s]}
            extra={<option value={OPEN}>{m.filters.open}</option>}
          />
          <EnumSelect
            label={m.filters.operation}
            value={operationType}
            onChange={(v) => setOperationType(v)}
            anyLabel={m.filters.anyOperation}
            values={OPERATION_TYPES}
            optionLabel={(o) => m.operation[o]}
          />
          <DateRangeFields fromLabel={m.filters.from} toLabel={m.filters.to} range={dates} />
          <SortSelect value={sort} options={sortOptions} onChange={setSort} />
        </div>
      </section>

      <CursorListStates query={jobs} count={rows.length} empty={m.list.empty} keepRowsOnError>
        <DataTable
          caption={m.list.caption}
          className="min-w-[56rem]"
          head={[
            m.list.job,
            m.list.operation,
            m.list.window,
            m.list.status,
            m.list.assignment,
            rightHead(m.list.area),
            rightHead(m.list.priority),
          ]}
        >
          {rows.map((job) => (
            <tr key={job.id} className="hover:bg-slate-50">
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                <Link href={orgPath(orgId, `jobs/${job.id}`)} className={rowLinkClass}>
                  {jobTitle(job, m)}
                </Link>
                <div className="text-xs font-normal text-slate-600">{job.fieldName}</div>
              </th>
              <td className={`${tdClass} whitespace-nowrap`}>{m.operation[job.operationType]}</td>
              <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                {formatDateTime(job.windowStart, locale, timeZone)}
                <br />
                <span className="text-slate-600">– {formatDateTime(job.windowEnd, locale, timeZone)}</span>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>
                <JobStatusBadge status={job.status} />
              </td>
              <td className={tdClass}>
                {job.assignment ? (
                  <>
                    {job.assignment.machines.map((mc) => mc.name).join(' + ')}
                    <div className="text-xs text-slate-600">{job.assignment.operatorName}</div>
                  </>
                ) : (
                  <span className="text-slate-500">{m.list.none}</span>
                )}
              </td>
              <td className={numTdClass}>{format(m.detail.ha, { n: formatNumber(job.areaHa, locale, 2) })}</td>
              <td className={`${tdClass} text-right tabular-nums`}>{priorityText(labels, job.priority)}</td>
            </tr>
          ))}
        </DataTable>
      </CursorListStates>

      {creating ? <CreateJobDialog orgId={orgId} timeZone={timeZone} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
