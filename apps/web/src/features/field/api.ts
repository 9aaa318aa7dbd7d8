'use client';

import { ZAssetDetail, ZListAssetsResponse } from '@amms/contracts/assets';
import { ZFieldBoundary } from '@amms/contracts/geo';
import { ZField, ZJob, type TListJobsResponse } from '@amms/contracts/jobs';
import { ZWorkOrderDetailView } from '@amms/contracts/maintenance';
import { useRef } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';
import { refreshQueries } from '@/lib/refresh';
import { isOffline } from './offline/offline-write';

import { fieldApiPath as org, fieldKeys, nextCursor, type JobListFilter } from './list-queries';

// the home page's lists live in list-queries.ts (no 'use client': the server prefetches them too)
export { fieldApiPath, fieldKeys, myJobsQuery, workOrdersQuery } from './list-queries';
export type { JobListFilter, WorkOrderFilter } from './list-queries';

/**
 * The newest cached list of my jobs for the same person and statuses, whatever its day range. A list's key holds
 * the day it was loaded on: after midnight without signal the new day's key was never fetched, while yesterday's
 * 7-day list (restored from the phone) still covers today — the screen picks today's rows by their slots.
 */
export function cachedJobsLike(
  qc: QueryClient,
  orgId: string,
  f: JobListFilter,
): InfiniteData<TListJobsResponse, string> | undefined {
  let best: { data: InfiniteData<TListJobsResponse, string>; at: number } | undefined;
  for (const q of qc.getQueryCache().findAll({ queryKey: fieldKeys.jobs(orgId) })) {
    const k = q.queryKey[fieldKeys.jobs(orgId).length] as JobListFilter | undefined;
    const data = q.state.data as InfiniteData<TListJobsResponse, string> | undefined;
    if (!k || !data || k.operatorMembershipId !== f.operatorMembershipId) continue;
    if ([...k.status].sort().join() !== [...f.status].sort().join() || !k.from || !k.to) continue;
    if (!best || q.state.dataUpdatedAt > best.at) best = { data, at: q.state.dataUpdatedAt };
  }
  return best?.data;
}

export const jobQuery = (orgId: string, jobId: string) =>
  queryOptions({
    queryKey: fieldKeys.job(orgId, jobId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/jobs/${encodeURIComponent(jobId)}`, ZJob, { signal }),
    staleTime: 5_000,
  });

export const fieldRowQuery = (orgId: string, fieldId: string) =>
  queryOptions({
    queryKey: fieldKeys.fieldRow(orgId, fieldId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/fields/${encodeURIComponent(fieldId)}`, ZField, { signal }),
  });

/** The field's boundary for the job page's small map (warmed up and persisted: drawn offline too). */
export const fieldBoundaryQuery = (orgId: string, fieldId: string) =>
  queryOptions({
    queryKey: fieldKeys.fieldBoundary(orgId, fieldId),
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/fields/${encodeURIComponent(fieldId)}/boundary`, ZFieldBoundary, { signal }),
  });

export const assetQuery = (orgId: string, assetId: string) =>
  queryOptions({
    queryKey: fieldKeys.asset(orgId, assetId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/assets/${encodeURIComponent(assetId)}`, ZAssetDetail, { signal }),
    staleTime: 5_000,
  });

export const assetsQuery = (orgId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...fieldKeys.assets(orgId), { q: search }],
    queryFn: ({ signal, pageParam }) => {
      const q = new URLSearchParams({ limit: '30' });
      if (search) q.set('q', search);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch(`${org(orgId)}/assets?${q.toString()}`, ZListAssetsResponse, { signal });
    },
    initialPageParam: '',
    getNextPageParam: nextCursor,
  });

export const workOrderQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: fieldKeys.workOrder(orgId, id),
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/work-orders/${encodeURIComponent(id)}`, ZWorkOrderDetailView, { signal }),
    staleTime: 5_000,
  });

/**
 * A definite answer from the API (it did or refused the thing): the next attempt is a new
 * action with a new key. No answer (network) or a 5xx: we do not know whether it happened,
 * so a retry must carry the same Idempotency-Key.
 */
export function isDefiniteAnswer(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return false;
  // "still running" and "too many attempts" were not done: the retry is the same action
  return err.code !== 'IDEMPOTENCY_KEY_IN_USE' && err.status !== 429;
}

/**
 * A mutation for a slow, flaky network: one Idempotency-Key per logical action (kept across
 * retries after a network failure, renewed after a definite answer), and on 409 the
 * affected queries are refetched so the page shows the current state.
 *
 * With `offline`: when the browser is offline, the write goes into the offline queue with this
 * action's key (after a lost attempt, the same key and body: if that attempt did arrive, the
 * replay is answered from the API's idempotency store) and `offline.onQueued` shows it as
 * waiting. Online, a lost attempt is shown as such and the person retries (same key).
 */
export function useFieldMutation<TVars, TData>({
  mutationFn,
  invalidate,
  onSuccess,
  offline,
}: {
  /** `occurredAt`: when the person acted (fixed with the key: a retry sends the same body) */
  mutationFn: (vars: TVars, idempotencyKey: string, occurredAt: string) => Promise<TData>;
  /** query keys to refresh after success and after a 409 */
  invalidate: QueryKey[];
  onSuccess?: (data: TData) => void;
  offline?: {
    queue: (vars: TVars, idempotencyKey: string, occurredAt: string) => Promise<unknown>;
    onQueued: (vars: TVars) => void;
  };
}) {
  const qc = useQueryClient();
  const idem = useIdempotencyKey();
  const acted = useRef<string | null>(null);
  const reset = () => {
    idem.reset();
    acted.current = null;
  };
  const refresh = () => refreshQueries(qc, ...invalidate);
  return useMutation({
    // offline writes must not wait for the network: 'always' runs the function, which queues them
    networkMode: offline ? 'always' : 'online',
    mutationFn: async (vars: TVars): Promise<TData | typeof QUEUED> => {
      const key = idem.key();
      const at = (acted.current ??= new Date().toISOString());
      if (offline && isOffline()) {
        await offline.queue(vars, key, at);
        return QUEUED;
      }
      return mutationFn(vars, key, at);
    },
    onSuccess: async (data, vars) => {
      reset();
      if (data === QUEUED) {
        offline?.onQueued(vars);
        return;
      }
      onSuccess?.(data as TData);
      await refresh();
    },
    onError: async (err) => {
      if (isDefiniteAnswer(err)) reset();
      if (err instanceof ApiError && err.status === 409) await refresh();
    },
  });
}

/** What a field mutation resolves to when its write went into the offline queue. */
export const QUEUED = Symbol('queued');
