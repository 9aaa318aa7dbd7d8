'use client';

import type { TJob } from '@amms/contracts/jobs';
import { ZPrestartCheck, type TJobPrestart, type TPrestartCheck, type TPrestartItem } from '@amms/contracts/prestart';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { fieldApiPath, useFieldMutation } from './api';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages, fill } from './messages';
import { queueWrite } from './offline/offline-write';
import { prestartQuery } from './prestart-api';
import { prestartMessages } from './prestart-messages';
import { jobTitle, Notice, Panel, StickyActions, workOrderNumber } from './ui';

type Result = 'OK' | 'FAILED';

/**
 * The pre-start check above the start form (issue #31 §2): when the job's main machine has a list,
 * the start form shows only after a check whose must-pass items are all OK. Without a saved copy of
 * the list (offline, never opened) the start form shows and the API decides when it syncs.
 */
export function PrestartGate({
  job,
  orgId,
  timeZone,
  children,
}: {
  job: TJob;
  orgId: string;
  timeZone: string;
  children: ReactNode;
}) {
  const q = useQuery(prestartQuery(orgId, job.id));
  const [recheck, setRecheck] = useState(false);
  if (!q.data || q.data.items.length === 0) return <>{children}</>;
  const latest = q.data.checks[0];
  const cleared = latest !== undefined && !latest.blocking && !recheck;
  return (
    <>
      {latest ? <LatestCheck check={latest} orgId={orgId} timeZone={timeZone} /> : null}
      {cleared ? (
        <>
          <RecheckButton onClick={() => setRecheck(true)} />
          {children}
        </>
      ) : (
        <PrestartForm job={job} orgId={orgId} data={q.data} onDone={() => setRecheck(false)} />
      )}
    </>
  );
}

function RecheckButton({ onClick }: { onClick: () => void }) {
  const p = useMessages(prestartMessages);
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-12 items-center rounded-md px-1 text-sm font-semibold text-emerald-800 underline underline-offset-2"
    >
      {p.recheck}
    </button>
  );
}

function LatestCheck({ check, orgId, timeZone }: { check: TPrestartCheck; orgId: string; timeZone: string }) {
  const { locale } = useI18n();
  const p = useMessages(prestartMessages);
  const at = formatDateTime(check.performedAt, locale, timeZone);
  const failed = check.answers.filter((a) => a.result === 'FAILED');
  const report = check.workOrderId ? (
    <Link
      href={fieldHref(fieldPaths.workOrder(check.workOrderId), orgId)}
      className="ml-1 font-semibold underline underline-offset-2"
    >
      {fill(p.faultReport, { number: check.workOrderNumber ? workOrderNumber(check.workOrderNumber) : '' })}
    </Link>
  ) : null;
  if (check.blocking)
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950">
        {fill(p.blocked, {
          items: failed
            .filter((a) => a.blocksStart)
            .map((a) => a.label)
            .join('、'),
        })}
        {report}
      </div>
    );
  return (
    <Notice tone={failed.length > 0 ? 'blue' : 'green'}>
      {failed.length > 0 ? fill(p.passedWithIssues, { at, n: String(failed.length) }) : fill(p.passed, { at })}
      {report}
    </Notice>
  );
}

