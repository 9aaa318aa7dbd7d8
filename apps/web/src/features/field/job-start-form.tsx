'use client';

import { ZJob, type TJob } from '@amms/contracts/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-messages';
import { dayKey, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { todayIn } from '@/lib/zoned-time';
import { assetQuery, fieldApiPath, fieldKeys, useFieldMutation } from './api';
import { parseDecimal } from './forms';
import { focusField, isImplausible, METER_CODES, useConflictNotice, type Done } from './job-form-shared';
import { fieldMessages, fill } from './messages';
import { offlineMessages } from './offline/messages';
import { queueWrite } from './offline/offline-write';
import { ConfirmJump, DecimalField, jobTitle, Panel, StickyActions } from './ui';

export function StartForm({
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
  const om = useMessages(offlineMessages);
  const qc = useQueryClient();
  const asset = useQuery({ ...assetQuery(orgId, primaryId ?? ''), enabled: primaryId !== null });
  const [meter, setMeter] = useState('');
  const [confirmJump, setConfirmJump] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const meterId = useId();
  const conflict = useConflictNotice(onDone, m);

  const path = `${fieldApiPath(orgId)}/jobs/${encodeURIComponent(job.id)}/start`;
  const bodyOf = (meterHours: number, occurredAt: string) => ({
    meterHours,
    version: job.version,
    occurredAt,
    ...(confirmJump ? { confirmMeterJump: true } : {}),
  });
  const start = useFieldMutation({
    mutationFn: (meterHours: number, idempotencyKey: string, occurredAt: string) =>
      apiFetch(path, ZJob, { method: 'POST', body: bodyOf(meterHours, occurredAt), idempotencyKey }),
    invalidate: [fieldKeys.all(orgId)],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.job(orgId, job.id), updated);
      onDone(m.start.done, 'green');
    },
    offline: {
      queue: (meterHours, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'job.start',
          method: 'POST',
          path,
          body: bodyOf(meterHours, occurredAt),
          idempotencyKey,
          occurredAt,
          entity: { type: 'job', id: job.id },
          label: jobTitle(job, m),
        }).then(() =>
          // shown as started (and waiting to sync) until the queue has sent it
          qc.setQueryData<TJob>(fieldKeys.job(orgId, job.id), (j) =>
            j ? { ...j, status: 'IN_PROGRESS', startedAt: occurredAt, startMeterHours: meterHours } : j,
          ),
        ),
      onQueued: () => onDone(om.savedOffline, 'blue'),
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
  // planned for another day (the slot's, else the window's first day in the org's zone): said before the start
  const plannedAt = job.assignment?.startsAt ?? job.windowStart;
  const otherDay = dayKey(plannedAt, timeZone) !== todayIn(timeZone);
  return (
    <Panel id="job-start" title={m.start.heading}>
      {otherDay ? (
        <p role="note" className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {fill(m.start.otherDay, { day: formatDate(plannedAt, locale, timeZone) })}
        </p>
      ) : null}
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
