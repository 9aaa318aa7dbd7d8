'use client';

import type { TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import { ReasonDialog as BaseReasonDialog } from '@/components/reason-dialog';
import { NumberField, TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/dialog';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { useFormState } from '@/lib/use-form-state';
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
  const { form, bind } = useFormState({
    meterHours: '',
    laborHours: wo.laborHours === null ? '' : String(wo.laborHours),
    resolution: wo.resolution ?? '',
  });
  const submit = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(submit.error);
  const open = wo.checklist.filter((i) => i.result === 'PENDING').length;
  const onSubmit = () =>
    submit.mutate({
      action: 'submit',
      body: {
        version: wo.version,
        meterHours: parseOptionalNumber(form.meterHours),
        laborHours: parseOptionalNumber(form.laborHours),
        resolution: form.resolution.trim() || undefined,
      },
    });
  return (
    <FormDialog
      title={m.submit.title}
      cancelLabel={m.actions.close}
      submitLabel={m.submit.confirm}
      pending={submit.isPending}
      error={submit.error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {open > 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {format(m.submit.incomplete, { n: open })}
        </p>
      ) : null}
      <NumberField label={m.submit.meter} step="0.1" {...bind('meterHours', errs)} />
      <NumberField label={m.submit.labor} step="0.01" {...bind('laborHours', errs)} />
      <TextAreaField label={m.submit.resolution} rows={3} maxLength={4000} {...bind('resolution', errs)} />
    </FormDialog>
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
  const act = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(act.error);
  const text = m[kind];
  return (
    <BaseReasonDialog
      title={text.title}
      label={text.reason}
      maxLength={2000}
      submitLabel={text.confirm}
      submitVariant={kind === 'cancel' ? 'danger' : 'primary'}
      cancelLabel={m.actions.close}
      pending={act.isPending}
      error={act.error}
      fieldError={errs.reason}
      onSubmit={(reason) => act.mutate({ action: kind, body: { version: wo.version, reason } })}
      onClose={onClose}
    />
  );
}
