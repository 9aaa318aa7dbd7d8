'use client';

import {
  canApplyWorkOrderAction,
  ZWorkOrderDetailWithPeople,
  type TChecklistItem,
  type TChecklistResult,
  type TWorkOrderAction,
  type TWorkOrderDetailWithPeople,
} from '@amms/contracts/maintenance';
import type { TPermission } from '@amms/contracts/permissions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ActionBar, BackLink, DetailHeading } from '@/components/detail';
import { Button } from '@/components/ui/button';
import { PersonName } from '@/components/person';
import { ConfirmWithCommentDialog } from '@/components/confirm-with-comment';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormActions, TextAreaField, TextField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { ApiError, apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, formatNumber, parseOptionalNumber } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { refreshQueries } from '@/lib/refresh';
import { formatFenExact, yuanToFen } from '../costs/money';
import { orgApi } from '../jobs/api';
import { Fact, Facts, TableWrap, tdClass, thClass } from '../jobs/ui';
import { invalidateAfterWorkOrderWrite, maintenanceKeys } from './api';
import { maintenanceMessages } from './messages';
import { WorkOrderStatusBadge, WorkOrderTypeBadge, woNumber } from './ui';
import { useFieldErrors } from '../jobs/field-errors';

type Props = { orgId: string; workOrderId: string; timeZone: string; permissions: TPermission[]; myMembershipId: string };
type Open = null | 'submit' | 'accept' | 'reject' | 'cancel';

function useWorkOrderAction(orgId: string, id: string, onDone?: () => void) {
  const qc = useQueryClient();
  const [refreshed, setRefreshed] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ action, body }: { action: TWorkOrderAction; body: object }) =>
      apiFetch(orgApi(orgId, `work-orders/${id}/${action}`), ZWorkOrderDetailWithPeople, { method: 'POST', body }),
    onMutate: () => setRefreshed(false),
    onSuccess: async (wo) => {
      qc.setQueryData(maintenanceKeys.detail(orgId, id), wo);
      onDone?.();
      await invalidateAfterWorkOrderWrite(qc, orgId);
    },
    onError: async (err) => {
      // someone else moved the order (or it changed under us): show the current state
      if (isApiError(err, 409)) {
        await refreshQueries(qc, maintenanceKeys.detail(orgId, id));
        setRefreshed(true);
      }
    },
  });
  return { ...mutation, refreshed };
}

