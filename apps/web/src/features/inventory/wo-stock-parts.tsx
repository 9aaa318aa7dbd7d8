'use client';

import type { TPart, TWorkOrderPartsRequest } from '@amms/contracts/inventory';
import type { TWorkOrderStatus } from '@amms/contracts/maintenance';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formErrors, issueWords } from '@/lib/form-errors';
import { workOrderQuery } from '../maintenance/queries';
import { inventoryMessages } from './messages';
import { useWorkOrderStockPart } from './mutations';
import { PartPicker } from './part-picker';
import { partQuery, workOrderStockPartsQuery } from './queries';
import { parseQuantity } from './quantity';
import { StockError, useQty, useQuantityWords } from './ui';
import { WoPartsTable } from './wo-parts-table';

const ACTIONS = ['RESERVE', 'ISSUE', 'RETURN', 'UNRESERVE'] as const;
type Action = (typeof ACTIONS)[number];
const OPEN: readonly TWorkOrderStatus[] = ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE'];

/**
 * The work order page's parts from stock (desktop; rendered by the page inside the work order's detail): reserved, issued, returned per part and the
 * parts cost; the store keeper (or the assigned mechanic) reserves, issues, returns or releases.
 */
export function WorkOrderStockParts({
  orgId,
  workOrderId,
  permissions,
  myMembershipId,
}: {
  orgId: string;
  workOrderId: string;
  permissions: readonly TPermission[];
  myMembershipId: string;
}) {
  const m = useMessages(inventoryMessages);
  // the work order page's own query (same key: no second request)
  const wo = useQuery(workOrderQuery(orgId, workOrderId));
  const view = useQuery({
    ...workOrderStockPartsQuery(orgId, workOrderId),
    enabled: permissions.includes('inventory.read'),
  });
  if (!permissions.includes('inventory.read') || !wo.data) return null;
  const canAct =
    OPEN.includes(wo.data.status) &&
    (permissions.includes('inventory.write') ||
      (permissions.includes('workorder.write') && wo.data.assigneeMembershipId === myMembershipId));
  return (
    <Card id="wo-stock-parts" title={m.wo.heading}>
      {view.isPending ? (
        <Loading />
      ) : view.isError ? (
        <QueryError error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <WoPartsTable view={view.data} />
      )}
      {canAct ? <ActForm orgId={orgId} workOrderId={workOrderId} /> : null}
    </Card>
  );
}

function ActForm({ orgId, workOrderId }: { orgId: string; workOrderId: string }) {
  const m = useMessages(inventoryMessages);
  const { locale } = useI18n();
  const qty = useQty();
  const words = useQuantityWords();
  const [action, setAction] = useState<Action>('RESERVE');
  const [part, setPart] = useState<TPart | null>(null);
  const [locationId, setLocationId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [local, setLocal] = useState<Record<string, string>>({});
  const detail = useQuery({ ...partQuery(orgId, part?.id ?? ''), enabled: !!part });
  const act = useWorkOrderStockPart(orgId, workOrderId, () => setQuantity('1'));
  const api = formErrors(act.error, {
    issue: issueWords(locale),
    codes: { QUANTITY_NOT_WHOLE: ['quantity', m.quantity.notWhole] },
  });
  const errors = { ...api, ...local };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!part) problems.partId = m.move.choosePart;
    if (!locationId) problems.locationId = m.move.chooseLocation;
    const q = parseQuantity(quantity, { wholeOnly: part?.countedInPieces ?? false });
    if (!q.ok) problems.quantity = words(q.problem)!;
    setLocal(problems);
    if (!part || !q.ok || !locationId) return;
    const body: TWorkOrderPartsRequest = { action, partId: part.id, locationId, quantity: q.value };
    act.mutate(body);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <SelectField label={m.wo.action} value={action} onChange={(e) => setAction(e.target.value as Action)}>
        {ACTIONS.map((a) => (
          <option key={a} value={a}>
            {m.wo.actions[a]}
          </option>
        ))}
      </SelectField>
      <PartPicker
        orgId={orgId}
        value={part}
        onChange={(p) => {
          setPart(p);
          setLocationId('');
        }}
        label={m.wo.part}
        searchLabel={m.wo.search}
        error={errors.partId}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={m.wo.location}
          value={locationId}
          onChange={(e) => setLocationId(e.target.value)}
          error={errors.locationId}
        >
          <option value="">{m.move.chooseLocation}</option>
          {(detail.data?.stock ?? []).map((s) => (
            <option key={s.locationId} value={s.locationId}>
              {s.locationName}（{m.stock.available} {qty(s.available)}）
            </option>
          ))}
        </SelectField>
        <TextField
          label={m.wo.quantity}
          inputMode="decimal"
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={errors.quantity}
        />
      </div>
      <StockError error={Object.keys(api).length === 0 ? act.error : null} />
      <Button type="submit" pending={act.isPending}>
        {m.wo.actions[action]}
      </Button>
    </form>
  );
}
