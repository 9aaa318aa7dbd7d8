'use client';

import {
  ZWorkOrderDetailView,
  type TChecklistItem,
  type TChecklistResult,
  type TWorkOrderDetailView,
} from '@amms/contracts/maintenance';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-messages';
import { formatDateTime } from '@/lib/format';
import { refreshQueries } from '@/lib/refresh';
import { fieldApiPath, fieldKeys, useFieldMutation, workOrderQuery } from './api';
import { parseDecimal } from './forms';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill } from './messages';
import type { FieldOrgProps } from './types';
import {
  ConfirmJump,
  DecimalField,
  Facts,
  Notice,
  Panel,
  RecordTitle,
  StickyActions,
  WorkOrderStatusBadge,
  workOrderNumber,
} from './ui';
import { AskManualLink } from '@/features/knowledge/field-ask';
import { FieldParts } from './work-order-parts';
import { AttachmentPanel } from '@/components/attachments/attachment-panel';

const RESULTS: TChecklistResult[] = ['PASS', 'FAIL', 'NA'];

/** A mechanic's work order: start, tick the checklist, note, submit for acceptance. */
export function WorkOrderView({ workOrderId, ...props }: FieldOrgProps & { workOrderId: string }) {
  const { orgId, permissions, membershipId, timeZone } = props;
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const q = useQuery(workOrderQuery(orgId, workOrderId));
  const [notice, setNotice] = useState<{ text: string; tone: 'green' | 'blue' } | null>(null);
  // checklist notes typed but not saved (item id → label): submitting would lose them, so it waits
  const [unsavedNotes, setUnsavedNotes] = useState<Record<string, string>>({});
  const setUnsavedNote = useCallback((id: string, label: string | null) => {
    setUnsavedNotes((u) => {
      if ((u[id] ?? null) === label) return u;
      const next = { ...u };
      if (label === null) delete next[id];
      else next[id] = label;
      return next;
    });
  }, []);

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <BackHome orgId={orgId} />
        <h1 className="text-2xl font-bold text-slate-900">{m.appTitle}</h1>
        {isApiError(q.error, 404, 403) ? (
          <p className="mt-4 rounded-md border border-slate-200 bg-white p-4 text-slate-700">{m.wo.notFound}</p>
        ) : (
          <QueryError error={q.error} onRetry={() => void q.refetch()} />
        )}
      </>
    );
  }

  const wo = q.data;
  const canWork = permissions.includes('workorder.work');
  const assignee =
    wo.assigneeMembershipId === null
      ? m.wo.unassigned
      : wo.assigneeMembershipId === membershipId
        ? m.wo.assignedToMe
        : m.wo.assignedToOther;
  const onConflict = (err: unknown) => {
    if (isApiError(err, 409)) setNotice({ text: m.wo.stateChanged, tone: 'blue' });
  };

  return (
    <>
      <BackHome orgId={orgId} />
      <p className="mt-1 font-mono text-sm text-slate-600">{workOrderNumber(wo.number)}</p>
      <RecordTitle title={wo.title} badge={<WorkOrderStatusBadge status={wo.status} />} />

      <div className="mt-4 space-y-4">
        {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        <Panel id="wo-facts" title={m.wo.machine}>
          <Facts
            rows={[
              [m.wo.machine, wo.assetName],
              [m.wo.type, m.woType[wo.type]],
              [
                m.wo.priority,
                <span key="p" className="inline-flex items-center gap-2">
                  {m.priority[Math.min(5, Math.max(1, wo.priority)) as 1 | 2 | 3 | 4 | 5]}
                  {wo.causesDowntime && wo.downtimeStartedAt && !wo.downtimeEndedAt ? (
                    <Badge tone="amber">{m.wo.downtime}</Badge>
                  ) : null}
                </span>,
              ],
              [m.wo.reported, formatDateTime(wo.createdAt, locale, timeZone)],
              [m.wo.assignee, assignee],
            ]}
          />
          <div className="mt-3 text-sm">
            <p className="text-slate-600">{m.wo.description}</p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-900">
              {wo.description ?? m.wo.noDescription}
            </p>
          </div>
          {wo.rejectionReason && wo.status === 'IN_PROGRESS' ? (
            <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">{m.wo.rejection}</p>
              <p className="mt-1 whitespace-pre-line break-words">{wo.rejectionReason}</p>
            </div>
          ) : null}
          <AskManualLink
            orgId={orgId}
            assetId={wo.assetId}
            back={fieldHref(fieldPaths.workOrder(wo.id), orgId)}
            permissions={permissions}
          />
        </Panel>

        <Checklist
          wo={wo}
          orgId={orgId}
          editable={canWork && wo.status === 'IN_PROGRESS'}
          onConflict={onConflict}
          onUnsavedNote={setUnsavedNote}
        />

        {canWork && wo.status === 'IN_PROGRESS' && wo.assigneeMembershipId === membershipId ? (
          <FieldParts orgId={orgId} wo={wo} />
        ) : null}
        {!canWork ? <p className="text-sm text-slate-600">{m.wo.noWork}</p> : null}
        {canWork && wo.status === 'OPEN' ? (
          <StartWork
            key={`start-${wo.version}`}
            wo={wo}
            orgId={orgId}
            onConflict={onConflict}
            onDone={() => setNotice(null)}
          />
        ) : null}
        {canWork && wo.status === 'IN_PROGRESS' ? (
          <SubmitWork
            key={`submit-${wo.status}`}
            wo={wo}
            orgId={orgId}
            unsavedNotes={Object.values(unsavedNotes)}
            onConflict={onConflict}
            onDone={() => setNotice({ text: m.wo.awaiting, tone: 'green' })}
          />
        ) : null}
        {wo.status === 'AWAITING_ACCEPTANCE' ? (
          <>
            {notice ? null : <Notice tone="blue">{m.wo.awaiting}</Notice>}
            <Done wo={wo} timeZone={timeZone} />
          </>
        ) : null}
        {wo.status === 'CLOSED' ? (
          <>
            <Notice>{m.wo.closed}</Notice>
            <Done wo={wo} timeZone={timeZone} />
          </>
        ) : null}
        {wo.status === 'CANCELLED' ? <Notice tone="blue">{m.wo.cancelled}</Notice> : null}
        <AttachmentPanel
          orgId={orgId}
          ownerType="WORK_ORDER"
          ownerId={wo.id}
          canUpload={permissions.includes('workorder.write')}
          size="lg"
        />
      </div>
    </>
  );
}

