'use client';

import type { TJob } from '@amms/contracts/jobs';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { ReasonDialog } from '@/components/reason-dialog';
import { NumberField, TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/dialog';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatNumber, parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { useFormState } from '@/lib/use-form-state';
import { useJobAction } from './mutations';
import { jobAssetQuery } from './queries';
import { jobsMessages } from './messages';

type Props = { orgId: string; job: TJob; onClose: () => void };

/** A job action's dialog: "close" to cancel, busy and failed as the action (`action`) is. */
function JobFormDialog({
  action,
  ...props
}: Omit<ComponentProps<typeof FormDialog>, 'cancelLabel' | 'pending' | 'error'> & {
  action: { isPending: boolean; error: unknown };
}) {
  const m = useMessages(jobsMessages);
  return <FormDialog cancelLabel={m.actions.close} pending={action.isPending} error={action.error} {...props} />;
}

/** Start: the primary machine's meter (its last reading is the hint). */
export function StartDialog({ orgId, job, onClose }: Props) {
  const m = useMessages(jobsMessages);
  const { locale } = useI18n();
  const [meter, setMeter] = useState('');
  const start = useJobAction(orgId, job.id, 'start', onClose);
  const primary = job.assignment?.machines.find((mc) => mc.role === 'PRIMARY');
  const asset = useQuery(jobAssetQuery(orgId, primary?.assetId));
  const last = asset.data?.latestMeterReading;
  const errs = useFieldErrors(start.error);
  return (
    <JobFormDialog
      title={m.start.title}
      submitLabel={m.start.submit}
      action={start}
      onSubmit={() => start.mutate({ meterHours: parseOptionalNumber(meter), version: job.version })}
      onClose={onClose}
    >
      <NumberField
        label={`${m.start.meter}${primary ? ` · ${primary.name}` : ''}`}
        step="0.1"
        value={meter}
        onChange={(e) => setMeter(e.target.value)}
        error={errs.meterHours}
        hint={
          last
            ? format(m.start.meterHint, {
                value: format(m.detail.hours, { n: formatNumber(last.readingHours, locale, 1) }),
              })
            : undefined
        }
      />
    </JobFormDialog>
  );
}

/** Complete: area done (the job's area to start with), meter, hours, fuel and notes. */
export function CompleteDialog({ orgId, job, onClose }: Props) {
  const m = useMessages(jobsMessages);
  const { form, bind } = useFormState({
    meterHours: '',
    actualHours: '',
    areaDoneHa: String(job.areaHa),
    fuelLiters: '',
    notes: '',
  });
  const complete = useJobAction(orgId, job.id, 'complete', onClose);
  const errs = useFieldErrors(complete.error);
  const onSubmit = () =>
    complete.mutate({
      meterHours: parseOptionalNumber(form.meterHours),
      actualHours: parseOptionalNumber(form.actualHours),
      areaDoneHa: parseOptionalNumber(form.areaDoneHa),
      fuelLiters: parseOptionalNumber(form.fuelLiters),
      notes: form.notes.trim() || undefined,
      version: job.version,
    });
  return (
    <JobFormDialog
      title={m.complete.title}
      submitLabel={m.complete.submit}
      action={complete}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <NumberField label={m.complete.areaDone} step="0.0001" required {...bind('areaDoneHa', errs)} />
      <NumberField label={m.complete.meter} step="0.1" {...bind('meterHours', errs)} />
      <NumberField label={m.complete.actualHours} step="0.01" {...bind('actualHours', errs)} />
      <NumberField label={m.complete.fuel} step="0.01" {...bind('fuelLiters', errs)} />
      <TextAreaField label={m.complete.notes} rows={3} maxLength={2000} {...bind('notes', errs)} />
    </JobFormDialog>
  );
}

/** Cancel: a reason is required. */
export function CancelDialog({ orgId, job, onClose }: Props) {
  const m = useMessages(jobsMessages);
  const cancel = useJobAction(orgId, job.id, 'cancel', onClose);
  const errs = useFieldErrors(cancel.error);
  return (
    <ReasonDialog
      title={m.cancel.title}
      label={m.cancel.reason}
      maxLength={500}
      submitLabel={m.cancel.submit}
      cancelLabel={m.actions.close}
      pending={cancel.isPending}
      error={cancel.error}
      fieldError={errs.reason}
      onSubmit={(reason) => cancel.mutate({ reason, version: job.version })}
      onClose={onClose}
    />
  );
}

/** Unassign: machines and operator are released, the job goes back to planned. */
export function UnassignDialog({ orgId, job, onClose }: Props) {
  const m = useMessages(jobsMessages);
  const unassign = useJobAction(orgId, job.id, 'unassign', onClose);
  return (
    <JobFormDialog
      title={m.actions.unassign}
      submitLabel={m.unassign.submit}
      action={unassign}
      onSubmit={() => unassign.mutate({ version: job.version })}
      onClose={onClose}
    >
      <p className="text-sm text-slate-800">{m.unassign.confirm}</p>
    </JobFormDialog>
  );
}
