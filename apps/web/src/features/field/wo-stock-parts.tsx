'use client';

import {
  ZListPartsResponse,
  ZPartDetail,
  ZWorkOrderPartsView,
  type TPart,
  type TPartDetail,
} from '@amms/contracts/inventory';
import type { TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { formErrors, issueWords } from '@/lib/form-errors';
import { orgApi, qs, seg } from '@/lib/org-api';
import { inventoryMessages } from '../inventory/messages';
import { PartPicker } from '../inventory/part-picker';
import { partsPageQuery } from '../inventory/queries';
import { parseQuantity } from '../inventory/quantity';
import { parseScan } from '../inventory/scan';
import { Scanner } from '../inventory/scanner';
import { StockError, useQty, useQuantityWords } from '../inventory/ui';
import { WoPartsTable } from '../inventory/wo-parts-table';
import { fieldKeys, useFieldMutation } from './api';
import { isOffline, queueWrite } from './offline/offline-write';
import { Notice, Panel, workOrderNumber } from './ui';

const stockPartsQuery = (orgId: string, id: string) => ({
  queryKey: fieldKeys.stockParts(orgId, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch(orgApi(orgId, `work-orders/${seg(id)}/stock-parts`), ZWorkOrderPartsView, { signal }),
  staleTime: 5_000,
});

const fieldPartQuery = (orgId: string, id: string) => ({
  queryKey: fieldKeys.part(orgId, id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch(orgApi(orgId, `parts/${seg(id)}`), ZPartDetail, { signal }),
  staleTime: 5_000,
});

const fieldPartsList = (orgId: string) => (q: string) =>
  partsPageQuery(fieldKeys.parts(orgId, q), orgId, { q: q || undefined });

/**
 * Offline: a scanned code among the parts this phone has kept (the parts looked up before and the
 * lists shown), matching the barcode or either part number exactly.
 */
function findCachedPart(qc: QueryClient, orgId: string, code: string): TPart | null {
  const wanted = code.toLowerCase();
  const matches = (p: TPart) => [p.barcode, p.partNumber, p.makerPartNumber].some((v) => v?.toLowerCase() === wanted);
  for (const [, p] of qc.getQueriesData<TPartDetail>({ queryKey: ['orgs', orgId, 'field', 'part'] }))
    if (p && matches(p)) return p;
  for (const [, data] of qc.getQueriesData<InfiniteData<{ items: TPart[] }>>({
    queryKey: ['orgs', orgId, 'field', 'parts'],
  }))
    for (const page of data?.pages ?? []) for (const p of page.items) if (matches(p)) return p;
  return null;
}

/**
 * The mechanic's parts from stock on their work order: what is reserved, issued and returned, and
 * issuing one — scanned with the camera or picked from the list, from a location that has it.
 * Offline, the issue waits in the field app's queue with its Idempotency-Key (synced once).
 */
export function FieldStockParts({
  orgId,
  wo,
  canIssue,
}: {
  orgId: string;
  wo: TWorkOrderDetailView;
  canIssue: boolean;
}) {
  const m = useMessages(inventoryMessages);
  const view = useQuery(stockPartsQuery(orgId, wo.id));
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const remember = (p: TPart) => setNames((n) => new Map(n).set(p.id, `${p.partNumber} ${p.nameZh}`));
  return (
    <Panel id="field-stock-parts" title={m.wo.heading}>
      {view.isPending ? (
        <Loading />
      ) : view.isError ? (
        <QueryError error={view.error} onRetry={() => void view.refetch()} />
      ) : (
        <WoPartsTable view={view.data} names={names} />
      )}
      {canIssue ? <IssuePart orgId={orgId} wo={wo} onPart={remember} /> : null}
    </Panel>
  );
}

type IssueVars = { part: TPartDetail | TPart; locationId: string; quantity: number };

function IssuePart({ orgId, wo, onPart }: { orgId: string; wo: TWorkOrderDetailView; onPart: (p: TPart) => void }) {
  const m = useMessages(inventoryMessages);
  const { locale } = useI18n();
  const qty = useQty();
  const words = useQuantityWords();
  const qc = useQueryClient();
  const [part, setPart] = useState<TPart | null>(null);
  const [locationId, setLocationId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [scanNote, setScanNote] = useState<string | null>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const detail = useQuery({ ...fieldPartQuery(orgId, part?.id ?? ''), enabled: !!part });
  const places = (detail.data?.stock ?? []).filter((s) => s.available > 0).sort((a, b) => b.available - a.available);
  const chosenLocation = locationId || places[0]?.locationId || '';

  const choose = (p: TPart | null) => {
    setPart(p);
    setLocationId('');
    setLocal({});
    setNotice(null);
    if (p) onPart(p);
  };

  const onScan = async (raw: string) => {
    setScanNote(null);
    const target = parseScan(raw);
    if (!target) return;
    try {
      if (target.kind === 'part') {
        choose(await qc.fetchQuery(fieldPartQuery(orgId, target.partId)));
        return;
      }
      if (isOffline()) {
        const cached = findCachedPart(qc, orgId, target.code);
        if (cached) choose(cached);
        else setScanNote(format(m.wo.notFound, { code: target.code }));
        return;
      }
      const found = await apiFetch(orgApi(orgId, `parts${qs({ barcode: target.code, limit: 2 })}`), ZListPartsResponse);
      if (found.items.length === 1) choose(found.items[0]!);
      else setScanNote(format(m.wo.notFound, { code: target.code }));
    } catch (err) {
      const code = target.kind === 'code' ? target.code : raw.trim();
      if (isApiError(err, 409)) setScanNote(format(m.wo.ambiguous, { code }));
      else if (isApiError(err, 404)) setScanNote(format(m.wo.notFound, { code }));
      else setScanNote(err instanceof Error ? err.message : String(err));
    }
  };

  const path = orgApi(orgId, `work-orders/${seg(wo.id)}/stock-parts`);
  const body = (v: IssueVars, occurredAt: string) => ({
    action: 'ISSUE' as const,
    partId: v.part.id,
    locationId: v.locationId,
    quantity: v.quantity,
    occurredAt,
  });
  const issue = useFieldMutation({
    mutationFn: (v: IssueVars, idempotencyKey: string, occurredAt: string) =>
      apiFetch(path, ZWorkOrderPartsView, { method: 'POST', body: body(v, occurredAt), idempotencyKey }),
    offline: {
      queue: (v, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'workorder.stockpart',
          method: 'POST',
          path,
          body: body(v, occurredAt),
          idempotencyKey,
          occurredAt,
          entity: { type: 'work_order', id: wo.id },
          label: `${workOrderNumber(wo.number)} ${v.part.partNumber} × ${qty(v.quantity)}`,
        }),
      onQueued: (v) => {
        setNotice(format(m.wo.queued, { part: v.part.partNumber, quantity: qty(v.quantity) }));
        setPart(null);
        setQuantity('1');
      },
    },
    invalidate: [
      fieldKeys.stockParts(orgId, wo.id),
      fieldKeys.workOrder(orgId, wo.id),
      ['orgs', orgId, 'field', 'part'],
      ['orgs', orgId, 'inventory'],
      ['orgs', orgId, 'maintenance'],
    ],
    onSuccess: (v) => {
      qc.setQueryData(fieldKeys.stockParts(orgId, wo.id), v);
    },
  });
  const api = formErrors(issue.error, {
    issue: issueWords(locale),
    codes: { QUANTITY_NOT_WHOLE: ['quantity', m.quantity.notWhole] },
  });
  const errors = { ...api, ...local };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const problems: Record<string, string> = {};
    if (!part) problems.partId = m.wo.choosePart;
    if (!chosenLocation) problems.locationId = part ? m.wo.noStock : m.move.chooseLocation;
    const q = parseQuantity(quantity, { wholeOnly: part?.countedInPieces ?? false });
    if (!q.ok) problems.quantity = words(q.problem)!;
    setLocal(problems);
    if (!part || !chosenLocation || !q.ok) return;
    const vars: IssueVars = { part, locationId: chosenLocation, quantity: q.value };
    issue.mutate(vars, {
      onSuccess: (res) => {
        if (typeof res === 'symbol') return;
        setNotice(format(m.wo.issued1, { part: part.partNumber, quantity: qty(q.value) }));
        setPart(null);
        setQuantity('1');
      },
    });
  };

  return (
    <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">{m.wo.issueHeading}</h3>
      <p className="text-sm text-slate-700">{m.wo.issueHint}</p>
      {notice ? <Notice>{notice}</Notice> : null}
      <Scanner onRead={(t) => void onScan(t)} />
      {scanNote ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {scanNote}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <PartPicker
          orgId={orgId}
          value={part}
          onChange={choose}
          label={m.wo.pick}
          searchLabel={m.wo.search}
          error={errors.partId}
          size="lg"
          listQuery={fieldPartsList(orgId)}
        />
        {part ? (
          <p className="text-sm font-medium text-emerald-900" data-testid="chosen-part">
            {format(m.wo.chosen, { part: `${part.partNumber} ${part.nameZh}` })}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={m.wo.location}
            value={chosenLocation}
            onChange={(e) => setLocationId(e.target.value)}
            error={errors.locationId}
            className="min-w-0"
          >
            {places.length === 0 ? (
              <option value="">{part && detail.isSuccess ? m.wo.noStock : m.move.chooseLocation}</option>
            ) : null}
            {places.map((s) => (
              <option key={s.locationId} value={s.locationId}>
                {format(m.wo.availableAt, { location: s.locationName, available: qty(s.available) })}
              </option>
            ))}
          </SelectField>
          <TextField
            label={part ? `${m.wo.quantity}（${part.unit}）` : m.wo.quantity}
            inputMode="decimal"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={errors.quantity}
            className="min-w-0"
          />
        </div>
        <StockError error={Object.keys(api).length === 0 ? issue.error : null} />
        <Button type="submit" size="lg" className="w-full" pending={issue.isPending}>
          {m.wo.actions.ISSUE}
        </Button>
      </form>
    </div>
  );
}
