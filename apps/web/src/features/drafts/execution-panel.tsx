'use client';

import type { TDraftDetail, TDraftVersion, TExecution, TExecutionReceipt } from '@amms/contracts/drafts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { formatDateTime, punct } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { refreshQueries } from '@/lib/refresh';
import { useExecuteDraft, useRefreshAfterExecution } from './mutations';
import { draftKeys, executionQuery, isTerminal } from './queries';
import { useExecutionStream } from './execution-stream';
import { jobName, machineSetName } from './diff';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';
import { executionTone, receiptTone } from './tones';

/** The page's address names the execution it follows (a reload keeps following it). */
export function rememberExecution(id: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('execution', id);
  window.history.replaceState(window.history.state, '', url);
}

/** A definite refusal: the next attempt is a new action; network errors / still running keep the key. */
export const refusedForGood = (err: unknown): boolean =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.code !== 'IDEMPOTENCY_KEY_IN_USE';

/**
 * Execute the confirmed version (Idempotency-Key: a double click or a retry reuses it) and
 * follow the execution live: its event stream (polling GET executions/:id every second when the
 * stream is unavailable) until it is final, one line per item with its receipt as the worker
 * writes it.
 */
export function ExecutionPanel({
  orgId,
  draft,
  timeZone,
  canExecute,
  initialExecutionId,
  startedExecutionId = null,
}: {
  orgId: string;
  draft: TDraftDetail;
  timeZone: string;
  canExecute: boolean;
  initialExecutionId: string | null;
  /** an execution started elsewhere on the page (confirm and execute in one step) */
  startedExecutionId?: string | null;
}) {
  const m = useMessages(draftMessages);
  const queryClient = useQueryClient();
  const idem = useIdempotencyKey();
  const [executionId, setExecutionId] = useState<string | null>(initialExecutionId);

  // a draft executed earlier (page reloaded): the draft lists its executions, newest first
  const shownId = executionId ?? startedExecutionId ?? draft.executions[0]?.id ?? null;

  const known = shownId
    ? (queryClient.getQueryData<TExecution>(draftKeys.execution(orgId, shownId)) ??
      draft.executions.find((e) => e.id === shownId))
    : undefined;
  // a final execution has nothing more to say: no stream for it
  const streaming = useExecutionStream(orgId, shownId, !(known && isTerminal(known.status)));
  const execution = useQuery({ ...executionQuery(orgId, shownId ?? '', streaming), enabled: !!shownId });

  const done = execution.data ? isTerminal(execution.data.status) : false;
  const refreshAfterExecution = useRefreshAfterExecution(orgId);

  useEffect(() => {
    // the draft moves EXECUTING → EXECUTED (or back to OPEN when refused): show it, and what it created elsewhere
    if (done) {
      void refreshQueries(queryClient, draftKeys.detail(orgId, draft.id));
      void refreshAfterExecution();
    }
  }, [done, orgId, draft.id, queryClient, refreshAfterExecution]);

  const confirmedCurrent =
    draft.status === 'OPEN' && draft.confirmedVersion !== null && draft.confirmedVersion === draft.currentVersion;
  const version = confirmedCurrent ? draft.confirmedVersion! : draft.currentVersion;

  const execute = useExecuteDraft(orgId, draft.id, {
    onStarted: (exec) => {
      idem.reset();
      setExecutionId(exec.id);
      rememberExecution(exec.id);
    },
    onError: (err) => {
      if (refusedForGood(err)) idem.reset();
    },
  });

  const executedVersion = execution.data ? draft.versions.find((v) => v.version === execution.data.version) : undefined;

  return (
    <section aria-labelledby="execution-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="execution-title" className="mb-2 text-base font-semibold text-slate-900">
        {m.executeTitle}
      </h2>
      {!shownId ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">{m.executeExplain}</p>
          {!canExecute ? (
            <p className="text-sm text-slate-600">{m.noPermissionExecute}</p>
          ) : confirmedCurrent ? (
            <Button onClick={() => execute.mutate({ version, idempotencyKey: idem.key() })} pending={execute.isPending}>
              {format(m.execute, { version })}
            </Button>
          ) : draft.status === 'OPEN' ? (
            <p className="text-sm text-slate-600">{m.confirmFirst}</p>
          ) : null}
          <ErrorAlert error={execute.error} />
        </div>
      ) : execution.isPending ? (
        <Loading />
      ) : execution.isError ? (
        <QueryError error={execution.error} onRetry={() => void execution.refetch()} />
      ) : (
        <ExecutionView orgId={orgId} execution={execution.data} version={executedVersion} timeZone={timeZone} />
      )}
    </section>
  );
}

