import {
  ZInventorySettings,
  ZListPartsResponse,
  ZListStockLocationsResponse,
  ZListWriteOffsResponse,
  ZLowStockResponse,
  ZPartDetail,
  ZPartMovementsResponse,
  ZStockCount,
  ZStockResponse,
  ZWorkOrderPartsView,
} from '@amms/contracts/inventory';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys of the inventory pages: ['orgs', orgId, 'inventory', …] (lib/query-keys.ts). */
export const inventoryKeys = {
  all: (orgId: string) => orgKey(orgId, 'inventory'),
  parts: (orgId: string, filters: object) => orgKey(orgId, 'inventory', 'parts', filters),
  part: (orgId: string, id: string) => orgKey(orgId, 'inventory', 'part', id),
  partMovements: (orgId: string, id: string, filters: object) =>
    orgKey(orgId, 'inventory', 'part', id, 'movements', filters),
  locations: (orgId: string) => orgKey(orgId, 'inventory', 'locations'),
  stock: (orgId: string, filters: object) => orgKey(orgId, 'inventory', 'stock', filters),
  low: (orgId: string) => orgKey(orgId, 'inventory', 'low'),
  count: (orgId: string, id: string) => orgKey(orgId, 'inventory', 'count', id),
  writeOffs: (orgId: string) => orgKey(orgId, 'inventory', 'write-offs'),
  settings: (orgId: string) => orgKey(orgId, 'inventory', 'settings'),
  workOrder: (orgId: string, workOrderId: string) => orgKey(orgId, 'inventory', 'work-order', workOrderId),
};

export const PARTS_PAGE = 50;

export type PartFilters = { q?: string; category?: string };

/** The parts list under any key (the field app keeps its copy under its own, offline). */
export const partsPageQuery = (queryKey: QueryKey, orgId: string, filters: PartFilters) =>
  cursorListQuery(queryKey, (cursor, signal) =>
    apiFetch(orgApi(orgId, `parts${qs({ ...filters, limit: PARTS_PAGE, cursor })}`), ZListPartsResponse, { signal }),
  );

export const partsListQuery = (orgId: string, filters: PartFilters) =>
  partsPageQuery(inventoryKeys.parts(orgId, filters), orgId, filters);

export const partQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: inventoryKeys.part(orgId, id),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `parts/${seg(id)}`), ZPartDetail, { signal }),
  });

export const PART_MOVEMENTS_PAGE = 20;

/** A part's stock history, newest first, a page at a time. */
export const partMovementsQuery = (orgId: string, id: string, filters: { type?: string; locationId?: string }) =>
  cursorListQuery(inventoryKeys.partMovements(orgId, id, filters), (cursor, signal) =>
    apiFetch(
      orgApi(orgId, `parts/${seg(id)}/movements${qs({ ...filters, limit: PART_MOVEMENTS_PAGE, cursor })}`),
      ZPartMovementsResponse,
      { signal },
    ),
  );

export const locationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: inventoryKeys.locations(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'stock-locations'), ZListStockLocationsResponse, { signal }),
    staleTime: 60_000,
  });

export const stockQuery = (orgId: string, filters: { partId?: string; locationId?: string }) =>
  queryOptions({
    queryKey: inventoryKeys.stock(orgId, filters),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `stock${qs(filters)}`), ZStockResponse, { signal }),
  });

export const lowStockQuery = (orgId: string) =>
  queryOptions({
    queryKey: inventoryKeys.low(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'stock/low'), ZLowStockResponse, { signal }),
  });

export const stockCountQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: inventoryKeys.count(orgId, id),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `stock-counts/${seg(id)}`), ZStockCount, { signal }),
    enabled: id !== '',
  });

export const writeOffsQuery = (orgId: string) =>
  queryOptions({
    queryKey: inventoryKeys.writeOffs(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'stock-write-offs'), ZListWriteOffsResponse, { signal }),
  });

export const inventorySettingsQuery = (orgId: string) =>
  queryOptions({
    queryKey: inventoryKeys.settings(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'inventory-settings'), ZInventorySettings, { signal }),
    staleTime: 60_000,
  });

export const workOrderStockPartsQuery = (orgId: string, workOrderId: string) =>
  queryOptions({
    queryKey: inventoryKeys.workOrder(orgId, workOrderId),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `work-orders/${seg(workOrderId)}/stock-parts`), ZWorkOrderPartsView, { signal }),
    staleTime: 5_000,
  });
