import { ZAgentRun, ZConversation } from '@amms/contracts/drafts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys of the agent page: ['orgs', orgId, 'agent', …] (lib/query-keys.ts). */
export const agentKeys = {
  run: (orgId: string, runId: string) => orgKey(orgId, 'agent', 'run', runId),
  conversation: (orgId: string, id: string) => orgKey(orgId, 'agent', 'conversation', id),
};

/** One run; a run is final once answered (a new turn is a new run), so it never goes stale. */
export const runQuery = (orgId: string, runId: string) =>
  queryOptions({
    queryKey: agentKeys.run(orgId, runId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `agent/runs/${seg(runId)}`), ZAgentRun, { signal }),
    enabled: !!runId,
    staleTime: Infinity,
  });

/** A conversation's earlier runs (newest first in the API), for a reload with ?conversation=. */
export const conversationQuery = (orgId: string, conversationId: string | null) =>
  queryOptions({
    queryKey: agentKeys.conversation(orgId, conversationId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `agent/conversations/${seg(conversationId ?? '')}`), ZConversation, { signal }),
    enabled: !!conversationId,
    staleTime: Infinity,
  });