function PrestartForm({
  job,
  orgId,
  data,
  onDone,
}: {
  job: TJob;
  orgId: string;
  data: TJobPrestart;
  onDone: () => void;
}) {
  const p = useMessages(prestartMessages);
  const m = useMessages(fieldMessages);
  const qc = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, Result>>({});
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<number | null>(null);
  const [queued, setQueued] = useState(false);
  const path = `${fieldApiPath(orgId)}/jobs/${encodeURIComponent(job.id)}/prestart-checks`;
  const key = prestartQuery(orgId, job.id).queryKey;
  const bodyOf = () => ({
    answers: data.items.map((i) => ({
      itemId: i.id,
      result: answers[i.id]!,
      ...(notes[i.id]?.trim() ? { note: notes[i.id]!.trim() } : {}),
    })),
  });
  const show = (check: TPrestartCheck) =>
    qc.setQueryData<TJobPrestart>(key, (d) =>
      d ? { ...d, checks: [check, ...d.checks], cleared: !check.blocking } : d,
    );

  const save = useFieldMutation({
    mutationFn: (_: null, idempotencyKey: string, occurredAt: string) =>
      apiFetch(path, ZPrestartCheck, { method: 'POST', body: { ...bodyOf(), occurredAt }, idempotencyKey }),
    invalidate: [key],
    onSuccess: (check) => {
      show(check);
      onDone();
    },
    offline: {
      queue: (_: null, idempotencyKey, occurredAt) =>
        queueWrite({
          orgId,
          kind: 'job.prestart',
          method: 'POST',
          path,
          body: bodyOf(),
          idempotencyKey,
          occurredAt,
          entity: { type: 'job', id: job.id },
          label: jobTitle(job, m),
        }).then((w) => {
          // shown as done (and waiting to sync) until the queue has sent it
          const local = data.items.map((i) => ({
            itemId: i.id,
            label: i.label,
            blocksStart: i.blocksStart,
            sourceTitle: i.sourceTitle,
            sourcePage: i.sourcePage,
            result: answers[i.id]!,
            note: notes[i.id]?.trim() || null,
          }));
          const failed = local.filter((a) => a.result === 'FAILED');
          show({
            id: w.id,
            jobId: job.id,
            assetId: data.assetId ?? '',
            performedByMembershipId: null,
            performedAt: occurredAt,
            answers: local,
            failedCount: failed.length,
            blocking: failed.some((a) => a.blocksStart),
            workOrderId: null,
            workOrderNumber: null,
          });
        }),
      onQueued: () => {
        setQueued(true);
        onDone();
      },
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const left = data.items.filter((i) => !answers[i.id]).length;
    setMissing(left > 0 ? left : null);
    if (left > 0) return;
    save.mutate(null);
  };

  return (
    <Panel id="job-prestart" title={p.heading}>
      {queued ? <Notice tone="blue">{p.queued}</Notice> : null}
      <p className="mb-3 text-sm text-slate-700">{p.intro}</p>
      <form onSubmit={submit} noValidate>
        <ol className="space-y-3">
          {data.items.map((item) => (
            <PrestartRow
              key={item.id}
              item={item}
              result={answers[item.id]}
              note={notes[item.id] ?? ''}
              onResult={(r) => setAnswers((a) => ({ ...a, [item.id]: r }))}
              onNote={(n) => setNotes((a) => ({ ...a, [item.id]: n }))}
            />
          ))}
        </ol>
        {missing ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-800">
            {fill(p.answerAll, { n: String(missing) })}
          </p>
        ) : null}
        {save.error ? <ErrorAlert error={save.error} className="mt-3" /> : null}
        <StickyActions>
          <Button type="submit" size="lg" className="w-full" pending={save.isPending}>
            {save.isPending ? p.pending : p.submit}
          </Button>
        </StickyActions>
      </form>
    </Panel>
  );
}

function PrestartRow({
  item,
  result,
  note,
  onResult,
  onNote,
}: {
  item: TPrestartItem;
  result: Result | undefined;
  note: string;
  onResult: (r: Result) => void;
  onNote: (n: string) => void;
}) {
  const p = useMessages(prestartMessages);
  const tone: Record<Result, string> = {
    OK: 'border-emerald-700 bg-emerald-700 text-white',
    FAILED: 'border-red-700 bg-red-700 text-white',
  };
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-words font-medium text-slate-900">{item.label}</p>
        {item.blocksStart ? <Badge tone="amber">{p.blocks}</Badge> : null}
      </div>
      {item.sourceTitle ? (
        <p className="mt-1 break-words text-xs text-slate-600">
          {item.sourcePage
            ? fill(p.source, { title: item.sourceTitle, page: item.sourcePage })
            : fill(p.sourceNoPage, { title: item.sourceTitle })}
        </p>
      ) : null}
      <div role="group" aria-label={fill(p.group, { label: item.label })} className="mt-2 grid grid-cols-2 gap-2">
        {(['OK', 'FAILED'] as const).map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={result === r}
            onClick={() => onResult(r)}
            className={`min-h-12 rounded-md border px-2 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 ${
              result === r ? tone[r] : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {r === 'OK' ? p.ok : p.failed}
          </button>
        ))}
      </div>
      {result === 'FAILED' ? (
        <label className="mt-2 block text-sm text-slate-800">
          {p.note}
          <textarea
            value={note}
            maxLength={500}
            rows={2}
            placeholder={p.notePlaceholder}
            onChange={(e) => onNote(e.target.value)}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </label>
      ) : null}
    </li>
  );
}
