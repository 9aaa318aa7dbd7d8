import {
  ZDueResponse,
  ZListWorkOrdersResponse,
  ZWorkOrderDetailWithPeople,
  type TWorkOrderSort,
  type TWorkOrderStatus,
} from '@amms/contracts/maintenance';
import { ZMaintenanceSettings } from '@amms/contracts/workshop';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys of the maintenance pages: ['orgs', orgId, 'maintenance', …] (lib/query-keys.ts). */
export const maintenanceKeys = {
  all: (orgId: string) => orgKey(orgId, 'maintenance'),
  boards: (orgId: string) => orgKey(orgId, 'maintenance', 'work-orders', 'list'),
  board: (orgId: string, status: string) => orgKey(orgId, 'maintenance', 'work-orders', 'list', { status }),
  detail: (orgId: string, id: string) => orgKey(orgId, 'maintenance', 'work-orders', 'detail', id),
  due: (orgId: string, params: object) => orgKey(orgId, 'maintenance', 'due', params),
  settings: (orgId: string) => orgKey(orgId, 'maintenance', 'settings'),
  /** the mutation key of a work order's checklist ticks (they overlap; see useTickChecklist) */
  checklistTick: (orgId: string, id: string) => orgKey(orgId, 'maintenance', 'checklist-tick', id),
};

/** newest first in every column: a fault reported a minute ago is on top, and of the finished ones the recent */
export const BOARD_SORT: TWorkOrderSort = '-createdAt';

/** finished orders pile up: a shorter first page for those columns */
const boardPageSize = (s: TWorkOrderStatus) => (s === 'CLOSED' || s === 'CANCELLED' ? 10 : 20);

/** One column of the board: the work orders in one status, newest first. */
export const boardColumnQuery = (orgId: string, status: TWorkOrderStatus) =>
  cursorListQuery(maintenanceKeys.board(orgId, status), (cursor, signal) =>
    apiFetch(
      orgApi(orgId, `work-orders${qs({ status, sort: BOARD_SORT, limit: boardPageSize(status), cursor })}`),
      ZListWorkOrdersResponse,
      { signal },
    ),
  );

export const workOrderQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: maintenanceKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `work-orders/${seg(id)}`), ZWorkOrderDetailWithPeople, { signal }),
  });

export type DueParams = { status?: string; withinDays: number };

export const dueListQuery = (orgId: string, params: DueParams) =>
  queryOptions({
    queryKey: maintenanceKeys.due(orgId, params),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `maintenance/due${qs(params)}`), ZDueResponse, { signal }),
  });

/** The workshop's default labour rate (new orders copy it). */
export const maintenanceSettingsQuery = (orgId: string) =>
  queryOptions({
    queryKey: maintenanceKeys.settings(orgId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, 'maintenance-settings'), ZMaintenanceSettings, { signal }),
  });
