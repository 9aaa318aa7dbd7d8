'use client';
import {
  ZWorkOrderDetailView,
  type TChecklistItem,
  type TChecklistResult,
  type TWorkOrderDetailView,
} from '@amms/contracts/maintenance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { apiFetch, isApiError } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh';
import { fieldApiPath, fieldKeys } from './api';
import { fieldMessages, fill } from './messages';
import { Panel } from './ui';
import { isOffline, queueWrite } from './offline/offline-write';

const RESULTS: TChecklistResult[] = ['PASS', 'FAIL', 'NA'];

export const checklistMutationKey = (orgId: string, workOrderId: string) =>
  ['orgs', orgId, 'field', 'checklist', workOrderId] as const;

type ItemVars = { item: TChecklistItem; result: TChecklistResult; note?: string | null };

/**
 * The checklist: each item's result is set at once (optimistically: the button shows the new
 * state while the PATCH runs, and the old one comes back if it fails).
 */
export function Checklist({
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
    mutationFn: async ({ item, result, note }: ItemVars): Promise<TWorkOrderDetailView | null> => {
      const path = `${fieldApiPath(orgId)}/work-orders/${encodeURIComponent(wo.id)}/checklist/${encodeURIComponent(item.id)}`;
      const body = { result, ...(note !== undefined ? { note } : {}), occurredAt: new Date().toISOString() };
      const idempotencyKey = crypto.randomUUID();
      if (isOffline()) {
        // kept as ticked here; the queue sends it when the connection is back
        await queueWrite({
          orgId,
          kind: 'workorder.checklist',
          method: 'PATCH',
          path,
          body,
          idempotencyKey,
          occurredAt: body.occurredAt,
          entity: { type: 'work_order', id: wo.id },
          label: item.label,
        });
        return null;
      }
      return apiFetch(path, ZWorkOrderDetailView, { method: 'PATCH', body, idempotencyKey });
    },
    networkMode: 'always',
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
      if (!updated || updated.version < newest.current) return;
      newest.current = updated.version;
      // another tick still running: its optimistic result must not be overwritten; the last one refetches
      if (qc.isMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) <= 1) qc.setQueryData(key, updated);
    },
    onSettled: () => {
      setPendingItem(null);
      if (!isOffline() && qc.isMutating({ mutationKey: checklistMutationKey(orgId, wo.id) }) <= 1)
        void refreshQueries(qc, key);
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
