'use client';

import { ZJob, type TJob } from '@amms/contracts/jobs';
import { MachineDownNotice } from '../jobs/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { assetQuery, fieldApiPath, fieldKeys, fieldRowQuery, jobQuery, useFieldMutation } from './api';
import { parseDecimal } from './forms';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill, type FieldMessages } from './messages';
import { slotText } from './my-jobs';
import type { FieldOrgProps } from './types';
import {
  ConfirmJump,
  DecimalField,
  Facts,
  JobStatusBadge,
  jobTitle,
  Notice,
  Panel,
  RecordTitle,
  StickyActions,
} from './ui';
import { AskManualLink } from '@/features/knowledge/field-ask';

const METER_CODES = ['METER_BACKWARDS', 'METER_OUT_OF_ORDER', 'METER_IMPLAUSIBLE'];
const isImplausible = (err: unknown) => isApiError(err) && err.code === 'METER_IMPLAUSIBLE';

/** The job page of the field app: where, with what, and start / complete. */
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
              <StartForm
                key={`start-${job.version}`}
                job={job}
                orgId={orgId}
                timeZone={timeZone}
                primaryId={primary?.assetId ?? null}
                primaryName={primary?.name ?? ''}
                onDone={(text, tone) => setNotice({ text, tone })}
              />
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
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 stroke-current"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M15 6l-6 6 6 6" />
      </svg>
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

function focusField(id: string) {
  document.getElementById(id)?.focus();
}

type Done = (text: string, tone: 'green' | 'blue') => void;

/** 409 (someone else moved the job, or our earlier attempt did get through): show the current state. */
function useConflictNotice(onDone: Done, m: FieldMessages) {
  return (err: unknown) => {
    if (isApiError(err, 409)) onDone(m.job.stateChanged, 'blue');
  };
}

