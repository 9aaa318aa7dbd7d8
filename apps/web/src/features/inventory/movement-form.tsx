'use client';

import type { TCreateStockMovementRequest, TPart, TStockMovementType } from '@amms/contracts/inventory';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formErrors, issueWords } from '@/lib/form-errors';
import { yuanToFen } from '@/lib/money';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { useStockMovement } from './mutations';
import { PartPicker } from './part-picker';
import { partQuery, locationsQuery } from './queries';
import { parseQuantity } from './quantity';
import { StockError, useQty, useQuantityWords } from './ui';

type FormType = Extract<TStockMovementType, 'RECEIPT' | 'TRANSFER' | 'ADJUSTMENT' | 'WRITE_OFF'>;

/** Which movements a member may record here (issues and returns go through the work order). */
export function movementTypesFor(permissions: readonly TPermission[]): FormType[] {
  return [
    ...(permissions.includes('inventory.write') ? (['RECEIPT', 'TRANSFER'] as const) : []),
    ...(permissions.includes('inventory.adjust') ? (['ADJUSTMENT', 'WRITE_OFF'] as const) : []),
  ];
}

/** Receipt, transfer, adjustment or write-off (`?partId=` and `?type=` prefill it). */
export function MovementForm({ orgId, permissions }: { orgId: string; permissions: TPermission[] }) {
  const m = useMessages(inventoryMessages);
  const { locale } = useI18n();
  const qty = useQty();
  const words = useQuantityWords();
  const sp = useSearchParams();
  const types = movementTypesFor(permissions);
  const askedType = sp.get('type') as FormType | null;
  const [type, setType] = useState<FormType | ''>(
    askedType && types.includes(askedType) ? askedType : (types[0] ?? ''),
  );
  const [chosen, setChosen] = useState<TPart | null>(null);
  const prefill = useQuery({ ...partQuery(orgId, sp.get('partId') ?? ''), enabled: !!sp.get('partId') && !chosen });
  const part = chosen ?? prefill.data ?? null;
  const locations = useQuery(locationsQuery(orgId));
  const [f, setF] = useState({
    locationId: '',
    toLocationId: '',
    quantity: '',
    direction: 'IN',
    unitCost: '',
    reason: '',
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const move = useStockMovement(orgId, (r) => {
    if (r.status === 'PENDING_APPROVAL') setDone(m.move.pending);
    else
      setDone(
        format(m.move.saved, { type: m.type[r.type], part: part?.partNumber ?? '', quantity: qty(Math.abs(r.delta)) }),
      );
    setF((x) => ({ ...x, quantity: '', reason: '', unitCost: '' }));
  });
  const api = formErrors(move.error, {
    issue: issueWords(locale),
    codes: { QUANTITY_NOT_WHOLE: ['quantity', m.quantity.notWhole] },
  });
  const errors = { ...api, ...local };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const problems: Record<string, string> = {};
    if (!part) problems.partId = m.move.choosePart;
    if (!f.locationId) problems.locationId = m.move.chooseLocation;
    if (type === 'TRANSFER' && !f.toLocationId) problems.toLocationId = m.move.chooseLocation;
    const q = parseQuantity(f.quantity, { wholeOnly: part?.countedInPieces ?? false });
    if (!q.ok) problems.quantity = words(q.problem)!;
    const cost = type === 'RECEIPT' ? yuanToFen(f.unitCost) : null;
    if (type === 'RECEIPT' && cost === null) problems.unitCostMinor = m.quantity.invalid;
    if (type === 'WRITE_OFF' && !f.reason.trim()) problems.reason = m.move.reason;
    setLocal(problems);
    if (Object.keys(problems).length > 0 || !part || !q.ok || !type) return;
    const body: TCreateStockMovementRequest = {
      type,
      partId: part.id,
      locationId: f.locationId,
      quantity: q.value,
      ...(type === 'TRANSFER' ? { toLocationId: f.toLocationId } : {}),
      ...(type === 'ADJUSTMENT' ? { direction: f.direction as 'IN' | 'OUT' } : {}),
      ...(type === 'RECEIPT' ? { unitCostMinor: cost } : {}),
      ...(f.reason.trim() ? { reason: f.reason.trim() } : {}),
    };
    move.mutate(body);
  };
  const locs = locations.data?.items ?? [];

  return (
    <>
      <InventoryTabs orgId={orgId} current="movements" permissions={permissions} />
      <Card id="movement-form" title={m.move.heading} className="max-w-3xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <SelectField label={m.move.type} value={type} onChange={(e) => setType(e.target.value as FormType)}>
            {types.map((t) => (
              <option key={t} value={t}>
                {m.type[t]}
              </option>
            ))}
          </SelectField>
          <PartPicker
            orgId={orgId}
            value={part}
            onChange={setChosen}
            label={m.move.part}
            searchLabel={m.list.search}
            error={errors.partId}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label={m.move.location}
              value={f.locationId}
              onChange={set('locationId')}
              error={errors.locationId}
            >
              <option value="">{m.move.chooseLocation}</option>
              {locs.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectField>
            {type === 'TRANSFER' ? (
              <SelectField
                label={m.move.toLocation}
                value={f.toLocationId}
                onChange={set('toLocationId')}
                error={errors.toLocationId}
              >
                <option value="">{m.move.chooseLocation}</option>
                {locs
                  .filter((l) => l.id !== f.locationId)
                  .map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
              </SelectField>
            ) : null}
            {type === 'ADJUSTMENT' ? (
              <SelectField label={m.move.direction} value={f.direction} onChange={set('direction')}>
                <option value="IN">{m.move.in}</option>
                <option value="OUT">{m.move.out}</option>
              </SelectField>
            ) : null}
            <TextField
              label={part ? `${m.move.quantity}（${part.unit}）` : m.move.quantity}
              inputMode="decimal"
              value={f.quantity}
              onChange={set('quantity')}
              error={errors.quantity}
              required
            />
            {type === 'RECEIPT' ? (
              <TextField
                label={m.move.unitCost}
                inputMode="decimal"
                placeholder="0.00"
                value={f.unitCost}
                onChange={set('unitCost')}
                error={errors.unitCostMinor}
                required
              />
            ) : null}
          </div>
          <TextField
            label={type === 'WRITE_OFF' ? m.move.reason : m.move.reasonOptional}
            value={f.reason}
            onChange={set('reason')}
            error={errors.reason}
            maxLength={500}
          />
          <StockError error={Object.keys(api).length === 0 ? move.error : null} />
          {done ? (
            <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
              {done}
            </p>
          ) : null}
          <Button type="submit" pending={move.isPending} disabled={!type}>
            {m.move.save}
          </Button>
        </form>
      </Card>
    </>
  );
}