function ExecutionView({
  orgId,
  execution,
  version,
  timeZone,
}: {
  orgId: string;
  execution: TExecution;
  version: TDraftVersion | undefined;
  timeZone: string;
}) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;
  const total = execution.itemsTotal;
  const processed = execution.counts.succeeded + execution.counts.conflict + execution.counts.failed;
  const final = isTerminal(execution.status);
  const byKey = new Map<string, TExecutionReceipt>(execution.receipts.map((r) => [r.itemKey, r]));
  const lines: { key: string; name: string; sub: string; receipt: TExecutionReceipt | undefined }[] = version
    ? version.items.length > 0
      ? version.items.map((i) => ({
          key: i.itemKey,
          name: jobName(i, op),
          sub: `${machineSetName(i)} · ${formatDateTime(i.startsAt, locale, timeZone)}`,
          receipt: byKey.get(i.itemKey),
        }))
      : version.leaveItems.length > 0
        ? version.leaveItems.map((i) => ({
            key: i.itemKey,
            name: i.memberName ?? '',
            sub: i.from === i.to ? i.from : `${i.from} – ${i.to}`,
            receipt: byKey.get(i.itemKey),
          }))
        : version.purchaseLines.length > 0
          ? version.purchaseLines.map((p) => ({
              key: p.itemKey,
              name: `${p.partName} ×${p.quantity}`,
              sub: p.supplierName ?? '',
              receipt: byKey.get(p.itemKey),
            }))
          : version.workOrderItems.map((w) => ({
              key: w.itemKey,
              name: w.title,
              sub: `${w.assetName ?? ''} · ${formatDateTime(w.plannedStart, locale, timeZone)}`,
              receipt: byKey.get(w.itemKey),
            }))
    : execution.receipts.map((r) => ({ key: r.itemKey, name: `#${r.itemIndex + 1}`, sub: '', receipt: r }));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={executionTone(execution.status)}>{l.executionStatus[execution.status]}</Badge>
        <label className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span className="shrink-0">{m.executionProgress}</span>
          <progress
            max={Math.max(1, total)}
            value={processed}
            className="h-2 w-full min-w-24 max-w-64 accent-emerald-700"
          />
          <span className="shrink-0 tabular-nums">{format(m.progressText, { done: processed, total })}</span>
        </label>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`text-sm font-semibold ${final ? 'text-slate-900' : 'text-slate-600'}`}
      >
        {final ? format(m.finalStatus, { status: l.executionStatus[execution.status] }) : m.waitingReceipts}
      </p>
      {execution.status === 'REFUSED' && execution.error ? (
        <p className="text-sm text-red-800">{format(m.refusedBecause, { reason: execution.error })}</p>
      ) : null}

      <h3 className="text-sm font-semibold text-slate-900">{m.receiptsTitle}</h3>
      <ol aria-label={m.receiptsTitle} className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {lines.map((line) => {
          const r = line.receipt;
          const code = r && r.status !== 'SUCCEEDED' && typeof r.detail.code === 'string' ? r.detail.code : null;
          return (
            <li key={line.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <Badge tone={receiptTone(r?.status ?? 'PENDING')}>{l.receiptStatus[r?.status ?? 'PENDING']}</Badge>
              <span className="min-w-0 flex-1">
                <span className="font-medium text-slate-900">{line.name}</span>
                {line.sub ? <span className="block text-xs text-slate-600">{line.sub}</span> : null}
                {code ? (
                  <span className="block text-xs text-amber-900">
                    {errorMessage(locale, new ApiError(409, code, String(r?.detail.message ?? '')))}
                  </span>
                ) : null}
              </span>
              {r?.recordId ? (
                <Link
                  href={orgPath(
                    orgId,
                    r.recordType === 'work_order'
                      ? `maintenance/work-orders/${r.recordId}`
                      : r.recordType === 'cost_document'
                        ? `costs/${r.recordId}`
                        : `jobs/${r.recordId}`,
                  )}
                  className="text-sm font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
                >
                  {r.recordType === 'work_order'
                    ? m.recordWorkOrder
                    : r.recordType === 'cost_document'
                      ? m.recordCostDocument
                      : m.record}
                  <span className="sr-only">
                    {punct(locale).colon}
                    {line.name}
                  </span>
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
