'use client';

import type { TPermission } from '@amms/contracts/permissions';
import type { TStockCount, TStockRow } from '@amms/contracts/inventory';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable, numTdClass, rightHead, tdClass } from '@/components/ui/data-table';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SelectField, TextField } from '@/components/ui/form';
import { Loading } from '@/components/ui/states';
import { useMessages } from '@/i18n/messages';
import { setQueryParams } from '@/lib/url-query';
import { useSearchParams } from 'next/navigation';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { useConfirmCount, useCreateCount } from './mutations';
import { locationsQuery, stockCountQuery, stockQuery } from './queries';
import { parseQuantity } from './quantity';
import { useQty, useQuantityWords } from './ui';

/**
 * A stocktake: pick a location, enter what was counted per part, save the draft (`?count=` keeps
 * it across a reload), then confirm: the API takes on hand at that moment as expected and posts
 * the differences as adjustments.
 */
export function StockCountPage({ orgId, permissions }: { orgId: string; permissions: TPermission[] }) {
  const m = useMessages(inventoryMessages);
  const countId = useSearchParams().get('count') ?? '';
  const [created, setCreated] = useState<string>('');
  const id = created || countId;
  return (
    <>
      <InventoryTabs orgId={orgId} current="counts" permissions={permissions} />
      <p className="mb-4 text-sm text-slate-700">{m.counts.intro}</p>
      {id ? (
        <CountDocument orgId={orgId} id={id} />
      ) : (
        <NewCount
          orgId={orgId}
          onCreated={(c) => {
            setCreated(c.id);
            setQueryParams({ count: c.id });
          }}
        />
      )}
    </>
  );
}

function NewCount({ orgId, onCreated }: { orgId: string; onCreated: (c: TStockCount) => void }) {
  const m = useMessages(inventoryMessages);
  const words = useQuantityWords();
  const qty = useQty();
  const locations = useQuery(locationsQuery(orgId));
  const [locationId, setLocationId] = useState('');
  const stock = useQuery({ ...stockQuery(orgId, { locationId }), enabled: locationId !== '' });
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCount(orgId, onCreated);
  const rows: TStockRow[] = stock.data?.items ?? [];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const lines: { partId: string; counted: number }[] = [];
    for (const r of rows) {
      const text = counted[r.partId] ?? '';
      if (text.trim() === '') continue;
      // the stock row does not say whether the part is counted in pieces: the API checks that (QUANTITY_NOT_WHOLE)
      const q = parseQuantity(text, { wholeOnly: false, allowZero: true });
      if (q.ok) lines.push({ partId: r.partId, counted: q.value });
      else problems[r.partId] = words(q.problem)!;
    }
    if (lines.length === 0 && Object.keys(problems).length === 0) problems.form = m.counts.noLines;
    setErrors(problems);
    if (Object.keys(problems).length === 0) create.mutate({ locationId, lines });
  };

  return (
    <Card id="count-new" title={m.counts.heading}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SelectField
          label={m.counts.location}
          value={locationId}
          onChange={(e) => setLocationId(e.target.value)}
          className="max-w-sm"
        >
          <option value="">{m.move.chooseLocation}</option>
          {(locations.data?.items ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        {locationId && stock.isPending ? <Loading /> : null}
        {rows.length > 0 ? (
          <ul className="divide-y divide-slate-100" aria-label={m.counts.caption}>
            {rows.map((r) => (
              <li key={r.partId} className="grid items-end gap-2 py-2 sm:grid-cols-[1fr_12rem]">
                <span className="text-sm">
                  <span className="font-mono">{r.partNumber}</span> {r.nameZh}
                  <span className="block text-xs text-slate-600">
                    {m.stock.onHand} {qty(r.onHand)}
                  </span>
                </span>
                <TextField
                  label={`${m.counts.counted}：${r.partNumber}`}
                  inputMode="decimal"
                  value={counted[r.partId] ?? ''}
                  onChange={(e) => setCounted((c) => ({ ...c, [r.partId]: e.target.value }))}
                  error={errors[r.partId]}
                />
              </li>
            ))}
          </ul>
        ) : locationId && stock.isSuccess ? (
          <p className="text-sm text-slate-600">{m.stock.empty}</p>
        ) : null}
        {errors.form ? <p className="text-sm text-red-700">{errors.form}</p> : null}
        <ErrorAlert error={create.error} />
        <Button type="submit" pending={create.isPending} disabled={!locationId || rows.length === 0}>
          {m.counts.save}
        </Button>
      </form>
    </Card>
  );
}

function CountDocument({ orgId, id }: { orgId: string; id: string }) {
  const m = useMessages(inventoryMessages);
  const qty = useQty();
  const count = useQuery(stockCountQuery(orgId, id));
  const stock = useQuery({
    ...stockQuery(orgId, { locationId: count.data?.locationId }),
    enabled: !!count.data,
  });
  const confirm = useConfirmCount(orgId, id);
  if (count.isPending) return <Loading />;
  if (count.isError) return <ErrorAlert error={count.error} />;
  const c = count.data;
  const names = new Map((stock.data?.items ?? []).map((r) => [r.partId, `${r.partNumber} ${r.nameZh}`]));
  const signed = (n: number | null) => (n === null ? '—' : `${n > 0 ? '+' : ''}${qty(n)}`);
  return (
    <Card
      id="count-doc"
      title={m.counts.heading}
      actions={<Badge tone={c.status === 'CONFIRMED' ? 'green' : 'amber'}>{m.counts.status[c.status]}</Badge>}
    >
      <DataTable
        caption={m.counts.caption}
        className="min-w-[28rem]"
        head={[m.stock.part, rightHead(m.counts.counted), rightHead(m.counts.expected), rightHead(m.counts.difference)]}
      >
        {c.lines.map((l) => (
          <tr key={l.partId}>
            <th scope="row" className={`${tdClass} text-left font-medium`}>
              {names.get(l.partId) ?? l.partId.slice(0, 8)}
            </th>
            <td className={numTdClass}>{qty(l.counted)}</td>
            <td className={numTdClass}>{l.expected === null ? '—' : qty(l.expected)}</td>
            <td className={numTdClass}>{signed(l.difference)}</td>
          </tr>
        ))}
      </DataTable>
      <div className="mt-4 space-y-2">
        <ErrorAlert error={confirm.error} />
        {c.status === 'DRAFT' ? (
          <Button onClick={() => confirm.mutate({})} pending={confirm.isPending}>
            {m.counts.confirm}
          </Button>
        ) : (
          <p role="status" className="text-sm text-emerald-900">
            {m.counts.confirmed}
          </p>
        )}
      </div>
    </Card>
  );
}
