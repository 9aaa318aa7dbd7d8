'use client';

import { ZAgentRun, type TAgentRun } from '@amms/contracts/drafts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';
import { refreshQueries } from '@/lib/refresh';
import { agentKeys } from './queries';

export type StartRunBody = { goal: string; conversationId?: string };

/**
 * POST agent/runs (a goal, or the answer to the last run's question in the same conversation):
 * the run goes into the cache; a run that made a draft refreshes the drafts list.
 */
export function useStartRun(orgId: string, onStarted: (run: TAgentRun) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartRunBody; idempotencyKey: string }) =>
      apiFetch(orgApi(orgId, 'agent/runs'), ZAgentRun, { method: 'POST', body, idempotencyKey }),
    onSuccess: (run) => {
      qc.setQueryData(agentKeys.run(orgId, run.id), run);
      onStarted(run);
      if (run.draftId) void refreshQueries(qc, orgKey(orgId, 'drafts', 'list')); // the drafts lists (drafts/queries' draftKeys.lists)
    },
  });
}
