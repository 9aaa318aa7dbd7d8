'use client';

import type { TAgentRun } from '@amms/contracts/drafts';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge, type Tone } from '@/components/ui/badge';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime, punct } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { FeedbackButtons } from '../agent-memory/feedback-buttons';
import { AnswerCard, dashboardCitation } from './answer-card';
import { agentMessages } from './messages';
import { runQuery } from './queries';
import { RunSteps } from './run-steps';

const statusTone = (s: TAgentRun['status']): Tone =>
  s === 'COMPLETED' ? 'green' : s === 'NEEDS_INPUT' ? 'amber' : s === 'FAILED' ? 'red' : 'blue';

/** One turn of the conversation: the goal, the steps, a question, an answer or the draft made. */
export function RunCard({ orgId, runId, timeZone }: { orgId: string; runId: string; timeZone: string }) {
  const m = useMessages(agentMessages);
  const { locale } = useI18n();
  const q = useQuery(runQuery(orgId, runId));
  if (q.isPending) return <Loading />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const run = q.data;
  return (
    <article
      aria-labelledby={`run-${run.id}-goal`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={`run-${run.id}-goal`} className="min-w-0 break-words text-sm text-slate-900">
          <span className="font-semibold">
            {m.you}
            {punct(locale).colon}
          </span>
          {run.goal}
        </p>
        <span className="flex items-center gap-2 text-xs text-slate-600">
          <time dateTime={run.createdAt}>{formatDateTime(run.createdAt, locale, timeZone)}</time>
          <Badge tone={statusTone(run.status)}>{m.status[run.status]}</Badge>
        </span>
      </div>
      <RunSteps run={run} timeZone={timeZone} />
      {run.constraints && run.constraints.notes.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{m.understood}</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {run.constraints.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {run.status === 'NEEDS_INPUT' && run.question ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          <h3 className="font-semibold text-amber-950">{m.question}</h3>
          <p className="mt-0.5 text-amber-950">{run.question}</p>
          <p className="mt-1 text-xs text-amber-900">{m.answerBelow}</p>
        </div>
      ) : null}
      {run.status === 'FAILED' ? (
        <p className="text-sm text-red-800">{format(m.failed, { error: run.error ?? '—' })}</p>
      ) : null}
      {run.answer ? (
        <AnswerCard answer={run.answer} citationHref={dashboardCitation(orgId)} />
      ) : run.message ? (
        <p className="text-sm text-slate-800">{run.message}</p>
      ) : null}
      {run.leave?.replanDraftId ? (
        <Link
          href={orgPath(orgId, `drafts/${run.leave.replanDraftId}`)}
          className="inline-flex min-h-10 items-center rounded-md border border-emerald-700 px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          {format(m.openReplan, { moved: run.leave.moved })}
        </Link>
      ) : null}
      {run.draft && run.draftId ? (
        <DraftCard orgId={orgId} draft={run.draft} />
      ) : run.status === 'COMPLETED' && !run.message ? (
        <p className="text-sm text-slate-600">{m.noDraft}</p>
      ) : null}
      {run.status === 'COMPLETED' ? <FeedbackButtons orgId={orgId} runId={run.id} /> : null}
    </article>
  );
}

function DraftCard({ orgId, draft: d }: { orgId: string; draft: NonNullable<TAgentRun['draft']> }) {
  const m = useMessages(agentMessages);
  const purchase = d.purchaseLines.length > 0;
  const leave = d.leaveItems.length > 0;
  const maintenance = d.workOrderItems.length > 0 || d.unplacedWorkOrders.length > 0 || d.correctiveItems.length > 0;
  const items = purchase
    ? d.purchaseLines.length
    : maintenance
      ? d.workOrderItems.length + d.correctiveItems.length
      : d.items.length;
  const unplaced = maintenance ? d.unplacedWorkOrders.length : d.unplaced.length;
  const suppliers = new Set(d.purchaseLines.map((l) => l.supplierName ?? '')).size;
  return (
    <section aria-label={m.draftCard} className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-3">
      <h3 className="text-sm font-semibold text-emerald-950">{m.draftCard}</h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
        {leave
          ? format(m.draftSummaryLeave, { version: d.version, items: d.leaveItems.length })
          : purchase
            ? format(m.draftSummaryPurchase, { version: d.version, items, suppliers })
            : format(maintenance ? m.draftSummaryWo : m.draftSummary, { version: d.version, items, unplaced })}
        {d.validation.violations.length === 0 ? (
          <Badge tone="green">✓ {m.validOk}</Badge>
        ) : (
          <Badge tone="red">{format(m.validBad, { count: d.validation.violations.length })}</Badge>
        )}
      </p>
      <Link
        href={orgPath(orgId, `drafts/${d.id}`)}
        className="mt-2 inline-flex min-h-10 items-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
      >
        {m.openDraft}
      </Link>
    </section>
  );
}
