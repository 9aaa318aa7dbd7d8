import { ZAssetDetail } from '@amms/contracts/assets';
import { ZAssignOptionsResponse, ZJob, ZListAssignmentsResponse, ZListJobsResponse } from '@amms/contracts/jobs';
import { ZListWorkOrdersResponse, type TWorkOrderStatus } from '@amms/contracts/maintenance';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { fetchAllPages, orgApi, qs, seg } from '@/lib/org-api';
import { machineOptionsKey } from '@/lib/machine-options';
import { orgKey } from '@/lib/query-keys';

/** Keys of the jobs pages: ['orgs', orgId, 'jobs', …] (lib/query-keys.ts). */
export const jobKeys = {
  all: (orgId: string) => orgKey(orgId, 'jobs'),
  list: (orgId: string, filters: object) => orgKey(orgId, 'jobs', 'list', filters),
  detail: (orgId: string, jobId: string) => orgKey(orgId, 'jobs', 'detail', jobId),
  machines: machineOptionsKey,
  assignOptions: (orgId: string, jobId: string) => orgKey(orgId, 'jobs', 'assign-options', jobId),
  timeline: (orgId: string, from: string, to: string) => orgKey(orgId, 'jobs', 'timeline', from, to),
  timelineWorkOrders: (orgId: string) => orgKey(orgId, 'jobs', 'timeline-work-orders'),
  asset: (orgId: string, assetId: string | undefined) => orgKey(orgId, 'jobs', 'asset', assetId),
};

export const JOBS_PAGE = 25;

/** The list's filters as the page holds them (empty ones are left out of the request). */
export type JobListQuery = Record<string, string | undefined>;

export const jobListQuery = (orgId: string, query: JobListQuery) =>
  cursorListQuery(jobKeys.list(orgId, query), (cursor, signal) =>
    apiFetch(orgApi(orgId, `jobs${qs({ ...query, limit: JOBS_PAGE, cursor })}`), ZListJobsResponse, { signal }),
  );

export const jobQuery = (orgId: string, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.detail(orgId, jobId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `jobs/${seg(jobId)}`), ZJob, { signal }),
  });

/** The primary machine of a job being started (its last meter reading is the hint). */
export const jobAssetQuery = (orgId: string, assetId: string | undefined) =>
  queryOptions({
    queryKey: jobKeys.asset(orgId, assetId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `assets/${seg(assetId ?? '')}`), ZAssetDetail, { signal }),
    enabled: !!assetId,
  });

export { fetchMachineOptions, machineOptionsQuery, type MachineOption } from '@/lib/machine-options';

/** The assign dialog's pickers: machines and operators with their bookings in the job's window. */
export const assignOptionsQuery = (orgId: string, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.assignOptions(orgId, jobId),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `jobs/${seg(jobId)}/assign-options`), ZAssignOptionsResponse, { signal }),
    staleTime: 15_000,
  });

/** Bookings of the week on the timeline. */
export const timelineAssignmentsQuery = (orgId: string, from: string, to: string) =>
  queryOptions({
    queryKey: jobKeys.timeline(orgId, from, to),
    queryFn: ({ signal }) =>
      fetchAllPages(orgApi(orgId, `assignments${qs({ from, to })}`), ZListAssignmentsResponse, signal),
    placeholderData: (prev) => prev,
  });

/** Work orders that hold (or will hold) a machine: their planned window or their open downtime. */
const LIVE_WO: TWorkOrderStatus[] = ['OPEN', 'IN_PROGRESS', 'AWAITING_ACCEPTANCE'];

export const timelineWorkOrdersQuery = (orgId: string, enabled: boolean) =>
  queryOptions({
    queryKey: jobKeys.timelineWorkOrders(orgId),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        LIVE_WO.map((status) =>
          fetchAllPages(orgApi(orgId, `work-orders${qs({ status })}`), ZListWorkOrdersResponse, signal, 2),
        ),
      );
      return lists.flatMap((l) => l.items);
    },
    enabled,
  });
