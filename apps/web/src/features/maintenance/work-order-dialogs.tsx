'use client';

import type { TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, TextAreaField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { maintenanceMessages } from './messages';
import { useWorkOrderAction } from './mutations';

/** Submit for acceptance: meter, labour hours and resolution. */
export function SubmitDialog({
  orgId,
  wo,
  onClose,
}: {
  orgId: string;
  wo: TWorkOrderDetailWithPeople;
  onClose: () => void;
}) {
  const m = useMessages(maintenanceMessages);
  const [form, setForm] = useState({
    meterHours: '',
    laborHours: wo.laborHours === null ? '' : String(wo.laborHours),
    resolution: wo.resolution ?? '',
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(submit.error);
  const open = wo.checklist.filter((i) => i.result === 'PENDING').length;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate({
      action: 'submit',
      body: {
        version: wo.version,
        meterHours: parseOptionalNumber(form.meterHours),
        laborHours: parseOptionalNumber(form.laborHours),
        resolution: form.resolution.trim() || undefined,
      },
    });
  };
  return (
    <Dialog title={m.submit.title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {open > 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {format(m.submit.incomplete, { n: open })}
          </p>
        ) : null}
        <TextField
          label={m.submit.meter}
          type="number"
          inputMode="decimal"
          step="0.1"
          min="0"
          value={form.meterHours}
          onChange={set('meterHours')}
          error={errs.meterHours}
        />
        <TextField
          label={m.submit.labor}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={form.laborHours}
          onChange={set('laborHours')}
          error={errs.laborHours}
        />
        <TextAreaField
          label={m.submit.resolution}
          rows={3}
          maxLength={4000}
          value={form.resolution}
          onChange={set('resolution')}
          error={errs.resolution}
        />
        <ErrorAlert error={submit.error} />
        <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
          <Button type="submit" pending={submit.isPending}>
            {m.submit.confirm}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

/** Reject (by the accepter) or cancel: a reason is required. */
export function ReasonDialog({
  orgId,
  wo,
  kind,
  onClose,
}: {
  orgId: string;
  wo: TWorkOrderDetailWithPeople;
  kind: 'reject' | 'cancel';
  onClose: () => void;
}) {
  const m = useMessages(maintenanceMessages);
  const [reason, setReason] = useState('');
  const act = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(act.error);
  const text = m[kind];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    act.mutate({ action: kind, body: { version: wo.version, reason } });
  };
  return (
    <Dialog title={text.title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextAreaField
          label={text.reason}
          rows={3}
          required
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errs.reason}
        />
        <ErrorAlert error={act.error} />
        <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
          <Button type="submit" variant={kind === 'cancel' ? 'danger' : 'primary'} pending={act.isPending}>
            {text.confirm}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
