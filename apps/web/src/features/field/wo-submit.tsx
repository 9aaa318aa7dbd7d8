'use client';
import { ZWorkOrderDetailView, type TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-messages';
import { fieldApiPath, fieldKeys, useFieldMutation } from './api';
import { parseDecimal } from './forms';
import { fieldMessages, fill } from './messages';
import { ConfirmJump, DecimalField, Panel, StickyActions, workOrderNumber } from './ui';
import { queueWrite } from './offline/offline-write';
import { checklistMutationKey } from './wo-checklist';

type SubmitFields = 'resolution' | 'laborHours' | 'meterHours';

export function SubmitWork({
  wo,
  orgId,
  unsavedNotes,
  onConflict,
  onDone,
}: {
  wo: TWorkOrderDetailView;
  orgId: string;
  unsavedNotes: string[];
  onConflict: (e: unknown) => void;
  onDone: () => void;
}) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const base = useId();
  const [values, setValues] = useState<Record<SubmitFields, string>>({
    resolution: wo.resolution ?? '',
    laborHours: '',
    meterHours: '',
  });
  const [confirmJump, setConfirmJump] = useState(false);
  const [localErrors, setLocalErrors] = useState<Partial<Record<SubmitFields, string>>>({});
  const path = `${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/submit`;
  const submitWork = useFieldMutation({
    mutationFn: (body: Record<string, unknown>, idempotencyKey: string, occurredAt: string) =>
      apiFetch(path, ZWorkOrderDetailView, { method: 'POST', body: { ...body, occurredAt }, idempotencyKey }),
    offline: {
      queue: (body, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'workorder.submit',
          method: 'POST',
          path,
          body: { ...body, occurredAt },
          idempotencyKey,
          occurredAt,
          entity: { type: 'work_order', id: wo.id },
          label: `${workOrderNumber(wo.number)} ${wo.title}`,
        }),
      onQueued: () => {
        qc.setQueryData<TWorkOrderDetailView>(fieldKeys.workOrder(orgId, wo.id), (w) =>
          w ? { ...w, status: 'AWAITING_ACCEPTANCE', submittedAt: new Date().toISOString() } : w,
        );
        onDone();
      },
    },
    invalidate: [fieldKeys.all(orgId), ['orgs', orgId, 'maintenance']],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.workOrder(orgId, wo.id), updated);
      onDone();
    },
  });
  const open = wo.checklist.filter((c) => c.result === 'PENDING').length;
  // a checklist answer still on its way: submitting now would race it (and carry an old version)
  const saving = useIsMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) > 0;
  const apiErr = submitWork.error;
  const fromApi = fieldErrors(apiErr);
  const errorOf = (f: SubmitFields): string | null => {
    if (localErrors[f]) return localErrors[f]!;
    if (
      f === 'meterHours' &&
      isApiError(apiErr) &&
      ['METER_BACKWARDS', 'METER_OUT_OF_ORDER', 'METER_IMPLAUSIBLE'].includes(apiErr.code)
    )
      return errorMessage(locale, apiErr);
    if (fromApi[f])
      return f === 'resolution'
        ? m.validation.text
        : f === 'laborHours'
          ? m.validation.twoDecimals
          : m.validation.oneDecimal;
    return null;
  };
  const set = (f: SubmitFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  const [notesWarned, setNotesWarned] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unsavedNotes.length > 0) {
      setNotesWarned(true);
      document.getElementById(`${base}-unsaved`)?.focus();
      return;
    }
    const labor = parseDecimal(values.laborHours, 2, false);
    const meter = parseDecimal(values.meterHours, 1, false);
    const errs: Partial<Record<SubmitFields, string>> = {};
    if (!labor.ok) errs.laborHours = m.validation.twoDecimals;
    if (!meter.ok) errs.meterHours = m.validation.oneDecimal;
    if (values.resolution.trim().length > 4000) errs.resolution = m.validation.text;
    setLocalErrors(errs);
    const first = (['resolution', 'laborHours', 'meterHours'] as const).find((f) => errs[f]);
    if (first) {
      document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    const body: Record<string, unknown> = { version: wo.version };
    if (values.resolution.trim()) body.resolution = values.resolution.trim();
    if (labor.ok && labor.value !== undefined) body.laborHours = labor.value;
    if (meter.ok && meter.value !== undefined) body.meterHours = meter.value;
    if (confirmJump) body.confirmMeterJump = true;
    submitWork.mutate(body, { onError: onConflict });
  };

  const hasFieldError = (['resolution', 'laborHours', 'meterHours'] as const).some((f) => errorOf(f));
  return (
    <Panel id="wo-submit" title={m.wo.submitHeading}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          id={`${base}-resolution`}
          label={m.wo.resolution}
          hint={m.wo.resolutionHint}
          rows={3}
          maxLength={4000}
          value={values.resolution}
          onChange={set('resolution')}
          error={errorOf('resolution')}
        />
        <DecimalField
          id={`${base}-laborHours`}
          label={m.wo.laborHours}
          value={values.laborHours}
          onChange={set('laborHours')}
          error={errorOf('laborHours')}
        />
        <DecimalField
          id={`${base}-meterHours`}
          label={m.wo.meterHours}
          value={values.meterHours}
          onChange={set('meterHours')}
          error={errorOf('meterHours')}
        />
        {(isApiError(apiErr) && apiErr.code === 'METER_IMPLAUSIBLE') || confirmJump ? (
          <ConfirmJump checked={confirmJump} onChange={setConfirmJump} label={m.meterConfirmJump} />
        ) : null}
        {open > 0 ? (
          <p id={`${base}-open`} className="text-sm text-amber-900">
            {fill(m.wo.checklistOpen, { n: open })}
          </p>
        ) : null}
        {unsavedNotes.length > 0 ? (
          <p
            id={`${base}-unsaved`}
            tabIndex={-1}
            role={notesWarned ? 'alert' : undefined}
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {fill(m.wo.unsavedNotes, { labels: unsavedNotes.map((l) => `“${l}”`).join('、') })}
          </p>
        ) : null}
        {apiErr && !hasFieldError && !isApiError(apiErr, 409) ? <ErrorAlert error={apiErr} /> : null}
        <StickyActions>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            pending={submitWork.isPending}
            disabled={open > 0 || saving}
            aria-describedby={open > 0 ? `${base}-open` : undefined}
          >
            {submitWork.isPending ? m.start.pending : m.wo.submit}
          </Button>
        </StickyActions>
      </form>
    </Panel>
  );
}
