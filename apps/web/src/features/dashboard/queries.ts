import { ZListAssignmentsResponse, ZListJobsResponse } from '@amms/contracts/jobs';
import { ZListCostDocumentsResponse } from '@amms/contracts/costs';
import { ZDueResponse } from '@amms/contracts/maintenance';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

const org = (orgId: string) => orgApi(orgId);
type Range = { from: string; to: string };

/** Every key starts with ['orgs', orgId, 'dashboard']. */
export const dashboardKeys = {
  jobs: (orgId: string, r: Range) => orgKey(orgId, 'dashboard', 'jobs', r),
  bookings: (orgId: string, r: Range) => orgKey(orgId, 'dashboard', 'bookings', r),
  due: (orgId: string) => orgKey(orgId, 'dashboard', 'due'),
  submittedCosts: (orgId: string) => orgKey(orgId, 'dashboard', 'submitted-costs'),
  machineDown: (orgId: string) => orgKey(orgId, 'dashboard', 'machine-down'),
};

export const JOBS_LIMIT = 100;

/** Jobs whose window overlaps [from, to), cancelled ones left out. */
export function jobsInRangeQuery(orgId: string, r: Range) {
  return queryOptions({
    queryKey: dashboardKeys.jobs(orgId, r),
    queryFn: ({ signal }) => {
      const p = new URLSearchParams({
        limit: String(JOBS_LIMIT),
        from: r.from,
        to: r.to,
        status: 'PLANNED,SCHEDULED,IN_PROGRESS,COMPLETED',
      });
      return apiFetch(`${org(orgId)}/jobs?${p}`, ZListJobsResponse, { signal });
    },
  });
}

export function bookingsInRangeQuery(orgId: string, r: Range) {
  return queryOptions({
    queryKey: dashboardKeys.bookings(orgId, r),
    queryFn: ({ signal }) =>
      apiFetch(
        `${org(orgId)}/assignments?${new URLSearchParams({ limit: '200', from: r.from, to: r.to })}`,
        ZListAssignmentsResponse,
        { signal },
      ),
  });
}

export function dueSoonQuery(orgId: string) {
  return queryOptions({
    queryKey: dashboardKeys.due(orgId),
    queryFn: ({ signal }) => apiFetch(`${org(orgId)}/maintenance/due?withinDays=14`, ZDueResponse, { signal }),
  });
}

export function submittedCostsQuery(orgId: string) {
  return queryOptions({
    queryKey: dashboardKeys.submittedCosts(orgId),
    queryFn: ({ signal }) =>
      apiFetch(`${org(orgId)}/cost-documents?status=SUBMITTED&limit=5`, ZListCostDocumentsResponse, { signal }),
  });
}

/** Scheduled jobs whose machine is down (a fault, a service, retired): they need another machine. */
export function machineDownJobsQuery(orgId: string) {
  return queryOptions({
    queryKey: dashboardKeys.machineDown(orgId),
    queryFn: ({ signal }) =>
      apiFetch(
        `${org(orgId)}/jobs?${new URLSearchParams({ limit: '20', status: 'SCHEDULED', machineDown: 'true', sort: 'windowStart' })}`,
        ZListJobsResponse,
        { signal },
      ),
  });
}
