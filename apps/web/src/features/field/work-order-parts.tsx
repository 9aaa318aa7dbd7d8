'use client';

import type { TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatNumber, parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { useFormState } from '@/lib/use-form-state';
import { formatFenExact, yuanToFen } from '@/lib/money';
import { maintenanceMessages } from '../maintenance/messages';
import { offlineMessages } from './offline/messages';
import { useQueuedWrites } from './offline/use-offline-queue';
import { DecimalField, Panel, workOrderNumber } from './ui';
import { useAddFieldPart } from './work-order-parts-api';

const EMPTY = { name: '', partNumber: '', quantity: '1', unitCost: '' };

/** The mechanic's parts on their order while the work runs: the list and a short form (labour hours go with the submit). */
export function FieldParts({ orgId, wo }: { orgId: string; wo: TWorkOrderDetailView }) {
  const m = useMessages(maintenanceMessages).parts;
  const { locale } = useI18n();
  const om = useMessages(offlineMessages);
  const { form, set, reset } = useFormState(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const add = useAddFieldPart(orgId, { id: wo.id, label: workOrderNumber(wo.number) }, reset, () =>
    setNotice(om.savedOffline),
  );
  // parts added offline: shown as waiting for the sync, until the queue has sent them
  const queued = (useQueuedWrites() ?? []).filter(
    (w) => w.kind === 'workorder.part' && w.entity.id === wo.id && w.state === 'pending',
  );
  const errs = useFieldErrors(add.error);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    add.mutate({
      name: form.name,
      partNumber: form.partNumber.trim() || undefined,
      quantity: parseOptionalNumber(form.quantity),
      unitCostMinor: yuanToFen(form.unitCost) ?? form.unitCost,
    });
  };
  return (
    <Panel id="field-wo-parts" title={m.heading}>
      {queued.length > 0 ? (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="field-parts-queued">
          {queued.map((w) => {
            const b = w.body as { name: string; partNumber?: string; quantity?: number };
            return (
              <li key={w.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 break-words">
                  {b.name}
                  {b.partNumber ? <span className="ml-1 font-mono text-xs text-slate-600">{b.partNumber}</span> : null}
                  <span className="text-slate-600"> × {formatNumber(b.quantity ?? 1, locale, 3)}</span>
                </span>
                <Badge tone="amber">{om.queuedBadge}</Badge>
              </li>
            );
          })}
        </ul>
      ) : null}
      {wo.parts.length === 0 ? (
        queued.length > 0 ? null : (
          <p className="text-sm text-slate-600">{m.empty}</p>
        )
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" data-testid="field-parts">
          {wo.parts.map((p) => (
            <li key={p.id} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                {p.name}
                {p.partNumber ? <span className="ml-1 font-mono text-xs text-slate-600">{p.partNumber}</span> : null}
                <span className="text-slate-600"> × {formatNumber(p.quantity, locale, 3)}</span>
              </span>
              {'lineCostMinor' in p ? (
                <span className="tabular-nums">{formatFenExact(p.lineCostMinor, locale)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3 border-t border-slate-100 pt-3">
        <h3 className="text-sm font-semibold text-slate-900">{m.adding}</h3>
        <TextField label={m.name} value={form.name} onChange={set('name')} error={errs.name} required maxLength={200} />
        <TextField
          label={m.partNumber}
          value={form.partNumber}
          onChange={set('partNumber')}
          error={errs.partNumber}
          maxLength={80}
        />
        <div className="grid grid-cols-2 gap-3">
          <DecimalField
            label={m.quantity}
            value={form.quantity}
            onChange={set('quantity')}
            error={errs.quantity}
            required
          />
          <DecimalField
            label={m.unitCost}
            value={form.unitCost}
            onChange={set('unitCost')}
            error={errs.unitCostMinor}
            placeholder="0.00"
            required
          />
        </div>
        <p role="status" className={notice ? 'text-sm text-sky-900' : 'sr-only'}>
          {notice}
        </p>
        <ErrorAlert error={add.error} />
        <Button type="submit" variant="secondary" pending={add.isPending} className="min-h-12 w-full">
          {m.add}
        </Button>
      </form>
    </Panel>
  );
}