function StartForm({
  job,
  orgId,
  timeZone,
  primaryId,
  primaryName,
  onDone,
}: {
  job: TJob;
  orgId: string;
  timeZone: string;
  primaryId: string | null;
  primaryName: string;
  onDone: Done;
}) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const asset = useQuery({ ...assetQuery(orgId, primaryId ?? ''), enabled: primaryId !== null });
  const [meter, setMeter] = useState('');
  const [confirmJump, setConfirmJump] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const meterId = useId();
  const conflict = useConflictNotice(onDone, m);

  const start = useFieldMutation({
    mutationFn: (meterHours: number, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/jobs/${encodeURIComponent(job.id)}/start`, ZJob, {
        method: 'POST',
        body: { meterHours, version: job.version, ...(confirmJump ? { confirmMeterJump: true } : {}) },
        idempotencyKey,
      }),
    invalidate: [fieldKeys.all(orgId)],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.job(orgId, job.id), updated);
      onDone(m.start.done, 'green');
    },
  });

  const apiErr = start.error;
  const meterApiError =
    apiErr && isApiError(apiErr) && METER_CODES.includes(apiErr.code)
      ? errorMessage(locale, apiErr)
      : fieldErrors(apiErr).meterHours
        ? m.validation.oneDecimal
        : null;
  const meterError = localError ?? meterApiError;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = parseDecimal(meter, 1, true);
    if (!p.ok) {
      setLocalError(p.error === 'required' ? m.validation.required : m.validation.oneDecimal);
      focusField(meterId);
      return;
    }
    setLocalError(null);
    start.mutate(p.value!, {
      onError: (err) => {
        conflict(err);
        if (isApiError(err) && METER_CODES.includes(err.code)) focusField(meterId);
      },
    });
  };

  const last = asset.data?.latestMeterReading;
  return (
    <Panel id="job-start" title={m.start.heading}>
      <form onSubmit={submit} noValidate>
        <DecimalField
          id={meterId}
          label={fill(m.start.meter, { machine: primaryName || '—' })}
          name="meterHours"
          value={meter}
          onChange={(e) => setMeter(e.target.value)}
          error={meterError}
          hint={
            last
              ? fill(m.start.meterHint, {
                  hours: formatNumber(last.readingHours, locale, 1),
                  at: formatDateTime(last.readAt, locale, timeZone),
                })
              : asset.isSuccess
                ? m.start.meterHintNone
                : undefined
          }
          required
        />
        {isImplausible(apiErr) || confirmJump ? (
          <ConfirmJump checked={confirmJump} onChange={setConfirmJump} label={m.meterConfirmJump} />
        ) : null}
        {apiErr && !meterApiError && !isApiError(apiErr, 409) ? <ErrorAlert error={apiErr} className="mt-3" /> : null}
        <StickyActions>
          <Button type="submit" size="lg" className="w-full" pending={start.isPending}>
            {start.isPending ? m.start.pending : m.start.submit}
          </Button>
        </StickyActions>
      </form>
    </Panel>
  );
}

type CompleteFields = 'meterHours' | 'actualHours' | 'areaDoneHa' | 'fuelLiters' | 'notes';

function CompleteForm({ job, orgId, onDone }: { job: TJob; orgId: string; onDone: Done }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const baseId = useId();
  const idOf = (f: CompleteFields) => `${baseId}-${f}`;
  const [values, setValues] = useState<Record<CompleteFields, string>>({
    meterHours: '',
    actualHours: '',
    areaDoneHa: String(job.areaHa),
    fuelLiters: '',
    notes: '',
  });
  const [localErrors, setLocalErrors] = useState<Partial<Record<CompleteFields, string>>>({});
  const [confirmJump, setConfirmJump] = useState(false);
  const conflict = useConflictNotice(onDone, m);

  const complete = useFieldMutation({
    mutationFn: (body: Record<string, unknown>, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/jobs/${encodeURIComponent(job.id)}/complete`, ZJob, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    invalidate: [fieldKeys.all(orgId)],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.job(orgId, job.id), updated);
      onDone(m.complete.done, 'green');
    },
  });

  // the API's field errors, in our words (its messages are technical English)
  const apiErr = complete.error;
  const fromApi = fieldErrors(apiErr);
  const apiFieldError: Partial<Record<CompleteFields, string>> = {};
  if (isApiError(apiErr) && METER_CODES.includes(apiErr.code)) apiFieldError.meterHours = errorMessage(locale, apiErr);
  if (fromApi.meterHours) apiFieldError.meterHours = m.validation.oneDecimal;
  if (fromApi.actualHours) apiFieldError.actualHours = m.validation.hoursNeeded;
  if (isApiError(apiErr) && apiErr.code === 'JOB_HOURS_INCONSISTENT')
    apiFieldError.actualHours = errorMessage(locale, apiErr);
  if (fromApi.areaDoneHa) apiFieldError.areaDoneHa = m.validation.fourDecimals;
  if (fromApi.fuelLiters) apiFieldError.fuelLiters = m.validation.twoDecimals;
  if (fromApi.notes) apiFieldError.notes = m.validation.text;
  const errorOf = (f: CompleteFields) => localErrors[f] ?? apiFieldError[f] ?? null;
  const hasFieldError = Object.keys(apiFieldError).length > 0;

  const set = (f: CompleteFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Partial<Record<CompleteFields, string>> = {};
    const meter = parseDecimal(values.meterHours, 1, false);
    const hours = parseDecimal(values.actualHours, 2, false);
    const area = parseDecimal(values.areaDoneHa, 4, true);
    const fuel = parseDecimal(values.fuelLiters, 2, false);
    if (!meter.ok) errs.meterHours = m.validation.oneDecimal;
    if (!hours.ok) errs.actualHours = m.validation.twoDecimals;
    if (!area.ok) errs.areaDoneHa = area.error === 'required' ? m.validation.required : m.validation.fourDecimals;
    if (!fuel.ok) errs.fuelLiters = m.validation.twoDecimals;
    if (values.notes.trim().length > 2000) errs.notes = m.validation.text;
    // without both meter readings the API cannot derive the hours
    if (
      meter.ok &&
      hours.ok &&
      hours.value === undefined &&
      (meter.value === undefined || job.startMeterHours === null)
    )
      errs.actualHours = m.validation.hoursNeeded;
    setLocalErrors(errs);
    const first = (['meterHours', 'actualHours', 'areaDoneHa', 'fuelLiters', 'notes'] as const).find((f) => errs[f]);
    if (first) {
      focusField(idOf(first));
      return;
    }
    const body: Record<string, unknown> = { areaDoneHa: area.ok ? area.value : undefined, version: job.version };
    if (meter.ok && meter.value !== undefined) body.meterHours = meter.value;
    if (hours.ok && hours.value !== undefined) body.actualHours = hours.value;
    if (fuel.ok && fuel.value !== undefined) body.fuelLiters = fuel.value;
    if (values.notes.trim()) body.notes = values.notes.trim();
    if (confirmJump) body.confirmMeterJump = true;
    complete.mutate(body, { onError: conflict });
  };

  return (
    <Panel id="job-complete" title={m.complete.heading}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <DecimalField
          id={idOf('meterHours')}
          label={m.complete.meter}
          name="meterHours"
          value={values.meterHours}
          onChange={set('meterHours')}
          error={errorOf('meterHours')}
          hint={
            job.startMeterHours !== null
              ? fill(m.complete.meterHint, { hours: formatNumber(job.startMeterHours, locale, 1) })
              : undefined
          }
        />
        {isImplausible(apiErr) || confirmJump ? (
          <ConfirmJump checked={confirmJump} onChange={setConfirmJump} label={m.meterConfirmJump} />
        ) : null}
        <DecimalField
          id={idOf('actualHours')}
          label={m.complete.actualHours}
          name="actualHours"
          value={values.actualHours}
          onChange={set('actualHours')}
          error={errorOf('actualHours')}
          hint={m.complete.actualHoursHint}
        />
        <DecimalField
          id={idOf('areaDoneHa')}
          label={m.complete.areaDone}
          name="areaDoneHa"
          value={values.areaDoneHa}
          onChange={set('areaDoneHa')}
          error={errorOf('areaDoneHa')}
          hint={fill(m.complete.areaDoneHint, { ha: formatNumber(job.areaHa, locale, 4) })}
          required
        />
        <DecimalField
          id={idOf('fuelLiters')}
          label={m.complete.fuel}
          name="fuelLiters"
          value={values.fuelLiters}
          onChange={set('fuelLiters')}
          error={errorOf('fuelLiters')}
        />
        <TextAreaField
          id={idOf('notes')}
          label={m.complete.notes}
          name="notes"
          rows={3}
          maxLength={2000}
          value={values.notes}
          onChange={set('notes')}
          error={errorOf('notes')}
        />
        {apiErr && !hasFieldError && !isApiError(apiErr, 409) ? <ErrorAlert error={apiErr} /> : null}
        {apiErr &&
        hasFieldError &&
        !METER_CODES.includes(isApiError(apiErr) ? apiErr.code : '') &&
        !isApiError(apiErr, 422) ? (
          <ErrorAlert error={apiErr} />
        ) : null}
        <StickyActions>
          <Button type="submit" size="lg" className="w-full" pending={complete.isPending}>
            {complete.isPending ? m.start.pending : m.complete.submit}
          </Button>
        </StickyActions>
      </form>
    </Panel>
  );
}
