import { ZAgentPreferenceList } from '@amms/contracts/agent-memory';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgKey } from '@/lib/query-keys';

export const memoryPaths = {
  preferences: (orgId: string) => `orgs/${encodeURIComponent(orgId)}/agent/preferences`,
  preference: (orgId: string, id: string) =>
    `orgs/${encodeURIComponent(orgId)}/agent/preferences/${encodeURIComponent(id)}`,
  feedback: (orgId: string, runId: string) =>
    `orgs/${encodeURIComponent(orgId)}/agent/runs/${encodeURIComponent(runId)}/feedback`,
};

/** The agent family (lib/query-keys): a run that saves a preference refreshes 'agent' as a whole. */
export const memoryKeys = { preferences: (orgId: string) => orgKey(orgId, 'agent', 'preferences') };

/** The caller's own saved preferences. */
export const preferencesQuery = (orgId: string) =>
  queryOptions({
    queryKey: memoryKeys.preferences(orgId),
    queryFn: ({ signal }) => apiFetch(memoryPaths.preferences(orgId), ZAgentPreferenceList, { signal }),
  });
