'use client';

import type { TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import { type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { NumberField, TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatNumber, parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { useFormState } from '@/lib/use-form-state';
import { useIdempotencyKey } from '@/lib/idempotency';
import { formatFenExact, yuanToFen } from '@/lib/money';
import { DataTable, numTdClass, rightHead, tdClass } from '@/components/ui/data-table';
import { maintenanceMessages } from './messages';
import { useAddPart } from './mutations';

/** Parts used on the work order, and the form that adds one while the order is open. */
export function Parts({ orgId, wo, canWork }: { orgId: string; wo: TWorkOrderDetailWithPeople; canWork: boolean }) {
  const m = useMessages(maintenanceMessages);
  const { locale } = useI18n();
  const idem = useIdempotencyKey();
  const { form, bind, reset } = useFormState({ name: '', partNumber: '', quantity: '1', unitCost: '' }, () =>
    idem.reset(),
  );
  const add = useAddPart(orgId, wo.id, () => {
    idem.reset();
    reset();
  });
  const errs = useFieldErrors(add.error);
  const editable = canWork && (wo.status === 'OPEN' || wo.status === 'IN_PROGRESS');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({
      idempotencyKey: idem.key(),
      body: {
        name: form.name,
        partNumber: form.partNumber.trim() || undefined,
        quantity: parseOptionalNumber(form.quantity),
        // an unreadable amount goes as typed: the API names the field
        unitCostMinor: yuanToFen(form.unitCost) ?? form.unitCost,
      },
    });
  };

  return (
    <Card id="wo-parts" title={m.parts.heading}>
      {wo.parts.length === 0 ? (
        <p className="text-sm text-slate-600">{m.parts.empty}</p>
      ) : (
        <DataTable
          caption={m.parts.caption}
          className="min-w-[32rem]"
          head={[m.parts.name, rightHead(m.parts.quantity), rightHead(m.parts.unitCost), rightHead(m.parts.lineCost)]}
        >
          {wo.parts.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${tdClass} text-left font-normal`}>
                {p.name}
                {p.partNumber ? <span className="ml-1 font-mono text-xs text-slate-600">{p.partNumber}</span> : null}
              </th>
              <td className={numTdClass}>{formatNumber(p.quantity, locale, 3)}</td>
              <td className={numTdClass}>{formatFenExact(p.unitCostMinor, locale)}</td>
              <td className={numTdClass}>{formatFenExact(p.lineCostMinor, locale)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {editable ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{m.parts.adding}</h3>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField label={m.parts.name} {...bind('name', errs)} required maxLength={200} />
            <TextField label={m.parts.partNumber} {...bind('partNumber', errs)} maxLength={80} />
            <NumberField label={m.parts.quantity} step="0.001" {...bind('quantity', errs)} required />
            <TextField
              label={m.parts.unitCost}
              inputMode="decimal"
              {...bind('unitCost')}
              error={errs.unitCostMinor}
              required
              placeholder="0.00"
            />
          </div>
          <ErrorAlert error={add.error} />
          <Button type="submit" variant="secondary" pending={add.isPending}>
            {m.parts.add}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}
