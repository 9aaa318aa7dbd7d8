'use client';

import type { TJob } from '@amms/contracts/jobs';
import { MachineDownNotice } from '../jobs/ui';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { fieldRowQuery, jobQuery } from './api';
import { CompleteForm } from './job-complete-form';
import { StartForm } from './job-start-form';
import { PrestartGate } from './prestart-check';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill } from './messages';
import { slotText } from './my-jobs';
import type { FieldOrgProps } from './types';
import { Facts, JobStatusBadge, jobTitle, Notice, Panel, RecordTitle } from './ui';
import { AskManualLink } from './field-ask';
import { NavigateLinks } from '@/features/map/navigate-links';
import { FieldWayMap } from './field-way-map';
import { LineIcon } from '@/components/ui/line-icon';

/** The job page of the field app: where, with what, and start / complete (job-start-form, job-complete-form). */
export function JobView({ jobId, ...props }: FieldOrgProps & { jobId: string }) {
  const { orgId, permissions, membershipId, timeZone } = props;
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const q = useQuery(jobQuery(orgId, jobId));
  const [notice, setNotice] = useState<{ text: string; tone: 'green' | 'blue' } | null>(null);

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{m.appTitle}</h1>
        {isApiError(q.error, 404, 403) ? (
          <p className="mt-4 rounded-md border border-slate-200 bg-white p-4 text-slate-700">{m.job.notFound}</p>
        ) : (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        )}
        <BackHome orgId={orgId} />
      </>
    );
  }

  const job = q.data;
  const primary = job.assignment?.machines.find((x) => x.role === 'PRIMARY') ?? null;
  const mine = job.assignment?.operatorMembershipId === membershipId;
  const canExecute = permissions.includes('job.execute');

  return (
    <>
      <BackHome orgId={orgId} />
      <RecordTitle className="mt-2" title={jobTitle(job, m)} badge={<JobStatusBadge status={job.status} />} />
      <p className="mt-1 text-sm text-slate-700">{m.operation[job.operationType]}</p>

      <div className="mt-4 space-y-4">
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        <MachineDownNotice job={job} />
        <FieldPanel job={job} orgId={orgId} />
        <Panel id="job-slot" title={m.job.slot}>
          <Facts
            rows={[
              ...(job.assignment
                ? [
                    [m.job.slot, slotText(job.assignment.startsAt, job.assignment.endsAt, locale, timeZone)] as [
                      string,
                      string,
                    ],
                  ]
                : []),
              [m.job.window, slotText(job.windowStart, job.windowEnd, locale, timeZone)],
              ...(job.assignment ? [[m.job.operator, job.assignment.operatorName] as [string, string]] : []),
            ]}
          />
          {job.notes ? (
            <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">{m.job.notes}</p>
              <p className="mt-1 whitespace-pre-line break-words">{job.notes}</p>
            </div>
          ) : null}
        </Panel>
        <Panel id="job-machines" title={m.job.machines}>
          {job.assignment && job.assignment.machines.length > 0 ? (
            <ul className="space-y-2">
              {job.assignment.machines.map((x) => (
                <li
                  key={x.assetId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2"
                >
                  <span className="min-w-0 break-words font-medium text-slate-900">{x.name}</span>
                  <span className="flex gap-1">
                    <Badge tone={x.role === 'PRIMARY' ? 'green' : 'neutral'}>{m.machineRole[x.role]}</Badge>
                    <Badge>{m.machineKind[x.kind]}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">—</p>
          )}
          {primary && permissions.includes('workorder.write') ? (
            <Link
              href={fieldHref(fieldPaths.report, orgId, { asset: primary.assetId })}
              className="mt-3 inline-flex min-h-12 items-center rounded-md px-1 text-sm font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
            >
              {m.job.reportFault}
            </Link>
          ) : null}
          {primary ? (
            <AskManualLink
              orgId={orgId}
              assetId={primary.assetId}
              back={fieldHref(fieldPaths.job(job.id), orgId)}
              permissions={permissions}
            />
          ) : null}
        </Panel>

        {job.status === 'IN_PROGRESS' || job.status === 'COMPLETED' ? (
          <RecordPanel job={job} timeZone={timeZone} />
        ) : null}

        {!canExecute ? (
          <p className="text-sm text-slate-600">{m.job.cannotExecute}</p>
        ) : (
          <>
            {!mine && (job.status === 'SCHEDULED' || job.status === 'IN_PROGRESS') ? (
              <p className="text-sm text-slate-600">{m.job.notYours}</p>
            ) : null}
            {job.status === 'SCHEDULED' && mine ? (
              <PrestartGate job={job} orgId={orgId} timeZone={timeZone}>
                <StartForm
                  key={`start-${job.version}`}
                  job={job}
                  orgId={orgId}
                  timeZone={timeZone}
                  primaryId={primary?.assetId ?? null}
                  primaryName={primary?.name ?? ''}
                  onDone={(text, tone) => setNotice({ text, tone })}
                />
              </PrestartGate>
            ) : null}
            {job.status === 'IN_PROGRESS' && mine ? (
              <CompleteForm
                key={`complete-${job.version}`}
                job={job}
                orgId={orgId}
                onDone={(text, tone) => setNotice({ text, tone })}
              />
            ) : null}
          </>
        )}
      </div>
    </>
  );
}

function BackHome({ orgId }: { orgId: string }) {
  const m = useMessages(fieldMessages);
  return (
    <Link
      href={fieldHref(fieldPaths.home, orgId)}
      className="inline-flex min-h-12 items-center gap-1 rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900"
    >
      <LineIcon d="M15 6l-6 6 6 6" />
      {m.backHome}
    </Link>
  );
}

function FieldPanel({ job, orgId }: { job: TJob; orgId: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const f = useQuery(fieldRowQuery(orgId, job.fieldId));
  const location =
    f.data?.locationText ??
    (f.data && f.data.latitude !== null && f.data.longitude !== null
      ? `${f.data.latitude}, ${f.data.longitude}`
      : null);
  return (
    <Panel id="job-field" title={m.job.field}>
      <Facts
        rows={[
          [m.job.fieldName, job.fieldName],
          [m.job.area, fill(m.job.haUnit, { n: formatNumber(job.areaHa, locale, 4) })],
          [
            m.job.location,
            f.isPending
              ? '…'
              : f.isError
                ? '—'
                : (location ?? <span className="text-slate-500">{m.job.noLocation}</span>),
          ],
          ...(f.data?.crop ? [[m.job.crop, f.data.crop] as [string, string]] : []),
        ]}
      />
      {f.data ? (
        <FieldWayMap
          orgId={orgId}
          fieldId={job.fieldId}
          name={job.fieldName}
          latitude={f.data.latitude}
          longitude={f.data.longitude}
        />
      ) : null}
      {f.data && f.data.latitude !== null && f.data.longitude !== null ? (
        <NavigateLinks latitude={f.data.latitude} longitude={f.data.longitude} name={job.fieldName} />
      ) : null}
    </Panel>
  );
}

function RecordPanel({ job, timeZone }: { job: TJob; timeZone: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const h = (n: number | null) => (n === null ? '—' : fill(m.job.hoursUnit, { n: formatNumber(n, locale, 2) }));
  const rows: [string, string][] = [
    [m.job.startedAt, formatDateTime(job.startedAt, locale, timeZone)],
    [m.job.startMeter, h(job.startMeterHours)],
  ];
  if (job.status === 'COMPLETED') {
    rows.push(
      [m.job.completedAt, formatDateTime(job.completedAt, locale, timeZone)],
      [m.job.endMeter, h(job.endMeterHours)],
      [m.job.actualHours, h(job.actualHours)],
      [
        m.job.areaDone,
        job.areaDoneHa === null ? '—' : fill(m.job.haUnit, { n: formatNumber(job.areaDoneHa, locale, 4) }),
      ],
      [
        m.job.fuel,
        job.fuelLiters === null ? '—' : fill(m.job.litersUnit, { n: formatNumber(job.fuelLiters, locale, 2) }),
      ],
    );
    if (job.completionNotes) rows.push([m.job.completionNotes, job.completionNotes]);
  }
  return (
    <Panel id="job-record" title={m.job.progress}>
      <Facts rows={rows} />
    </Panel>
  );
}
