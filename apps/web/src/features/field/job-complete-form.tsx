'use client';

import { ZJob, type TJob } from '@amms/contracts/jobs';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-messages';
import { formatNumber } from '@/lib/format';
import { fieldApiPath, fieldKeys, useFieldMutation } from './api';
import { parseDecimal } from './forms';
import { focusField, isImplausible, METER_CODES, useConflictNotice, type Done } from './job-form-shared';
import { fieldMessages, fill } from './messages';
import { offlineMessages } from './offline/messages';
import { queueWrite } from './offline/offline-write';
import { ConfirmJump, DecimalField, jobTitle, Panel, StickyActions } from './ui';

type CompleteFields = 'meterHours' | 'actualHours' | 'areaDoneHa' | 'fuelLiters' | 'notes';

export function CompleteForm({ job, orgId, onDone }: { job: TJob; orgId: string; onDone: Done }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const om = useMessages(offlineMessages);
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
  // 0 h on the meter or far less area than planned: said, and confirmed, before it is sent
  const [shortfall, setShortfall] = useState<string[] | null>(null);
  const [confirmShort, setConfirmShort] = useState(false);
  const conflict = useConflictNotice(onDone, m);

  const path = `${fieldApiPath(orgId)}/jobs/${encodeURIComponent(job.id)}/complete`;
  const complete = useFieldMutation({
    mutationFn: (body: Record<string, unknown>, idempotencyKey: string, occurredAt: string) =>
      apiFetch(path, ZJob, { method: 'POST', body: { ...body, occurredAt }, idempotencyKey }),
    invalidate: [fieldKeys.all(orgId)],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.job(orgId, job.id), updated);
      onDone(updated.status === 'COMPLETED' ? m.complete.done : m.complete.partialDone, 'green');
    },
    offline: {
      queue: (body, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'job.complete',
          method: 'POST',
          path,
          body: { ...body, occurredAt },
          idempotencyKey,
          occurredAt,
          entity: { type: 'job', id: job.id },
          label: jobTitle(job, m),
        }).then(() =>
          qc.setQueryData<TJob>(fieldKeys.job(orgId, job.id), (j) =>
            !j
              ? j
              : body.partial
                ? { ...j, areaDoneHa: typeof body.areaDoneHa === 'number' ? body.areaDoneHa : j.areaDoneHa }
                : { ...j, status: 'COMPLETED', completedAt: occurredAt },
          ),
        ),
      onQueued: () => onDone(om.savedOffline, 'blue'),
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

  const shortfallOf = (meter: number | undefined, area: number | undefined): string[] => {
    const out: string[] = [];
    if (meter !== undefined && job.startMeterHours !== null && meter === job.startMeterHours)
      out.push(m.complete.zeroHours);
    if (area !== undefined && area < job.areaHa * SHORT_AREA_SHARE)
      out.push(
        fill(m.complete.areaShort, {
          done: formatNumber(area, locale, 4),
          plan: formatNumber(job.areaHa, locale, 4),
        }),
      );
    return out;
  };

  // partial: the part done so far is recorded and the job stays open for the rest
  const send = (partial: boolean) => {
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
    const doubts = shortfallOf(meter.ok ? meter.value : undefined, area.ok ? area.value : undefined);
    setShortfall(doubts.length > 0 ? doubts : null);
    if (doubts.length > 0 && !confirmShort && !partial) return;
    const body: Record<string, unknown> = { areaDoneHa: area.ok ? area.value : undefined, version: job.version };
    if (partial) body.partial = true;
    if (meter.ok && meter.value !== undefined) body.meterHours = meter.value;
    if (hours.ok && hours.value !== undefined) body.actualHours = hours.value;
    if (fuel.ok && fuel.value !== undefined) body.fuelLiters = fuel.value;
    if (values.notes.trim()) body.notes = values.notes.trim();
    if (confirmJump) body.confirmMeterJump = true;
    complete.mutate(body, { onError: conflict });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };

  return (
    <Panel id="job-complete" title={m.complete.heading}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {job.areaDoneHa !== null ? (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
            {fill(m.complete.soFar, {
              done: formatNumber(job.areaDoneHa, locale, 4),
              plan: formatNumber(job.areaHa, locale, 4),
            })}
          </p>
        ) : null}
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
        {shortfall ? (
          <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-semibold">{m.complete.checkShort}</p>
            <ul className="mt-1 list-disc pl-5">
              {shortfall.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <ConfirmJump checked={confirmShort} onChange={setConfirmShort} label={m.complete.confirmShort} />
            <p className="mt-2">{m.complete.partialHint}</p>
            <Button
              type="button"
              variant="secondary"
              className="mt-2 w-full"
              disabled={complete.isPending}
              onClick={() => send(true)}
            >
              {m.complete.partial}
            </Button>
          </div>
        ) : null}
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

/** Less than this share of the planned area done reads as a mistake until confirmed. */
const SHORT_AREA_SHARE = 0.5;
