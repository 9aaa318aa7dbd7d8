'use client';

import type { TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatNumber, parseOptionalNumber } from '@/lib/format';
import { useFieldErrors } from '@/lib/form-errors';
import { useIdempotencyKey } from '@/lib/idempotency';
import { fenToYuanInput, formatFenExact, yuanToFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { Fact, Facts } from '@/components/ui/facts';
import { maintenanceMessages } from './messages';
import { useCostDocumentFromWorkOrder, useUpdateDefaultLaborRate, useUpdateLabour } from './mutations';
import { maintenanceSettingsQuery } from './queries';

type Props = { orgId: string; wo: TWorkOrderDetailWithPeople; permissions: TPermission[] };

/** Labour hours × rate on the order, the workshop's default rate, and the order's costs as a cost document. */
export function Labour({ orgId, wo, permissions }: Props) {
  const m = useMessages(maintenanceMessages).labour;
  const { locale } = useI18n();
  const can = (p: TPermission) => permissions.includes(p);
  const editable = can('workorder.write') && (wo.status === 'OPEN' || wo.status === 'IN_PROGRESS');
  const [form, setForm] = useState(() => ({
    hours: wo.laborHours === null ? '' : String(wo.laborHours),
    rate: fenToYuanInput(wo.laborRateMinor),
  }));
  const save = useUpdateLabour(orgId, wo.id, () => undefined);
  const errs = useFieldErrors(save.error);
  const perHour = (fen: string | null) =>
    fen === null ? null : format(m.perHour, { amount: formatFenExact(fen, locale) });

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const rate = form.rate.trim() === '' ? null : (yuanToFen(form.rate) ?? form.rate);
    save.mutate({
      version: wo.version,
      laborHours: form.hours.trim() === '' ? null : (parseOptionalNumber(form.hours) ?? null),
      ...(rate !== wo.laborRateMinor ? { laborRateMinor: rate } : {}),
    });
  };

  return (
    <Card id="wo-labour" title={m.heading}>
      <Facts>
        <Fact term={m.hours}>{wo.laborHours === null ? '—' : formatNumber(wo.laborHours, locale, 2)}</Fact>
        <Fact term={m.rate}>{perHour(wo.laborRateMinor) ?? m.rateNone}</Fact>
        <Fact term={m.cost}>
          <strong data-testid="wo-labour-cost">{formatFenExact(wo.laborCostMinor, locale)}</strong>
        </Fact>
      </Facts>
      {editable ? (
        <form onSubmit={onSave} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={m.hours}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={form.hours}
              onChange={(e) => setForm((f) => ({ ...f, hours: e.target.value }))}
              error={errs.laborHours}
            />
            <TextField
              label={m.rate}
              inputMode="decimal"
              placeholder="0.00"
              value={form.rate}
              onChange={(e) => setForm((f) => ({ ...f, rate: e.target.value }))}
              error={errs.laborRateMinor}
            />
          </div>
          <ErrorAlert error={save.error} />
          <Button type="submit" variant="secondary" pending={save.isPending}>
            {m.save}
          </Button>
        </form>
      ) : null}
      <DefaultRate orgId={orgId} canEdit={can('workorder.accept')} />
      {can('cost.write') && (wo.status === 'AWAITING_ACCEPTANCE' || wo.status === 'CLOSED') ? (
        <ToCostDocument orgId={orgId} workOrderId={wo.id} />
      ) : null}
    </Card>
  );
}

function DefaultRate({ orgId, canEdit }: { orgId: string; canEdit: boolean }) {
  const m = useMessages(maintenanceMessages).labour;
  const { locale } = useI18n();
  const settings = useQuery(maintenanceSettingsQuery(orgId));
  const [editing, setEditing] = useState<string | null>(null);
  const save = useUpdateDefaultLaborRate(orgId, () => setEditing(null));
  const errs = useFieldErrors(save.error);
  const rate = settings.data?.laborRateMinor ?? null;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-700">
      <p data-testid="wo-default-rate">
        {format(m.defaultRateLine, {
          rate: rate === null ? m.defaultNone : format(m.perHour, { amount: formatFenExact(rate, locale) }),
        })}
      </p>
      {canEdit && editing === null ? (
        <Button variant="secondary" className="mt-2" onClick={() => setEditing(fenToYuanInput(rate))}>
          {m.editDefault}
        </Button>
      ) : null}
      {editing !== null ? (
        <form
          noValidate
          className="mt-2 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(editing.trim() === '' ? null : (yuanToFen(editing) ?? editing));
          }}
        >
          <TextField
            label={m.defaultRate}
            hint={m.defaultHint}
            inputMode="decimal"
            placeholder="0.00"
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            error={errs.laborRateMinor}
          />
          <ErrorAlert error={save.error} />
          <Button type="submit" variant="secondary" pending={save.isPending}>
            {m.saveDefault}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function ToCostDocument({ orgId, workOrderId }: { orgId: string; workOrderId: string }) {
  const m = useMessages(maintenanceMessages).labour;
  const { locale } = useI18n();
  const router = useRouter();
  const idem = useIdempotencyKey();
  const create = useCostDocumentFromWorkOrder(orgId, workOrderId);
  const existing =
    isApiError(create.error, 409) && create.error.code === 'CONFLICT'
      ? (create.error.details as { costDocumentId?: string } | undefined)?.costDocumentId
      : undefined;
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">{m.toCostHint}</p>
      <Button
        className="mt-2"
        pending={create.isPending}
        onClick={() =>
          create.mutate(
            { locale, idempotencyKey: idem.key() },
            { onSuccess: (doc) => router.push(orgPath(orgId, `costs/${doc.id}`)), onError: () => idem.reset() },
          )
        }
      >
        {m.toCost}
      </Button>
      {existing ? (
        <p className="mt-2 text-sm text-slate-800">
          {m.toCostExists}{' '}
          <Link href={orgPath(orgId, `costs/${existing}`)} className="text-emerald-800 underline">
            {m.openDocument}
          </Link>
        </p>
      ) : (
        <ErrorAlert error={create.error} />
      )}
    </div>
  );
}
