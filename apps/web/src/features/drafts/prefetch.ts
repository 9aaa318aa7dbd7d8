import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import { draftQuery, runQuery } from './queries';

/**
 * The draft under review and the agent run that made it (its goal and steps), fetched during the
 * server render: the review arrives with its items instead of a spinner and two round trips.
 */
export async function prefetchDraft(qc: QueryClient, orgId: string, draftId: string): Promise<void> {
  await qc.prefetchQuery(draftQuery(orgId, draftId));
  const runId = qc.getQueryData(draftQuery(orgId, draftId).queryKey)?.runId;
  if (runId) await qc.prefetchQuery(runQuery(orgId, runId));
}