function BackHome({ orgId }: { orgId: string }) {
  const m = useMessages(fieldMessages);
  return (
    <Link
      href={fieldHref(fieldPaths.home, orgId)}
      className="inline-flex min-h-12 items-center rounded-md pr-2 text-sm font-semibold text-emerald-800 hover:text-emerald-900"
    >
      ‹ {m.backHome}
    </Link>
  );
}

function Done({ wo, timeZone }: { wo: TWorkOrderDetailView; timeZone: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const rows: [string, string][] = [[m.wo.submittedAt, formatDateTime(wo.submittedAt, locale, timeZone)]];
  if (wo.acceptedAt) rows.push([m.wo.acceptedAt, formatDateTime(wo.acceptedAt, locale, timeZone)]);
  if (wo.resolution) rows.push([m.wo.resolutionShown, wo.resolution]);
  return (
    <Panel id="wo-done" title={m.wo.submitHeading}>
      <Facts rows={rows} />
    </Panel>
  );
}

function StartWork({
  wo,
  orgId,
  onConflict,
  onDone,
}: {
  wo: TWorkOrderDetailView;
  orgId: string;
  onConflict: (e: unknown) => void;
  onDone: () => void;
}) {
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const start = useFieldMutation({
    mutationFn: (_: void, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/start`, ZWorkOrderDetailView, {
        method: 'POST',
        body: { version: wo.version },
        idempotencyKey,
      }),
    invalidate: [fieldKeys.all(orgId), ['orgs', orgId, 'maintenance']],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.workOrder(orgId, wo.id), updated);
      onDone();
    },
  });
  return (
    <div>
      <p className="text-sm text-slate-700">{m.wo.startHint}</p>
      {start.error && !isApiError(start.error, 409) ? <ErrorAlert error={start.error} className="mt-2" /> : null}
      <StickyActions>
        <Button
          size="lg"
          className="w-full"
          pending={start.isPending}
          onClick={() => start.mutate(undefined, { onError: onConflict })}
        >
          {start.isPending ? m.start.pending : m.wo.start}
        </Button>
      </StickyActions>
    </div>
  );
}

const checklistMutationKey = (orgId: string, workOrderId: string) =>
  ['orgs', orgId, 'field', 'checklist', workOrderId] as const;

type ItemVars = { item: TChecklistItem; result: TChecklistResult; note?: string | null };

/**
 * The checklist: each item's result is set at once (optimistically: the button shows the new
 * state while the PATCH runs, and the old one comes back if it fails).
 */
function Checklist({
  wo,
  orgId,
  editable,
  onConflict,
  onUnsavedNote,
}: {
  wo: TWorkOrderDetailView;
  orgId: string;
  editable: boolean;
  onConflict: (e: unknown) => void;
  onUnsavedNote: (itemId: string, label: string | null) => void;
}) {
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const key = fieldKeys.workOrder(orgId, wo.id);
  const [pendingItem, setPendingItem] = useState<string | null>(null);
  // ticks may overlap and their answers may arrive out of order: keep the newest order version
  const newest = useRef(wo.version);
  const tick = useMutation({
    mutationKey: checklistMutationKey(orgId, wo.id),
    mutationFn: ({ item, result, note }: ItemVars) =>
      apiFetch(
        `${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/checklist/${encodeURIComponent(item.id)}`,
        ZWorkOrderDetailView,
        {
          method: 'PATCH',
          body: note === undefined ? { result } : { result, note },
        },
      ),
    onMutate: async ({ item, result, note }) => {
      setPendingItem(item.id);
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<TWorkOrderDetailView>(key);
      if (before) {
        qc.setQueryData<TWorkOrderDetailView>(key, {
          ...before,
          checklist: before.checklist.map((c) =>
            c.id === item.id ? { ...c, result, ...(note !== undefined ? { note } : {}) } : c,
          ),
        });
      }
      return { before };
    },
    onError: (err, _vars, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
      onConflict(err);
      if (isApiError(err, 409)) void refreshQueries(qc, key);
    },
    onSuccess: (updated) => {
      if (updated.version < newest.current) return;
      newest.current = updated.version;
      // another tick still running: its optimistic result must not be overwritten; the last one refetches
      if (qc.isMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) <= 1) qc.setQueryData(key, updated);
    },
    onSettled: () => {
      setPendingItem(null);
      if (qc.isMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) <= 1) void refreshQueries(qc, key);
    },
  });

  const done = wo.checklist.filter((c) => c.result !== 'PENDING').length;
  return (
    <Panel id="wo-checklist" title={m.wo.checklist}>
      {wo.checklist.length === 0 ? (
        <p className="text-sm text-slate-600">{m.wo.checklistEmpty}</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {fill(m.wo.checklistProgress, { done, total: wo.checklist.length })}
          </p>
          <ol className="space-y-3">
            {wo.checklist.map((item) => (
              <ChecklistRow
                key={item.id}
                item={item}
                editable={editable}
                pending={tick.isPending && pendingItem === item.id}
                onResult={(result) => tick.mutate({ item, result })}
                onNote={(note) => tick.mutate({ item, result: item.result, note })}
                onUnsaved={(dirty) => onUnsavedNote(item.id, dirty ? item.label : null)}
              />
            ))}
          </ol>
          {tick.error && !isApiError(tick.error, 409) ? <ErrorAlert error={tick.error} className="mt-3" /> : null}
        </>
      )}
    </Panel>
  );
}

function ChecklistRow({
  item,
  editable,
  pending,
  onResult,
  onNote,
  onUnsaved,
}: {
  item: TChecklistItem;
  editable: boolean;
  pending: boolean;
  onResult: (r: TChecklistResult) => void;
  onNote: (note: string | null) => void;
  onUnsaved: (dirty: boolean) => void;
}) {
  const m = useMessages(fieldMessages);
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState(item.note ?? '');
  const dirty = editable && noteOpen && note.trim() !== (item.note ?? '');
  useEffect(() => onUnsaved(dirty), [dirty, onUnsaved]);
  const tone: Record<TChecklistResult, string> = {
    PENDING: '',
    PASS: 'border-emerald-700 bg-emerald-700 text-white',
    FAIL: 'border-red-700 bg-red-700 text-white',
    NA: 'border-slate-600 bg-slate-600 text-white',
  };
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words font-medium text-slate-900">{item.label}</p>
        {!editable ? (
          <Badge tone={item.result === 'PASS' ? 'green' : item.result === 'FAIL' ? 'red' : 'neutral'}>
            {m.wo.result[item.result]}
          </Badge>
        ) : null}
      </div>
      {editable ? (
        <div
          role="group"
          aria-label={fill(m.wo.resultGroup, { label: item.label })}
          className="mt-2 grid grid-cols-3 gap-2"
        >
          {RESULTS.map((r) => {
            const on = item.result === r;
            return (
              <button
                key={r}
                type="button"
                aria-pressed={on}
                disabled={pending}
                onClick={() => onResult(r)}
                className={`min-h-12 rounded-md border px-2 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-wait ${
                  on ? tone[r] : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {m.wo.result[r]}
              </button>
            );
          })}
        </div>
      ) : null}
      {item.note && !noteOpen ? (
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{item.note}</p>
      ) : null}
      {editable ? (
        noteOpen ? (
          <div className="mt-2 space-y-2">
            <TextAreaField
              label={fill(m.wo.itemNoteFor, { label: item.label })}
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button
              variant="secondary"
              pending={pending}
              onClick={() => {
                onNote(note.trim() ? note.trim() : null);
                setNoteOpen(false);
              }}
            >
              {m.wo.saveNote}
            </Button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setNoteOpen(true)}
            className="mt-1 min-h-10 rounded-md px-1 text-sm font-medium text-emerald-800 underline underline-offset-2"
          >
            {m.wo.itemNote}
          </button>
        )
      ) : null}
    </li>
  );
}

