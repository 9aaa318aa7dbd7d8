import {
  ZAnalyticsCosts,
  ZAnalyticsMaintenance,
  ZAnalyticsOperations,
  ZAnalyticsOverview,
  ZAnalyticsUtilization,
  type COST_GROUPINGS,
} from '@amms/contracts/analytics';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { periodQuery } from './period';
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

export type CostGrouping = (typeof COST_GROUPINGS)[number];
type P = { from: string; to: string };
const base = (orgId: string) => orgApi(orgId, 'analytics');

/** Every key starts with ['orgs', orgId, 'analytics']. */
export const analyticsKeys = {
  all: (orgId: string) => orgKey(orgId, 'analytics'),
  overview: (orgId: string, p: P) => orgKey(orgId, 'analytics', 'overview', p),
  utilization: (orgId: string, p: P, limit: number) => orgKey(orgId, 'analytics', 'utilization', p, limit),
  operations: (orgId: string, p: P) => orgKey(orgId, 'analytics', 'operations', p),
  maintenance: (orgId: string, p: P, limit: number) => orgKey(orgId, 'analytics', 'maintenance', p, limit),
  costs: (orgId: string, p: P, groupBy: CostGrouping) => orgKey(orgId, 'analytics', 'costs', p, groupBy),
};

const pick = (p: P): P => ({ from: p.from, to: p.to });

export function overviewQuery(orgId: string, p: P) {
  return queryOptions({
    queryKey: analyticsKeys.overview(orgId, pick(p)),
    queryFn: ({ signal }) => apiFetch(`${base(orgId)}/overview?${periodQuery(p)}`, ZAnalyticsOverview, { signal }),
  });
}

export function operationsQuery(orgId: string, p: P) {
  return queryOptions({
    queryKey: analyticsKeys.operations(orgId, pick(p)),
    queryFn: ({ signal }) => apiFetch(`${base(orgId)}/operations?${periodQuery(p)}`, ZAnalyticsOperations, { signal }),
  });
}

export function costsQuery(orgId: string, p: P, groupBy: CostGrouping) {
  return queryOptions({
    queryKey: analyticsKeys.costs(orgId, pick(p), groupBy),
    queryFn: ({ signal }) =>
      apiFetch(`${base(orgId)}/costs?${periodQuery(p)}&groupBy=${groupBy}`, ZAnalyticsCosts, { signal }),
  });
}

export function utilizationQuery(orgId: string, p: P, limit = 100) {
  return infiniteQueryOptions({
    queryKey: analyticsKeys.utilization(orgId, pick(p), limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${base(orgId)}/utilization?${periodQuery(p)}&limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ZAnalyticsUtilization,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function maintenanceQuery(orgId: string, p: P, limit = 100) {
  return infiniteQueryOptions({
    queryKey: analyticsKeys.maintenance(orgId, pick(p), limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${base(orgId)}/maintenance?${periodQuery(p)}&limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        ZAnalyticsMaintenance,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** 0.4321 → 43.2 (percent), null stays null. */
export const pct = (ratio: number | null | undefined): number | null =>
  ratio === null || ratio === undefined ? null : Math.round(ratio * 1000) / 10;

/** fen digit string → yuan as a number, for charts only (amounts in tables stay exact via formatFen). */
export const fenToNumber = (fen: string | null | undefined): number => (fen ? Number(fen) / 100 : 0);