export function WorkOrderDetail({ orgId, workOrderId, timeZone, permissions, myMembershipId }: Props) {
  const m = useMessages(maintenanceMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const q = useQuery({
    queryKey: maintenanceKeys.detail(orgId, workOrderId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `work-orders/${workOrderId}`), ZWorkOrderDetailWithPeople, { signal }),
  });
  const action = useWorkOrderAction(orgId, workOrderId);

  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const wo = q.data;
  const can = (p: TPermission) => permissions.includes(p);
  const applies = (a: TWorkOrderAction) => canApplyWorkOrderAction(wo.status, a);
  const dt = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const hours = (n: number | null) => (n === null ? '—' : format(m.detail.hours, { n: formatNumber(n, locale, 2) }));
  const selfAcceptance = wo.submittedByMembershipId === myMembershipId || wo.assigneeMembershipId === myMembershipId;
  const selfNote = errorMessage(locale, new ApiError(403, 'SELF_ACCEPTANCE', ''));
  const pendingAction = action.isPending ? action.variables?.action : null;

  const buttons = [
    can('workorder.work') && applies('start') ? (
      <Button key="start" pending={pendingAction === 'start'} disabled={action.isPending} onClick={() => action.mutate({ action: 'start', body: { version: wo.version } })}>
        {m.actions.start}
      </Button>
    ) : null,
    can('workorder.work') && applies('submit') ? (
      <Button key="submit" onClick={() => setOpen('submit')}>
        {m.actions.submit}
      </Button>
    ) : null,
    can('workorder.accept') && applies('accept') ? (
      <Button
        key="accept"
        pending={pendingAction === 'accept'}
        disabled={action.isPending || selfAcceptance}
        aria-describedby={selfAcceptance ? 'wo-self-acceptance' : undefined}
        onClick={() => setOpen('accept')}
      >
        {m.actions.accept}
      </Button>
    ) : null,
    can('workorder.accept') && applies('reject') ? (
      <Button key="reject" variant="secondary" disabled={action.isPending || selfAcceptance} aria-describedby={selfAcceptance ? 'wo-self-acceptance' : undefined} onClick={() => setOpen('reject')}>
        {m.actions.reject}
      </Button>
    ) : null,
    can('workorder.write') && applies('cancel') ? (
      <Button key="cancel" variant="danger" onClick={() => setOpen('cancel')}>
        {m.actions.cancel}
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'maintenance')}>{m.detail.back}</BackLink>
      <DetailHeading
        title={
          <>
            <span className="font-mono text-slate-600">{woNumber(wo.number)}</span> {wo.title}
          </>
        }
      >
        <WorkOrderStatusBadge status={wo.status} />
        <WorkOrderTypeBadge type={wo.type} />
      </DetailHeading>

      <ActionBar
        id="wo-actions"
        title={m.detail.actions}
        actions={buttons}
        noActions={m.detail.noActions}
        note={selfAcceptance && wo.status === 'AWAITING_ACCEPTANCE' && can('workorder.accept') ? { id: 'wo-self-acceptance', text: selfNote } : null}
        refreshed={action.refreshed ? m.detail.refreshed : null}
        error={action.error}
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="wo-overview" title={m.detail.overview}>
          <Facts>
            <Fact term={m.detail.machine}>
              <Link href={orgPath(orgId, `assets/${wo.assetId}`)} className="text-emerald-800 underline-offset-2 hover:underline">
                {wo.assetName}
              </Link>
            </Fact>
            <Fact term={m.detail.type}>{m.type[wo.type]}</Fact>
            <Fact term={m.detail.priority}>{priorityText(labels, wo.priority)}</Fact>
            {wo.description ? <Fact term={m.detail.description}>{wo.description}</Fact> : null}
            {wo.plannedStart ? (
              <Fact term={m.detail.planned}>
                <span className="tabular-nums">
                  {dt(wo.plannedStart)} – {dt(wo.plannedEnd)}
                </span>
              </Fact>
            ) : null}
            <Fact term={m.detail.downtime}>{wo.causesDowntime ? m.detail.downtimeYes : m.detail.downtimeNo}</Fact>
            {wo.people.reportedBy ? (
              <Fact term={m.detail.reportedBy}>
                <PersonName person={wo.people.reportedBy} />
              </Fact>
            ) : null}
            <Fact term={m.detail.assignee}>{wo.people.assignee ? <PersonName person={wo.people.assignee} /> : m.detail.nobody}</Fact>
            {wo.startedAt ? <Fact term={m.detail.started}>{dt(wo.startedAt)}</Fact> : null}
            {wo.submittedAt ? (
              <Fact term={m.detail.submitted}>
                {dt(wo.submittedAt)} · <PersonName person={wo.people.submittedBy} />
              </Fact>
            ) : null}
            {wo.acceptedAt ? (
              <Fact term={m.detail.accepted}>
                {dt(wo.acceptedAt)} · <PersonName person={wo.people.acceptedBy} />
              </Fact>
            ) : null}
            {wo.acceptanceComment ? <Fact term={m.detail.acceptanceComment}>{wo.acceptanceComment}</Fact> : null}
            {wo.rejectionReason ? <Fact term={m.detail.rejection}>{wo.rejectionReason}</Fact> : null}
            {wo.cancelledAt ? <Fact term={m.detail.cancelled}>{dt(wo.cancelledAt)}</Fact> : null}
            {wo.cancelReason ? <Fact term={m.detail.cancelReason}>{wo.cancelReason}</Fact> : null}
            {wo.meterHours !== null ? <Fact term={m.detail.meter}>{hours(wo.meterHours)}</Fact> : null}
            {wo.laborHours !== null ? <Fact term={m.detail.labor}>{hours(wo.laborHours)}</Fact> : null}
            {wo.resolution ? <Fact term={m.detail.resolution}>{wo.resolution}</Fact> : null}
            <Fact term={m.detail.laborCost}>{formatFenExact(wo.laborCostMinor, locale)}</Fact>
            <Fact term={m.detail.partsCost}>{formatFenExact(wo.partsCostMinor, locale)}</Fact>
            <Fact term={m.detail.totalCost}>
              <strong>{formatFenExact(wo.totalCostMinor, locale)}</strong>
            </Fact>
          </Facts>
        </Card>
        <Checklist orgId={orgId} wo={wo} canWork={can('workorder.work')} />
      </div>
      <Parts orgId={orgId} wo={wo} canWork={can('workorder.work')} />

      {open === 'accept' ? (
        <ConfirmWithCommentDialog
          title={m.accept.title}
          summary={format(m.accept.summary, { number: woNumber(wo.number), asset: wo.assetName })}
          commentLabel={m.accept.comment}
          confirmLabel={m.accept.confirm}
          cancelLabel={m.actions.close}
          pending={action.isPending}
          error={action.error}
          onConfirm={(comment) =>
            action.mutate({ action: 'accept', body: { version: wo.version, ...(comment ? { comment } : {}) } }, { onSuccess: () => setOpen(null), onError: (err) => isApiError(err, 409, 403) && setOpen(null) })
          }
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'submit' ? <SubmitDialog orgId={orgId} wo={wo} onClose={() => setOpen(null)} /> : null}
      {open === 'reject' ? <ReasonDialog orgId={orgId} wo={wo} kind="reject" onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' ? <ReasonDialog orgId={orgId} wo={wo} kind="cancel" onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

const RESULTS: TChecklistResult[] = ['PASS', 'FAIL', 'NA'];
const RESULT_STYLE: Record<TChecklistResult, string> = {
  PENDING: '',
  PASS: 'border-emerald-700 bg-emerald-700 text-white',
  FAIL: 'border-red-700 bg-red-700 text-white',
  NA: 'border-slate-600 bg-slate-600 text-white',
};
const RESULT_ICON: Record<TChecklistResult, string> = { PENDING: '○', PASS: '✓', FAIL: '✗', NA: '–' };

/** Tick items (PATCH checklist/:itemId): optimistic, rolled back when the API refuses. */
function Checklist({ orgId, wo, canWork }: { orgId: string; wo: TWorkOrderDetailWithPeople; canWork: boolean }) {
  const m = useMessages(maintenanceMessages);
  const qc = useQueryClient();
  const key = maintenanceKeys.detail(orgId, wo.id);
  const editable = canWork && wo.status === 'IN_PROGRESS';
  const tickKey = ['orgs', orgId, 'maintenance', 'checklist-tick', wo.id];
  const tick = useMutation({
    mutationKey: tickKey,
    mutationFn: ({ item, result }: { item: TChecklistItem; result: TChecklistResult }) =>
      apiFetch(orgApi(orgId, `work-orders/${wo.id}/checklist/${item.id}`), ZWorkOrderDetailWithPeople, { method: 'PATCH', body: { result } }),
    onMutate: async ({ item, result }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<TWorkOrderDetailWithPeople>(key);
      if (previous) qc.setQueryData<TWorkOrderDetailWithPeople>(key, { ...previous, checklist: previous.checklist.map((i) => (i.id === item.id ? { ...i, result } : i)) });
      return { previous };
    },
    onError: async (err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      if (isApiError(err, 409)) await refreshQueries(qc, key);
    },
    onSuccess: (data) => {
      // quick ticks overlap: an earlier answer must not undo a later optimistic tick, so only
      // the last one in flight writes the server's state
      if (qc.isMutating({ mutationKey: tickKey }) <= 1) qc.setQueryData(key, data);
      void refreshQueries(qc, ['orgs', orgId, 'maintenance', 'work-orders', 'list']);
    },
  });
  const done = wo.checklist.filter((i) => i.result !== 'PENDING').length;

  return (
    <Card id="wo-checklist" title={m.checklist.heading} actions={wo.checklist.length ? <span className="text-sm text-slate-600">{format(m.checklist.progress, { done, total: wo.checklist.length })}</span> : null}>
      {wo.checklist.length === 0 ? (
        <p className="text-sm text-slate-600">{m.checklist.empty}</p>
      ) : (
        <>
          {!editable && canWork && wo.status === 'OPEN' ? <p className="mb-2 text-sm text-slate-600">{m.checklist.readonly}</p> : null}
          <ol className="divide-y divide-slate-100">
            {wo.checklist.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 flex-1 text-sm text-slate-900">
                  <span aria-hidden="true" className="mr-1.5 inline-block w-4 text-center font-bold">
                    {RESULT_ICON[item.result]}
                  </span>
                  {item.label}
                  {!editable ? <span className="ml-2 text-xs text-slate-600">({m.checklist.result[item.result]})</span> : null}
                  {item.note ? <span className="mt-0.5 block whitespace-pre-line break-words pl-5 text-xs text-slate-700">{format(m.checklist.note, { note: item.note })}</span> : null}
                </span>
                {editable ? (
                  <span role="group" aria-label={format(m.checklist.itemGroup, { label: item.label })} className="flex gap-1">
                    {RESULTS.map((r) => {
                      const active = item.result === r;
                      return (
                        <button
                          key={r}
                          type="button"
                          aria-pressed={active}
                          disabled={tick.isPending && tick.variables?.item.id === item.id}
                          onClick={() => tick.mutate({ item, result: active ? 'PENDING' : r })}
                          className={`min-h-9 rounded-md border px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:opacity-60 ${
                            active ? RESULT_STYLE[r] : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                          }`}
                        >
                          {m.checklist.result[r]}
                        </button>
                      );
                    })}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      )}
      <ErrorAlert error={tick.error} className="mt-2" />
    </Card>
  );
}

function Parts({ orgId, wo, canWork }: { orgId: string; wo: TWorkOrderDetailWithPeople; canWork: boolean }) {
  const m = useMessages(maintenanceMessages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const idem = useIdempotencyKey();
  const [form, setForm] = useState({ name: '', partNumber: '', quantity: '1', unitCost: '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    idem.reset();
    setForm((f) => ({ ...f, [k]: e.target.value }));
  };
  const add = useMutation({
    mutationFn: () =>
      apiFetch(orgApi(orgId, `work-orders/${wo.id}/parts`), ZWorkOrderDetailWithPeople, {
        method: 'POST',
        idempotencyKey: idem.key(),
        body: {
          name: form.name,
          partNumber: form.partNumber.trim() || undefined,
          quantity: parseOptionalNumber(form.quantity),
          // an unreadable amount goes as typed: the API names the field
          unitCostMinor: yuanToFen(form.unitCost) ?? form.unitCost,
        },
      }),
    onSuccess: async (data) => {
      idem.reset();
      qc.setQueryData(maintenanceKeys.detail(orgId, wo.id), data);
      setForm({ name: '', partNumber: '', quantity: '1', unitCost: '' });
      await invalidateAfterWorkOrderWrite(qc, orgId);
    },
    onError: async (err) => {
      if (isApiError(err, 409)) await refreshQueries(qc, maintenanceKeys.detail(orgId, wo.id));
    },
  });
  const errs = useFieldErrors(add.error);
  const editable = canWork && (wo.status === 'OPEN' || wo.status === 'IN_PROGRESS');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };

  return (
    <Card id="wo-parts" title={m.parts.heading}>
      {wo.parts.length === 0 ? (
        <p className="text-sm text-slate-600">{m.parts.empty}</p>
      ) : (
        <TableWrap>
          <table className="w-full min-w-[32rem] border-collapse">
            <caption className="sr-only">{m.parts.caption}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>{m.parts.name}</th>
                <th scope="col" className={`${thClass} text-right`}>{m.parts.quantity}</th>
                <th scope="col" className={`${thClass} text-right`}>{m.parts.unitCost}</th>
                <th scope="col" className={`${thClass} text-right`}>{m.parts.lineCost}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {wo.parts.map((p) => (
                <tr key={p.id}>
                  <th scope="row" className={`${tdClass} text-left font-normal`}>
                    {p.name}
                    {p.partNumber ? <span className="ml-1 font-mono text-xs text-slate-600">{p.partNumber}</span> : null}
                  </th>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatNumber(p.quantity, locale, 3)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatFenExact(p.unitCostMinor, locale)}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{formatFenExact(p.lineCostMinor, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {editable ? (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{m.parts.adding}</h3>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <TextField label={m.parts.name} value={form.name} onChange={set('name')} error={errs.name} required maxLength={200} />
            <TextField label={m.parts.partNumber} value={form.partNumber} onChange={set('partNumber')} error={errs.partNumber} maxLength={80} />
            <TextField label={m.parts.quantity} type="number" inputMode="decimal" step="0.001" min="0" value={form.quantity} onChange={set('quantity')} error={errs.quantity} required />
            <TextField label={m.parts.unitCost} inputMode="decimal" value={form.unitCost} onChange={set('unitCost')} error={errs.unitCostMinor} required placeholder="0.00" />
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

function SubmitDialog({ orgId, wo, onClose }: { orgId: string; wo: TWorkOrderDetailWithPeople; onClose: () => void }) {
  const m = useMessages(maintenanceMessages);
  const [form, setForm] = useState({ meterHours: '', laborHours: wo.laborHours === null ? '' : String(wo.laborHours), resolution: wo.resolution ?? '' });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(submit.error);
  const open = wo.checklist.filter((i) => i.result === 'PENDING').length;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate({
      action: 'submit',
      body: {
        version: wo.version,
        meterHours: parseOptionalNumber(form.meterHours),
        laborHours: parseOptionalNumber(form.laborHours),
        resolution: form.resolution.trim() || undefined,
      },
    });
  };
  return (
    <Dialog title={m.submit.title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {open > 0 ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{format(m.submit.incomplete, { n: open })}</p> : null}
        <TextField label={m.submit.meter} type="number" inputMode="decimal" step="0.1" min="0" value={form.meterHours} onChange={set('meterHours')} error={errs.meterHours} />
        <TextField label={m.submit.labor} type="number" inputMode="decimal" step="0.01" min="0" value={form.laborHours} onChange={set('laborHours')} error={errs.laborHours} />
        <TextAreaField label={m.submit.resolution} rows={3} maxLength={4000} value={form.resolution} onChange={set('resolution')} error={errs.resolution} />
        <ErrorAlert error={submit.error} />
        <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
          <Button type="submit" pending={submit.isPending}>
            {m.submit.confirm}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}

function ReasonDialog({ orgId, wo, kind, onClose }: { orgId: string; wo: TWorkOrderDetailWithPeople; kind: 'reject' | 'cancel'; onClose: () => void }) {
  const m = useMessages(maintenanceMessages);
  const [reason, setReason] = useState('');
  const act = useWorkOrderAction(orgId, wo.id, onClose);
  const errs = useFieldErrors(act.error);
  const text = m[kind];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    act.mutate({ action: kind, body: { version: wo.version, reason } });
  };
  return (
    <Dialog title={text.title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextAreaField label={text.reason} rows={3} required maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} error={errs.reason} />
        <ErrorAlert error={act.error} />
        <FormActions cancelLabel={m.actions.close} onCancel={onClose}>
          <Button type="submit" variant={kind === 'cancel' ? 'danger' : 'primary'} pending={act.isPending}>
            {text.confirm}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
