'use client';

import { OPERATION_TYPES } from '@amms/contracts/assets';
import type { TCreateJobRequest } from '@amms/contracts/jobs';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, NumberField, SelectField, TextAreaField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { formatNumber, parseOptionalNumber } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { addDays, todayIn, zonedToIso } from '@/lib/zoned-time';
import { plotOptionsQuery } from '@/features/plots/queries';
import { useCreateJob } from './mutations';
import { jobsMessages } from './messages';
import { useFieldErrors } from '@/lib/form-errors';
import { useFormState } from '@/lib/use-form-state';

export function CreateJobDialog({
  orgId,
  timeZone,
  onClose,
}: {
  orgId: string;
  timeZone: string;
  onClose: () => void;
}) {
  const m = useMessages(jobsMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const router = useRouter();
  const idem = useIdempotencyKey();
  const tomorrow = addDays(todayIn(timeZone), 1);
  const { form, bind } = useFormState(
    {
      fieldId: '',
      operationType: '',
      title: '',
      windowStart: `${tomorrow}T08:00`,
      windowEnd: `${tomorrow}T18:00`,
      priority: '3',
      areaHa: '',
      estimatedHours: '',
      notes: '',
    },
    () => idem.reset(), // a changed form is a new request, not a retry of the previous one
  );
  const [fieldSearch, setFieldSearch] = useState('');

  const fields = useQuery(plotOptionsQuery(orgId));
  const fieldOptions = useMemo(() => {
    const q = fieldSearch.trim().toLowerCase();
    const all = fields.data?.items ?? [];
    return q ? all.filter((f) => f.name.toLowerCase().includes(q) || f.id === form.fieldId) : all;
  }, [fields.data, fieldSearch, form.fieldId]);

  const create = useCreateJob(orgId, (job) => {
    idem.reset();
    router.push(orgPath(orgId, `jobs/${job.id}`));
    onClose();
  });
  const submit = () => {
    const body: Partial<TCreateJobRequest> & Record<string, unknown> = {
      fieldId: form.fieldId || undefined,
      operationType: (form.operationType || undefined) as TCreateJobRequest['operationType'] | undefined,
      title: form.title.trim() || undefined,
      windowStart: zonedToIso(form.windowStart, timeZone) ?? undefined,
      windowEnd: zonedToIso(form.windowEnd, timeZone) ?? undefined,
      priority: parseOptionalNumber(form.priority),
      areaHa: parseOptionalNumber(form.areaHa),
      estimatedHours: parseOptionalNumber(form.estimatedHours),
      notes: form.notes.trim() || undefined,
    };
    create.mutate({ body, idempotencyKey: idem.key() });
  };
  const errs = useFieldErrors(create.error);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <Dialog title={m.create.title} onClose={onClose} wide>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{format(m.create.tzHint, { tz: timeZone })}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={m.create.fieldSearch}
            type="search"
            value={fieldSearch}
            onChange={(e) => setFieldSearch(e.target.value)}
          />
          <SelectField label={m.create.field} {...bind('fieldId', errs)} required disabled={fields.isPending}>
            <option value="">{m.create.pickField}</option>
            {fieldOptions.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name} · {format(m.detail.ha, { n: formatNumber(f.areaHa, locale, 2) })}
                {f.crop ? ` · ${f.crop}` : ''}
              </option>
            ))}
          </SelectField>
          <SelectField label={m.create.operation} {...bind('operationType', errs)} required>
            <option value="">{m.create.pickOperation}</option>
            {OPERATION_TYPES.map((o) => (
              <option key={o} value={o}>
                {m.operation[o]}
              </option>
            ))}
          </SelectField>
          <TextField label={m.create.titleLabel} {...bind('title', errs)} maxLength={200} />
          <TextField label={m.create.windowStart} type="datetime-local" {...bind('windowStart', errs)} required />
          <TextField label={m.create.windowEnd} type="datetime-local" {...bind('windowEnd', errs)} required />
          <SelectField label={m.create.priority} {...bind('priority', errs)}>
            {[5, 4, 3, 2, 1].map((p) => (
              <option key={p} value={p}>
                {priorityText(labels, p)}
              </option>
            ))}
          </SelectField>
          <NumberField label={m.create.estimatedHours} step="0.25" {...bind('estimatedHours', errs)} required />
          <NumberField label={m.create.area} step="0.0001" {...bind('areaHa', errs)} />
        </div>
        <TextAreaField label={m.create.notes} rows={3} {...bind('notes', errs)} maxLength={2000} />
        {fields.isError ? <ErrorAlert error={fields.error} /> : null}
        <ErrorAlert error={create.error} />
        <FormActions cancelLabel={m.create.cancel} onCancel={onClose}>
          <Button type="submit" pending={create.isPending}>
            {m.create.submit}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
