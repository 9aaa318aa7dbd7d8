import {
  ZAssetDetail,
  ZListAssetsResponse,
  ZListMachineModelsResponse,
  ZListMeterReadingsResponse,
  type TAssetSort,
  type TAssetStatus,
  type TListMachineModelsResponse,
  type TMachineKind,
  type TMachineModel,
} from '@amms/contracts/assets';
import { ZListCostDocumentsResponse } from '@amms/contracts/costs';
import { ZListAssignmentsResponse } from '@amms/contracts/jobs';
import { ZDueResponse, ZListWorkOrdersResponse } from '@amms/contracts/maintenance';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const org = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;
const enc = encodeURIComponent;

/** Every key of this feature starts with ['orgs', orgId, 'assets']: switching orgs never shows another org's rows. */
export const assetKeys = {
  all: (orgId: string) => ['orgs', orgId, 'assets'] as const,
  lists: (orgId: string) => ['orgs', orgId, 'assets', 'list'] as const,
  list: (orgId: string, f: AssetFilters) => ['orgs', orgId, 'assets', 'list', f] as const,
  detail: (orgId: string, id: string) => ['orgs', orgId, 'assets', 'detail', id] as const,
  readings: (orgId: string, id: string) => ['orgs', orgId, 'assets', 'detail', id, 'readings'] as const,
  bookings: (orgId: string, id: string, from: string, to: string) =>
    ['orgs', orgId, 'assets', 'detail', id, 'bookings', { from, to }] as const,
  workOrders: (orgId: string, id: string) => ['orgs', orgId, 'assets', 'detail', id, 'work-orders'] as const,
  due: (orgId: string, id: string) => ['orgs', orgId, 'assets', 'detail', id, 'due'] as const,
  costs: (orgId: string, id: string) => ['orgs', orgId, 'assets', 'detail', id, 'costs'] as const,
  models: (orgId: string) => ['orgs', orgId, 'assets', 'models'] as const,
};

export type AssetFilters = {
  sort?: TAssetSort;
  q?: string;
  status?: TAssetStatus;
  kind?: TMachineKind;
  teamId?: string;
  modelId?: string;
};

export const PAGE_SIZE = 25;

export function assetListQuery(orgId: string, f: AssetFilters) {
  return infiniteQueryOptions({
    queryKey: assetKeys.list(orgId, f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (f.sort) p.set('sort', f.sort);
      if (f.q) p.set('q', f.q);
      if (f.status) p.set('status', f.status);
      if (f.kind) p.set('kind', f.kind);
      if (f.teamId) p.set('teamId', f.teamId);
      if (f.modelId) p.set('modelId', f.modelId);
      if (pageParam) p.set('cursor', pageParam);
      return apiFetch(`${org(orgId)}/assets?${p}`, ZListAssetsResponse, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function assetDetailQuery(orgId: string, id: string) {
  return queryOptions({
    queryKey: assetKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/assets/${enc(id)}`, ZAssetDetail, { signal }),
  });
}

/** The whole catalog visible to the org (platform + private models), a few pages of 200 at most. */
export function machineModelsQuery(orgId: string) {
  return queryOptions({
    queryKey: assetKeys.models(orgId),
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const items: TMachineModel[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < 10; page++) {
        const res: TListMachineModelsResponse = await apiFetch(
          `${org(orgId)}/machine-models?limit=200${cursor ? `&cursor=${enc(cursor)}` : ''}`,
          ZListMachineModelsResponse,
          { signal },
        );
        items.push(...res.items);
        cursor = res.nextCursor;
        if (!cursor) break;
      }
      return items.sort((a, b) => `${a.manufacturer} ${a.name}`.localeCompare(`${b.manufacturer} ${b.name}`));
    },
  });
}

export function readingsQuery(orgId: string, id: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.readings(orgId, id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${org(orgId)}/assets/${enc(id)}/meter-readings?limit=10${pageParam ? `&cursor=${enc(pageParam)}` : ''}`,
        ZListMeterReadingsResponse,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function bookingsQuery(orgId: string, id: string, from: string, to: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.bookings(orgId, id, from, to),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams({ limit: '20', assetId: id, from, to });
      if (pageParam) p.set('cursor', pageParam);
      return apiFetch(`${org(orgId)}/assignments?${p}`, ZListAssignmentsResponse, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** the machine's work orders, newest first (without a sort the list is in id order: no order at all) */
export function workOrdersQuery(orgId: string, id: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.workOrders(orgId, id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${org(orgId)}/work-orders?limit=10&sort=-createdAt&assetId=${enc(id)}${pageParam ? `&cursor=${enc(pageParam)}` : ''}`,
        ZListWorkOrdersResponse,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function dueQuery(orgId: string, id: string) {
  return queryOptions({
    queryKey: assetKeys.due(orgId, id),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/maintenance/due?assetId=${enc(id)}`, ZDueResponse, { signal }),
  });
}

/** the machine's cost documents, latest document date first */
export function costDocumentsQuery(orgId: string, id: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.costs(orgId, id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(
        `${org(orgId)}/cost-documents?limit=10&sort=-documentDate&assetId=${enc(id)}${pageParam ? `&cursor=${enc(pageParam)}` : ''}`,
        ZListCostDocumentsResponse,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}
