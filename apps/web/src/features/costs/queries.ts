import { ZCostDocumentDetailView, ZListCostDocumentsResponse } from '@amms/contracts/costs';
import { ZListJobsResponse } from '@amms/contracts/jobs';
import { ZListWorkOrdersViewResponse } from '@amms/contracts/maintenance';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys of the cost pages: ['orgs', orgId, 'costs', …] (lib/query-keys.ts). */
export const costKeys = {
  all: (orgId: string) => orgKey(orgId, 'costs'),
  list: (orgId: string, filters: object) => orgKey(orgId, 'costs', 'list', filters),
  detail: (orgId: string, id: string) => orgKey(orgId, 'costs', 'detail', id),
  machineWorkOrders: (orgId: string, assetId: string) => orgKey(orgId, 'costs', 'machine-work-orders', assetId),
  machineJobs: (orgId: string, assetId: string) => orgKey(orgId, 'costs', 'machine-jobs', assetId),
};

export const COSTS_PAGE = 25;

export type CostListFilters = Record<string, string | undefined>;

export const costListQuery = (orgId: string, filters: CostListFilters) =>
  cursorListQuery(costKeys.list(orgId, filters), (cursor, signal) =>
    apiFetch(
      orgApi(orgId, `cost-documents${qs({ ...filters, limit: COSTS_PAGE, cursor })}`),
      ZListCostDocumentsResponse,
      { signal },
    ),
  );

export const costDocumentQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: costKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `cost-documents/${seg(id)}`), ZCostDocumentDetailView, { signal }),
  });

export const docNumber = (n: number) => `CD-${String(n).padStart(6, '0')}`;

/** The newest work orders of one machine: what a cost document can be tied to. */
export const machineWorkOrdersQuery = (orgId: string, assetId: string) =>
  queryOptions({
    queryKey: costKeys.machineWorkOrders(orgId, assetId),
    queryFn: ({ signal }) =>
      apiFetch(
        orgApi(orgId, `work-orders${qs({ assetId, sort: '-createdAt', limit: 50 })}`),
        ZListWorkOrdersViewResponse,
        { signal },
      ),
    enabled: assetId !== '',
    staleTime: 30_000,
  });

/** The latest jobs whose live assignment uses one machine: the job a cost document can be tied to. */
export const machineJobsQuery = (orgId: string, assetId: string) =>
  queryOptions({
    queryKey: costKeys.machineJobs(orgId, assetId),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `jobs${qs({ assetId, sort: '-windowStart', limit: 50 })}`), ZListJobsResponse, { signal }),
    enabled: assetId !== '',
    staleTime: 30_000,
  });
