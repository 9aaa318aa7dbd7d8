'use client';

import { ZAgentFeedback, type TAgentFeedback } from '@amms/contracts/agent-memory';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { refreshQueries } from '@/lib/refresh';
import { memoryKeys, memoryPaths } from './queries';

/** Forget one preference; the list is refreshed whatever the answer (a 404 means it was already gone). */
export function useDeletePreference(orgId: string, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(memoryPaths.preference(orgId, id), z.undefined(), { method: 'DELETE' }),
    onSettled: () => void refreshQueries(qc, memoryKeys.preferences(orgId)),
  });
}

/** Thumbs up / down on a run (a new vote replaces the old one). */
export function useRunFeedback(orgId: string, runId: string) {
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (rating: TAgentFeedback['rating']) =>
      apiFetch(memoryPaths.feedback(orgId, runId), ZAgentFeedback, {
        method: 'POST',
        body: { rating },
        idempotencyKey: idem.key(),
      }),
    onSettled: () => idem.reset(),
  });
}
