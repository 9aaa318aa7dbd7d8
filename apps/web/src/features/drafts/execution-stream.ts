'use client';

import { ZExecution } from '@amms/contracts/drafts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { draftKeys, isTerminal } from './queries';

/**
 * Follows an execution over Server-Sent Events (`GET executions/:id/events` through the BFF):
 * each `execution` event replaces the query's data, so receipts show as the worker commits them.
 * Returns true while the stream delivers; on any error (network, the server's `error` event, a
 * browser without EventSource) it closes and returns false, and the query polls instead.
 */
export function useExecutionStream(orgId: string, executionId: string | null, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!executionId || !enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(
      `/api/proxy/orgs/${encodeURIComponent(orgId)}/executions/${encodeURIComponent(executionId)}/events`,
    );
    const stop = () => {
      source.close();
      setLive(false);
    };
    source.addEventListener('execution', (event) => {
      let parsed;
      try {
        parsed = ZExecution.safeParse(JSON.parse((event as MessageEvent<string>).data));
      } catch {
        return stop();
      }
      if (!parsed.success) return stop();
      queryClient.setQueryData(draftKeys.execution(orgId, executionId), parsed.data);
      if (isTerminal(parsed.data.status)) stop();
      else setLive(true);
    });
    source.addEventListener('error', stop);
    return stop;
  }, [orgId, executionId, enabled, queryClient]);
  return live;
}
