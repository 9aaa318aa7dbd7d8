'use client';

import type { TAssetDetail, TMeterReading } from '@amms/contracts/assets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Checkbox, FormActions, TextAreaField, TextField } from '@/components/ui/form';
import { PlainTable } from '@/components/ui/data-table';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { enumLabels } from '@/lib/labels';
import { assetFieldErrors } from './asset-errors';
import { assetMessages } from './messages';
import { useRecordMeterReading, useVoidMeterReading } from './mutations';
import { readingsQuery } from './queries';

/**
 * The machine's engine-hour meter: the latest reading, a form to record one (an implausible jump
 * is refused with the numbers and can then be confirmed as "meter replaced / corrected"), and the
 * history, where a supervisor (meter.void) voids a wrong reading with a reason.
 */
export function MeterCard({
  orgId,
  asset,
  timeZone,
  canWrite,
  canVoid,
}: {
  orgId: string;
  asset: TAssetDetail;
  timeZone: string;
  canWrite: boolean;
  canVoid: boolean;
}) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const idem = useIdempotencyKey();
  const readings = useInfiniteQuery(readingsQuery(orgId, asset.id));
  const [hours, setHours] = useState('');
  const [replacement, setReplacement] = useState(false);
  const [confirmJump, setConfirmJump] = useState(false);
  const [saved, setSaved] = useState(false);
  const [voiding, setVoiding] = useState<TMeterReading | null>(null);

  const add = useRecordMeterReading(orgId, asset.id, {
    onRecorded: () => {
      idem.reset();
      setHours('');
      setReplacement(false);
      setConfirmJump(false);
      setSaved(true);
    },
    onError: (err) => {
      if (isApiError(err) && err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE') idem.reset();
    },
  });
  const implausible = isApiError(add.error) && add.error.code === 'METER_IMPLAUSIBLE';
  const errors = assetFieldErrors(add.error, m.issues, (e) => errorMessage(locale, e), ['readingHours']);
  if (implausible) errors.readingHours = errorMessage(locale, add.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    add.mutate({
      body: {
        readingHours: hours.trim() === '' ? null : Number(hours.replace(',', '.')),
        isReplacement: replacement,
        confirmJump,
      },
      idempotencyKey: idem.key(),
    });
  };
  const rows = readings.data?.pages.flatMap((p) => p.items) ?? [];
  const latest = asset.latestMeterReading;

  return (
    <Card id="asset-meter" title={m.meter.title}>
      <p className="text-sm text-slate-700">
        {m.meter.latest}:{' '}
        <span className="text-lg font-semibold tabular-nums text-slate-900">
          {latest ? `${formatNumber(latest.readingHours, locale, 1)} h` : m.meter.none}
        </span>
        {latest ? (
          <span className="ml-2 text-slate-600">({formatDateTime(latest.readAt, locale, timeZone)})</span>
        ) : null}
      </p>

      {canWrite ? (
        <form
          noValidate
          onSubmit={onSubmit}
          className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          <h3 className="text-sm font-semibold text-slate-900">{m.meter.add}</h3>
          {add.error && !errors.readingHours ? <ErrorAlert error={add.error} /> : null}
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={m.meter.hours}
              name="readingHours"
              inputMode="decimal"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              error={errors.readingHours}
              className="w-48"
              autoComplete="off"
            />
            <Button type="submit" pending={add.isPending}>
              {m.meter.submit}
            </Button>
          </div>
          <Checkbox
            label={m.meter.replacement}
            checked={replacement}
            onChange={setReplacement}
            className="flex items-start gap-2 text-sm text-slate-800"
            inputClassName="mt-0.5 size-4 accent-emerald-700"
          />
          {implausible || confirmJump ? (
            <Checkbox
              label={m.meter.confirmJump}
              name="confirmJump"
              checked={confirmJump}
              onChange={setConfirmJump}
              className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950"
              inputClassName="mt-0.5 size-4 accent-amber-700"
            />
          ) : null}
          {saved ? (
            <p role="status" className="text-sm text-emerald-800">
              {m.meter.saved}
            </p>
          ) : null}
        </form>
      ) : null}

      <h3 className="mb-2 mt-4 text-sm font-semibold text-slate-900">{m.meter.history}</h3>
      {readings.isPending ? (
        <Loading />
      ) : readings.isError && !readings.data ? (
        <QueryError error={readings.error} onRetry={() => void readings.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{m.meter.empty}</Empty>
      ) : (
        <PlainTable
          caption={m.meter.history}
          caps
          head={[m.meter.readAt, m.meter.hours, m.meter.source, ...(canVoid ? [m.meter.actions] : [])]}
        >
          {rows.map((r) => (
            <tr key={r.id} className={r.voidedAt ? 'text-slate-500' : undefined}>
              <td className="whitespace-nowrap py-2 pr-4 text-slate-700">
                {formatDateTime(r.readAt, locale, timeZone)}
              </td>
              <td className="py-2 pr-4 tabular-nums text-slate-900">
                <span className={r.voidedAt ? 'line-through' : undefined}>
                  {formatNumber(r.readingHours, locale, 1)}
                </span>
                {r.isReplacement ? (
                  <span className="ml-2">
                    <Badge tone="amber">{m.meter.replaced}</Badge>
                  </span>
                ) : null}
                {r.jumpConfirmed ? (
                  <span className="ml-2">
                    <Badge tone="amber">{m.meter.jumpConfirmed}</Badge>
                  </span>
                ) : null}
                {r.voidedAt ? (
                  <span className="mt-1 block text-xs text-slate-600">
                    <Badge tone="neutral">{m.meter.voided}</Badge> {r.voidReason}
                  </span>
                ) : null}
              </td>
              <td className="py-2 pr-4 text-slate-700">{l.meterSource[r.source]}</td>
              {canVoid ? (
                <td className="py-2 pr-4">
                  {r.voidedAt ? null : (
                    <Button size="sm" variant="secondary" onClick={() => setVoiding(r)}>
                      {m.meter.void}
                      <span className="sr-only">: {formatNumber(r.readingHours, locale, 1)}</span>
                    </Button>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </PlainTable>
      )}
      <LoadMore
        hasNextPage={readings.hasNextPage}
        isFetchingNextPage={readings.isFetchingNextPage}
        onClick={() => void readings.fetchNextPage()}
      />
      {voiding ? (
        <VoidDialog orgId={orgId} assetId={asset.id} reading={voiding} onClose={() => setVoiding(null)} />
      ) : null}
    </Card>
  );
}

function VoidDialog({
  orgId,
  assetId,
  reading,
  onClose,
}: {
  orgId: string;
  assetId: string;
  reading: TMeterReading;
  onClose: () => void;
}) {
  const m = useMessages(assetMessages);
  const { locale } = useI18n();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const voidIt = useVoidMeterReading(orgId, assetId, reading.id, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setMissing(true);
    setMissing(false);
    voidIt.mutate(reason.trim());
  };
  return (
    <Dialog title={m.meter.voidTitle} onClose={() => (voidIt.isPending ? undefined : onClose())}>
      <form noValidate onSubmit={submit} className="space-y-3">
        <p className="text-sm text-slate-700">
          {m.meter.voidBody.replace('{hours}', formatNumber(reading.readingHours, locale, 1))}
        </p>
        <TextAreaField
          label={m.meter.voidReason}
          name="reason"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={missing ? m.meter.voidReasonRequired : undefined}
          required
        />
        {voidIt.error ? <ErrorAlert error={voidIt.error} /> : null}
        <FormActions cancelLabel={m.form.cancel} onCancel={onClose}>
          <Button type="submit" variant="danger" pending={voidIt.isPending}>
            {m.meter.void}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