type SubmitFields = 'resolution' | 'laborHours' | 'meterHours';

function SubmitWork({
  wo,
  orgId,
  unsavedNotes,
  onConflict,
  onDone,
}: {
  wo: TWorkOrderDetailView;
  orgId: string;
  unsavedNotes: string[];
  onConflict: (e: unknown) => void;
  onDone: () => void;
}) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const base = useId();
  const [values, setValues] = useState<Record<SubmitFields, string>>({
    resolution: wo.resolution ?? '',
    laborHours: '',
    meterHours: '',
  });
  const [confirmJump, setConfirmJump] = useState(false);
  const [localErrors, setLocalErrors] = useState<Partial<Record<SubmitFields, string>>>({});
  const submitWork = useFieldMutation({
    mutationFn: (body: Record<string, unknown>, idempotencyKey: string) =>
      apiFetch(`${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/submit`, ZWorkOrderDetailView, {
        method: 'POST',
        body,
        idempotencyKey,
      }),
    invalidate: [fieldKeys.all(orgId), ['orgs', orgId, 'maintenance']],
    onSuccess: (updated) => {
      qc.setQueryData(fieldKeys.workOrder(orgId, wo.id), updated);
      onDone();
    },
  });
  const open = wo.checklist.filter((c) => c.result === 'PENDING').length;
  // a checklist answer still on its way: submitting now would race it (and carry an old version)
  const saving = useIsMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) > 0;
  const apiErr = submitWork.error;
  const fromApi = fieldErrors(apiErr);
  const errorOf = (f: SubmitFields): string | null => {
    if (localErrors[f]) return localErrors[f]!;
    if (
      f === 'meterHours' &&
      isApiError(apiErr) &&
      ['METER_BACKWARDS', 'METER_OUT_OF_ORDER', 'METER_IMPLAUSIBLE'].includes(apiErr.code)
    )
      return errorMessage(locale, apiErr);
    if (fromApi[f])
      return f === 'resolution'
        ? m.validation.text
        : f === 'laborHours'
          ? m.validation.twoDecimals
          : m.validation.oneDecimal;
    return null;
  };
  const set = (f: SubmitFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  const [notesWarned, setNotesWarned] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unsavedNotes.length > 0) {
      setNotesWarned(true);
      document.getElementById(`${base}-unsaved`)?.focus();
      return;
    }
    const labor = parseDecimal(values.laborHours, 2, false);
    const meter = parseDecimal(values.meterHours, 1, false);
    const errs: Partial<Record<SubmitFields, string>> = {};
    if (!labor.ok) errs.laborHours = m.validation.twoDecimals;
    if (!meter.ok) errs.meterHours = m.validation.oneDecimal;
    if (values.resolution.trim().length > 4000) errs.resolution = m.validation.text;
    setLocalErrors(errs);
    const first = (['resolution', 'laborHours', 'meterHours'] as const).find((f) => errs[f]);
    if (first) {
      document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    const body: Record<string, unknown> = { version: wo.version };
    if (values.resolution.trim()) body.resolution = values.resolution.trim();
    if (labor.ok && labor.value !== undefined) body.laborHours = labor.value;
    if (meter.ok && meter.value !== undefined) body.meterHours = meter.value;
    if (confirmJump) body.confirmMeterJump = true;
    submitWork.mutate(body, { onError: onConflict });
  };

  const hasFieldError = (['resolution', 'laborHours', 'meterHours'] as const).some((f) => errorOf(f));
  return (
    <Panel id="wo-submit" title={m.wo.submitHeading}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          id={`${base}-resolution`}
          label={m.wo.resolution}
          hint={m.wo.resolutionHint}
          rows={3}
          maxLength={4000}
          value={values.resolution}
          onChange={set('resolution')}
          error={errorOf('resolution')}
        />
        <DecimalField
          id={`${base}-laborHours`}
          label={m.wo.laborHours}
          value={values.laborHours}
          onChange={set('laborHours')}
          error={errorOf('laborHours')}
        />
        <DecimalField
          id={`${base}-meterHours`}
          label={m.wo.meterHours}
          value={values.meterHours}
          onChange={set('meterHours')}
          error={errorOf('meterHours')}
        />
        {(isApiError(apiErr) && apiErr.code === 'METER_IMPLAUSIBLE') || confirmJump ? (
          <ConfirmJump checked={confirmJump} onChange={setConfirmJump} label={m.meterConfirmJump} />
        ) : null}
        {open > 0 ? (
          <p id={`${base}-open`} className="text-sm text-amber-900">
            {fill(m.wo.checklistOpen, { n: open })}
          </p>
        ) : null}
        {unsavedNotes.length > 0 ? (
          <p
            id={`${base}-unsaved`}
            tabIndex={-1}
            role={notesWarned ? 'alert' : undefined}
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {fill(m.wo.unsavedNotes, { labels: unsavedNotes.map((l) => `“${l}”`).join('、') })}
          </p>
        ) : null}
        {apiErr && !hasFieldError && !isApiError(apiErr, 409) ? <ErrorAlert error={apiErr} /> : null}
        <StickyActions>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            pending={submitWork.isPending}
            disabled={open > 0 || saving}
            aria-describedby={open > 0 ? `${base}-open` : undefined}
          >
            {submitWork.isPending ? m.start.pending : m.wo.submit}
          </Button>
        </StickyActions>
      </form>
    </Panel>
  );
}
