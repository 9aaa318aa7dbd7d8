'use client';

import type { TAgentRun } from '@amms/contracts/drafts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Loading, QueryError } from '@/components/ui/states';
import { useMessages } from '@/i18n/messages';
import { useIdempotencyKey } from '@/lib/idempotency';
import { focusGoal, GoalForm } from './goal-form';
import { agentMessages } from './messages';
import { useStartRun } from './mutations';
import { agentKeys, conversationQuery, runQuery } from './queries';
import { RunCard } from './run-card';

/** Keep the conversation in the URL (?conversation=) so that a reload shows the same turns. */
function setConversationParam(conversationId: string | null) {
  const url = new URL(window.location.href);
  if (conversationId) url.searchParams.set('conversation', conversationId);
  else url.searchParams.delete('conversation');
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The agent panel: a goal (zh or en) → a run: its steps in plain words, a clarifying question
 * (answered in the same conversation) or a draft to review. The conversation id stays in the URL
 * (?conversation=) so a reload shows the same turns.
 */
export function AgentPanel({
  orgId,
  timeZone,
  initialConversationId,
  initialGoal = null,
}: {
  orgId: string;
  timeZone: string;
  initialConversationId: string | null;
  /** `?goal=` (a link such as the low-stock list's "draft a purchase"): filled in, not started */
  initialGoal?: string | null;
}) {
  const m = useMessages(agentMessages);
  const queryClient = useQueryClient();
  const idem = useIdempotencyKey();
  const [goal, setGoal] = useState(initialGoal ?? '');
  const [goalError, setGoalError] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(initialConversationId);
  const [runIds, setRunIds] = useState<string[]>([]);

  // a reload: the conversation's earlier runs (newest first in the API)
  const conversation = useQuery(conversationQuery(orgId, initialConversationId));
  const loadedIds = conversation.data ? [...conversation.data.runs].reverse().map((r) => r.id) : [];
  const allIds = [...loadedIds.filter((id) => !runIds.includes(id)), ...runIds];

  const lastRunId = allIds.at(-1);
  const lastRun = useQuery(runQuery(orgId, lastRunId ?? ''));
  const answering = lastRun.data?.status === 'NEEDS_INPUT';

  const start = useStartRun(orgId, (run: TAgentRun) => {
    idem.reset();
    setRunIds((ids) => [...ids, run.id]);
    setGoal('');
    if (run.conversationId && run.conversationId !== conversationId) {
      setConversationId(run.conversationId);
      setConversationParam(run.conversationId);
    }
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
    start.mutate({ body: { goal: g, ...(conversationId ? { conversationId } : {}) }, idempotencyKey: idem.key() });
  };

  const newConversation = () => {
    setConversationId(null);
    setRunIds([]);
    setGoal('');
    start.reset();
    idem.reset();
    setConversationParam(null);
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

      <GoalForm
        goal={goal}
        onGoalChange={setGoal}
        onPickExample={(g) => {
          setGoal(g);
          setGoalError(null);
        }}
        goalError={goalError}
        answering={answering}
        pending={start.isPending}
        error={start.error}
        onSubmit={submit}
      />
    </div>
  );
}
