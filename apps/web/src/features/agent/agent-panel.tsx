'use client';

import { ZAgentRun, ZConversation, type TAgentRun, type TRunStep } from '@amms/contracts/drafts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextAreaField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { apiFetch } from '@/lib/api-client';
import { formatDate, formatDateTime, formatNumber, punct } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath } from '@/lib/nav';
import { refreshQueries } from '@/lib/refresh';
import { labelMessages } from '@/lib/draft-labels';
import { FeedbackButtons } from '../agent-memory/feedback-buttons';
import { agentMessages } from './messages';
import { AnswerCard, dashboardCitation } from './answer-card';
import { skillMessages } from './skill-messages';

const org = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;

const agentKeys = {
  run: (orgId: string, runId: string) => ['orgs', orgId, 'agent', 'run', runId] as const,
  conversation: (orgId: string, id: string) => ['orgs', orgId, 'agent', 'conversation', id] as const,
};

const runQuery = (orgId: string, runId: string) =>
  queryOptions({
    queryKey: agentKeys.run(orgId, runId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/agent/runs/${encodeURIComponent(runId)}`, ZAgentRun, { signal }),
    staleTime: Infinity,
  });

const statusTone = (s: TAgentRun['status']): Tone =>
  s === 'COMPLETED' ? 'green' : s === 'NEEDS_INPUT' ? 'amber' : s === 'FAILED' ? 'red' : 'blue';

/**
 * The agent panel: a goal (zh or en) → a run: its steps in plain words, a clarifying question
 * (answered in the same conversation) or a draft to review. The conversation id stays in the URL
 * (?conversation=) so a reload shows the same turns.
 */
export function AgentPanel({
  orgId,
  timeZone,
  initialConversationId,
}: {
  orgId: string;
  timeZone: string;
  initialConversationId: string | null;
}) {
  const m = useMessages(agentMessages);
  const queryClient = useQueryClient();
  const idem = useIdempotencyKey();
  const [goal, setGoal] = useState('');
  const [goalError, setGoalError] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(initialConversationId);
  const [runIds, setRunIds] = useState<string[]>([]);
  const focusGoal = () => document.getElementById('agent-goal')?.focus();

  // a reload: the conversation's earlier runs (newest first in the API)
  const conversation = useQuery({
    queryKey: agentKeys.conversation(orgId, initialConversationId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/agent/conversations/${encodeURIComponent(initialConversationId ?? '')}`, ZConversation, {
        signal,
      }),
    enabled: !!initialConversationId,
    staleTime: Infinity,
  });
  const loadedIds = conversation.data ? [...conversation.data.runs].reverse().map((r) => r.id) : [];
  const allIds = [...loadedIds.filter((id) => !runIds.includes(id)), ...runIds];

  const lastRunId = allIds.at(-1);
  const lastRun = useQuery({ ...runQuery(orgId, lastRunId ?? ''), enabled: !!lastRunId });
  const answering = lastRun.data?.status === 'NEEDS_INPUT';

  const start = useMutation({
    mutationFn: (body: { goal: string; conversationId?: string }) =>
      apiFetch(`${org(orgId)}/agent/runs`, ZAgentRun, { method: 'POST', body, idempotencyKey: idem.key() }),
    onSuccess: (run) => {
      idem.reset();
      queryClient.setQueryData(agentKeys.run(orgId, run.id), run);
      setRunIds((ids) => [...ids, run.id]);
      setGoal('');
      if (run.conversationId && run.conversationId !== conversationId) {
        setConversationId(run.conversationId);
        const url = new URL(window.location.href);
        url.searchParams.set('conversation', run.conversationId);
        window.history.replaceState(window.history.state, '', url);
      }
      if (run.draftId) void refreshQueries(queryClient, ['orgs', orgId, 'drafts', 'list']);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const g = goal.trim();
    if (!g) {
      setGoalError(m.goalRequired);
      focusGoal();
      return;
    }
    setGoalError(null);
    start.mutate({ goal: g, ...(conversationId ? { conversationId } : {}) });
  };

  const newConversation = () => {
    setConversationId(null);
    setRunIds([]);
    setGoal('');
    start.reset();
    idem.reset();
    const url = new URL(window.location.href);
    url.searchParams.delete('conversation');
    window.history.replaceState(window.history.state, '', url);
    if (initialConversationId)
      queryClient.removeQueries({ queryKey: agentKeys.conversation(orgId, initialConversationId) });
  };

  // after a question, put the cursor where the answer goes
  useEffect(() => {
    if (answering) focusGoal();
  }, [answering, lastRunId]);

  const showHistory = conversationId !== null || runIds.length > 0;

  return (
    <div className="space-y-5">
      {showHistory ? (
        <section aria-labelledby="conversation-title" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="conversation-title" className="text-base font-semibold text-slate-900">
              {m.conversation}
            </h2>
            <Button variant="ghost" size="sm" onClick={newConversation}>
              {m.newConversation}
            </Button>
          </div>
          {conversation.isPending && initialConversationId && runIds.length === 0 ? <Loading /> : null}
          {conversation.isError ? (
            <QueryError error={conversation.error} onRetry={() => void conversation.refetch()} />
          ) : null}
          <ol className="space-y-4">
            {allIds.map((id) => (
              <li key={id}>
                <RunCard orgId={orgId} runId={id} timeZone={timeZone} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <form
        onSubmit={submit}
        aria-busy={start.isPending}
        className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
        noValidate
      >
        <TextAreaField
          id="agent-goal"
          label={answering ? m.answerLabel : m.goalLabel}
          hint={m.goalHint}
          value={goal}
          onChange={(e) => setGoal(e.target.value)}
          rows={3}
          maxLength={2000}
          error={goalError}
          required
        />
        {!answering ? (
          <div>
            <p id="agent-examples" className="mb-1 text-xs font-medium text-slate-700">
              {m.examples}
            </p>
            <ul aria-labelledby="agent-examples" className="flex flex-wrap gap-2">
              {m.exampleGoals.map((g) => (
                <li key={g}>
                  <button
                    type="button"
                    onClick={() => {
                      setGoal(g);
                      setGoalError(null);
                      focusGoal();
                    }}
                    aria-label={format(m.useExample, { goal: g })}
                    className="rounded-full border border-slate-300 bg-slate-50 px-3 py-1 text-left text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                  >
                    {g}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <ErrorAlert error={start.error} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" pending={start.isPending}>
            {answering ? m.answer : m.submit}
          </Button>
          {start.isPending ? (
            <span role="status" className="text-sm text-slate-600">
              {m.running}
            </span>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function RunCard({ orgId, runId, timeZone }: { orgId: string; runId: string; timeZone: string }) {
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
      {run.draft && run.draftId ? (
        <DraftCard orgId={orgId} run={run} />
      ) : run.status === 'COMPLETED' && !run.message ? (
        <p className="text-sm text-slate-600">{m.noDraft}</p>
      ) : null}
      {run.status === 'COMPLETED' ? <FeedbackButtons orgId={orgId} runId={run.id} /> : null}
    </article>
  );
}

function sizeText(bytes: number, m: { bytes: string; kb: string }, locale: 'zh-CN' | 'en'): string {
  return bytes < 1024 ? format(m.bytes, { n: bytes }) : format(m.kb, { n: formatNumber(bytes / 1024, locale, 1) });
}

function RunSteps({ run, timeZone }: { run: TAgentRun; timeZone: string }) {
  const m = useMessages(agentMessages);
  const l = useMessages(labelMessages);
  const sm = useMessages(skillMessages);
  const { locale } = useI18n();
  const c = run.constraints;
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join('、');

  const describe = (s: TRunStep): string | null => {
    if (s.kind === 'plan') {
      const period = c?.period ? format(m.periodPart, { from: c.period.from, to: c.period.to }) : '';
      return format(m.planStep, { intent: c ? m.intent[c.intent] : run.intent ? sm.intent[run.intent] : '—', period });
    }
    if (s.kind === 'tool') {
      const tool = (l.tool as Record<string, string>)[s.tool ?? ''] ?? s.tool ?? '—';
      const a = (s.args && typeof s.args === 'object' ? s.args : {}) as Record<string, unknown>;
      const args =
        typeof a.from === 'string' && typeof a.to === 'string'
          ? format(m.toolArgsPeriod, {
              from: formatDate(a.from, locale, timeZone),
              to: formatDate(new Date(Date.parse(a.to) - 1).toISOString(), locale, timeZone),
            })
          : '';
      const result =
        s.ok === false
          ? format(m.toolFailed, { error: s.error ?? '—' })
          : s.resultCount !== undefined
            ? format(m.toolResultCount, {
                count: formatNumber(s.resultCount, locale),
                size: sizeText(s.resultSize ?? 0, m, locale),
                ms: Math.round(s.durationMs ?? 0),
              })
            : format(m.toolResult, { size: sizeText(s.resultSize ?? 0, m, locale), ms: Math.round(s.durationMs ?? 0) });
      return `${format(m.toolStep, { tool, args })}${punct(locale).colon}${result}`;
    }
    if (s.kind === 'schedule') {
      if (run.draft) {
        const items = run.draft.items.length + run.draft.workOrderItems.length + run.draft.correctiveItems.length;
        const unplaced = run.draft.unplaced.length + run.draft.unplacedWorkOrders.length;
        return format(m.scheduleStep, { placed: items, unplaced });
      }
      return s.message ?? null;
    }
    return s.message ?? null;
  };

  const constraintLines: string[] = [];
  if (c) {
    if (c.operationTypes.length > 0)
      constraintLines.push(
        format(m.constraintTypes, {
          list: c.operationTypes.map((t) => (l.operationType as Record<string, string>)[t] ?? t).join('、'),
        }),
      );
    if (c.avoid.inMaintenance) constraintLines.push(m.constraintAvoidMaint);
    if (c.avoid.dueForMaintenance) constraintLines.push(m.constraintAvoidDue);
    const avoid = [...c.avoid.assets, ...c.avoid.operators];
    if (avoid.length > 0) constraintLines.push(format(m.constraintAvoid, { list: names(avoid) }));
    const prefer = [...c.prefer.assets, ...c.prefer.operators];
    if (prefer.length > 0) constraintLines.push(format(m.constraintPrefer, { list: names(prefer) }));
    if (c.urgentFirst) constraintLines.push(m.constraintUrgent);
    if (c.minPriority !== null) constraintLines.push(format(m.constraintMinPriority, { p: c.minPriority }));
    if (c.teams.length > 0) constraintLines.push(format(m.constraintTeams, { list: names(c.teams) }));
    if (c.fields.length > 0) constraintLines.push(format(m.constraintFields, { list: names(c.fields) }));
  }

  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{m.stepsTitle}</h3>
      <ol className="mt-1 space-y-1 text-sm text-slate-800">
        {run.steps.map((s) => {
          const text = describe(s);
          if (!text) return null;
          return (
            <li key={s.step} className="flex gap-2">
              <span
                aria-hidden="true"
                className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-bold ${s.ok === false ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'}`}
              >
                {s.step}
              </span>
              <span className="min-w-0 break-words">
                {text}
                {s.kind === 'plan' && constraintLines.length > 0 ? (
                  <span className="block text-xs text-slate-600">{constraintLines.join('；')}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function DraftCard({ orgId, run }: { orgId: string; run: TAgentRun }) {
  const m = useMessages(agentMessages);
  const d = run.draft!;
  const maintenance = d.workOrderItems.length > 0 || d.unplacedWorkOrders.length > 0 || d.correctiveItems.length > 0;
  const items = maintenance ? d.workOrderItems.length + d.correctiveItems.length : d.items.length;
  const unplaced = maintenance ? d.unplacedWorkOrders.length : d.unplaced.length;
  return (
    <section aria-label={m.draftCard} className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-3">
      <h3 className="text-sm font-semibold text-emerald-950">{m.draftCard}</h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
        {format(maintenance ? m.draftSummaryWo : m.draftSummary, { version: d.version, items, unplaced })}
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
