import { ZListAssetsResponse } from '@amms/contracts/assets';
import { ZAgentRun, ZDraftDetail, ZExecution, ZListDraftsResponse, type TDraftDetail, type TDraftSort, type TDraftVersion } from '@amms/contracts/drafts';
import { ZListAssignmentsResponse, type TCalendarAssignment } from '@amms/contracts/jobs';
import { ZListWorkOrdersResponse, type TWorkOrder } from '@amms/contracts/maintenance';
import { ZListMembersResponse } from '@amms/contracts/members';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const org = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;

/** Every key starts with ['orgs', orgId, 'drafts'] (one org never sees another's cache). */
export const draftKeys = {
  all: (orgId: string) => ['orgs', orgId, 'drafts'] as const,
  list: (orgId: string, status: string, sort: TDraftSort) => ['orgs', orgId, 'drafts', 'list', { status, sort }] as const,
  detail: (orgId: string, draftId: string) => ['orgs', orgId, 'drafts', 'detail', draftId] as const,
  run: (orgId: string, runId: string) => ['orgs', orgId, 'drafts', 'run', runId] as const,
  execution: (orgId: string, executionId: string) => ['orgs', orgId, 'drafts', 'execution', executionId] as const,
  bookings: (orgId: string, from: string, to: string) => ['orgs', orgId, 'drafts', 'bookings', { from, to }] as const,
  workOrders: (orgId: string, from: string, to: string) => ['orgs', orgId, 'drafts', 'work-orders', { from, to }] as const,
  machines: (orgId: string) => ['orgs', orgId, 'drafts', 'machines'] as const,
  members: (orgId: string) => ['orgs', orgId, 'drafts', 'members'] as const,
};

export const PAGE_SIZE = 25;

export function fetchDraftsPage(orgId: string, status: string, sort: TDraftSort, cursor: string | undefined, signal: AbortSignal) {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE), sort });
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  return apiFetch(`${org(orgId)}/drafts?${q}`, ZListDraftsResponse, { signal });
}

export const draftQuery = (orgId: string, draftId: string) =>
  queryOptions({
    queryKey: draftKeys.detail(orgId, draftId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/drafts/${encodeURIComponent(draftId)}`, ZDraftDetail, { signal }),
  });

export const runQuery = (orgId: string, runId: string) =>
  queryOptions({
    queryKey: draftKeys.run(orgId, runId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/agent/runs/${encodeURIComponent(runId)}`, ZAgentRun, { signal }),
    staleTime: 5 * 60_000,
  });

const TERMINAL = new Set(['SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED']);
export const isTerminal = (status: string) => TERMINAL.has(status);

/**
 * An execution with its receipts. While an event stream follows it (useExecutionStream) the
 * stream writes this query's data; otherwise it is polled every second until it is final.
 */
export const executionQuery = (orgId: string, executionId: string, streaming = false) =>
  queryOptions({
    queryKey: draftKeys.execution(orgId, executionId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/executions/${encodeURIComponent(executionId)}`, ZExecution, { signal }),
    refetchInterval: (q) => (streaming || (q.state.data && isTerminal(q.state.data.status)) ? false : 1000),
  });

/** All live assignments overlapping [from, to) (a few pages at most). */
export async function fetchAssignments(orgId: string, from: string, to: string, signal: AbortSignal): Promise<TCalendarAssignment[]> {
  const out: TCalendarAssignment[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 10; page++) {
    const q = new URLSearchParams({ from, to, limit: '200' });
    if (cursor) q.set('cursor', cursor);
    const res = await apiFetch(`${org(orgId)}/assignments?${q}`, ZListAssignmentsResponse, { signal });
    out.push(...res.items);
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return out;
}

/** Work orders whose planned window overlaps [from, to). */
export async function fetchWorkOrders(orgId: string, from: string, to: string, signal: AbortSignal): Promise<TWorkOrder[]> {
  const out: TWorkOrder[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const q = new URLSearchParams({ limit: '200', from, to });
    if (cursor) q.set('cursor', cursor);
    const res = await apiFetch(`${org(orgId)}/work-orders?${q}`, ZListWorkOrdersResponse, { signal });
    out.push(...res.items);
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return out;
}

export const machinesQuery = (orgId: string) =>
  queryOptions({
    queryKey: draftKeys.machines(orgId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/assets?limit=200&status=ACTIVE`, ZListAssetsResponse, { signal }),
    staleTime: 60_000,
  });

export const membersQuery = (orgId: string) =>
  queryOptions({
    queryKey: draftKeys.members(orgId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/members?limit=200&status=ACTIVE`, ZListMembersResponse, { signal }),
    staleTime: 60_000,
  });

export function currentVersionOf(draft: TDraftDetail): TDraftVersion | undefined {
  return draft.versions.find((v) => v.version === draft.currentVersion) ?? draft.versions[0];
}

export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
