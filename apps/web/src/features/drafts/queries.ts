import { ZListAssetsResponse } from '@amms/contracts/assets';
import {
  ZAgentRun,
  ZDraftDetail,
  ZExecution,
  ZListDraftsResponse,
  type TDraftDetail,
  type TDraftSort,
  type TDraftVersion,
} from '@amms/contracts/drafts';
import { ZListAssignmentsResponse, type TCalendarAssignment } from '@amms/contracts/jobs';
import { ZListWorkOrdersResponse, type TWorkOrder } from '@amms/contracts/maintenance';
import { ZListMembersResponse } from '@amms/contracts/members';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { fetchAllPages, orgApi, qs } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

const org = (orgId: string) => orgApi(orgId);

/** Keys of the draft pages: ['orgs', orgId, 'drafts', …] (lib/query-keys.ts). */
export const draftKeys = {
  all: (orgId: string) => orgKey(orgId, 'drafts'),
  lists: (orgId: string) => orgKey(orgId, 'drafts', 'list'),
  list: (orgId: string, status: string, sort: TDraftSort) => orgKey(orgId, 'drafts', 'list', { status, sort }),
  detail: (orgId: string, draftId: string) => orgKey(orgId, 'drafts', 'detail', draftId),
  run: (orgId: string, runId: string) => orgKey(orgId, 'drafts', 'run', runId),
  execution: (orgId: string, executionId: string) => orgKey(orgId, 'drafts', 'execution', executionId),
  bookings: (orgId: string, from: string, to: string) => orgKey(orgId, 'drafts', 'bookings', { from, to }),
  workOrders: (orgId: string, from: string, to: string) => orgKey(orgId, 'drafts', 'work-orders', { from, to }),
  machines: (orgId: string) => orgKey(orgId, 'drafts', 'machines'),
  members: (orgId: string) => orgKey(orgId, 'drafts', 'members'),
};

export const PAGE_SIZE = 25;

export function fetchDraftsPage(
  orgId: string,
  status: string,
  sort: TDraftSort,
  cursor: string | undefined,
  signal: AbortSignal,
) {
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
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/executions/${encodeURIComponent(executionId)}`, ZExecution, { signal }),
    refetchInterval: (q) => (streaming || (q.state.data && isTerminal(q.state.data.status)) ? false : 1000),
  });

/** All live assignments overlapping [from, to) (a few pages at most). */
export async function fetchAssignments(
  orgId: string,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<TCalendarAssignment[]> {
  return (await fetchAllPages(orgApi(orgId, `assignments${qs({ from, to })}`), ZListAssignmentsResponse, signal, 10))
    .items;
}

/** Work orders whose planned window overlaps [from, to). */
export async function fetchWorkOrders(
  orgId: string,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<TWorkOrder[]> {
  return (await fetchAllPages(orgApi(orgId, `work-orders${qs({ from, to })}`), ZListWorkOrdersResponse, signal, 5))
    .items;
}

/** The calendar around a draft: existing bookings (and maintenance windows) it must not collide with. */
export const draftBookingsQuery = (orgId: string, from: string, to: string) =>
  queryOptions({
    queryKey: draftKeys.bookings(orgId, from, to),
    queryFn: ({ signal }) => fetchAssignments(orgId, from, to, signal),
  });

export const draftWorkOrdersQuery = (orgId: string, from: string, to: string, enabled: boolean) =>
  queryOptions({
    queryKey: draftKeys.workOrders(orgId, from, to),
    queryFn: ({ signal }) => fetchWorkOrders(orgId, from, to, signal),
    enabled,
    staleTime: 30_000,
  });

export const draftListQuery = (orgId: string, status: string, sort: TDraftSort) =>
  cursorListQuery(draftKeys.list(orgId, status, sort), (cursor, signal) =>
    fetchDraftsPage(orgId, status, sort, cursor, signal),
  );

export const machinesQuery = (orgId: string) =>
  queryOptions({
    queryKey: draftKeys.machines(orgId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/assets?limit=200&status=ACTIVE`, ZListAssetsResponse, { signal }),
    staleTime: 60_000,
  });

export const membersQuery = (orgId: string) =>
  queryOptions({
    queryKey: draftKeys.members(orgId),
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/members?limit=200&status=ACTIVE`, ZListMembersResponse, { signal }),
    staleTime: 60_000,
  });

export function currentVersionOf(draft: TDraftDetail): TDraftVersion | undefined {
  return draft.versions.find((v) => v.version === draft.currentVersion) ?? draft.versions[0];
}

export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
