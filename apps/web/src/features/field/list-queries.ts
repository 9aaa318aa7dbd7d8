import { ZListJobsResponse, type TJobStatus } from '@amms/contracts/jobs';
import { ZListWorkOrdersViewResponse, type TWorkOrderStatus } from '@amms/contracts/maintenance';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { dayRange } from '@/lib/zoned-time';

/**
 * Queries of the field app. Keys start with ['orgs', orgId, 'field', …]: switching orgs never
 * shows another org's rows, and one org's field data can be invalidated as a whole.
 */
export const fieldKeys = {
  all: (orgId: string) => ['orgs', orgId, 'field'] as const,
  jobs: (orgId: string) => ['orgs', orgId, 'field', 'jobs'] as const,
  job: (orgId: string, jobId: string) => ['orgs', orgId, 'field', 'job', jobId] as const,
  fieldRow: (orgId: string, fieldId: string) => ['orgs', orgId, 'field', 'field-row', fieldId] as const,
  /** a field's boundary (the job page's small map, kept offline with the rest) */
  fieldBoundary: (orgId: string, fieldId: string) => ['orgs', orgId, 'field', 'field-boundary', fieldId] as const,
  asset: (orgId: string, assetId: string) => ['orgs', orgId, 'field', 'asset', assetId] as const,
  assets: (orgId: string) => ['orgs', orgId, 'field', 'assets'] as const,
  workOrders: (orgId: string) => ['orgs', orgId, 'field', 'work-orders'] as const,
  workOrder: (orgId: string, id: string) => ['orgs', orgId, 'field', 'work-order', id] as const,
  /** a work order's parts from stock, the parts list and a part with its stock (kept offline with the rest) */
  stockParts: (orgId: string, id: string) => ['orgs', orgId, 'field', 'stock-parts', id] as const,
  parts: (orgId: string, q: string) => ['orgs', orgId, 'field', 'parts', q] as const,
  part: (orgId: string, id: string) => ['orgs', orgId, 'field', 'part', id] as const,
  prestart: (orgId: string, jobId: string) => ['orgs', orgId, 'field', 'prestart', jobId] as const,
};

export const fieldApiPath = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;
const org = fieldApiPath;
const PAGE = 50;

type Page = { nextCursor: string | null };
export const nextCursor = (last: Page) => last.nextCursor ?? undefined;

export type JobListFilter = { operatorMembershipId: string; status: TJobStatus[]; from?: string; to?: string };

export const myJobsQuery = (orgId: string, f: JobListFilter) =>
  infiniteQueryOptions({
    queryKey: [...fieldKeys.jobs(orgId), f],
    queryFn: ({ signal, pageParam }) => {
      // earliest window first from the API, so a further page continues later in time (id order would scatter them);
      // the screen then orders by the assigned slot, which can sit anywhere inside the window (my-jobs.tsx)
      const q = new URLSearchParams({
        limit: String(PAGE),
        sort: 'windowStart',
        operatorMembershipId: f.operatorMembershipId,
        status: f.status.join(','),
      });
      if (f.from) q.set('from', f.from);
      if (f.to) q.set('to', f.to);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch(`${org(orgId)}/jobs?${q.toString()}`, ZListJobsResponse, { signal });
    },
    initialPageParam: '',
    getNextPageParam: nextCursor,
    // "today" moves and operators come back to the app: keep it fresh
    staleTime: 15_000,
  });

/** no status: every status (an operator's own fault reports) */
export type WorkOrderFilter = { status?: TWorkOrderStatus; assigneeMembershipId?: string };

export const workOrdersQuery = (orgId: string, f: WorkOrderFilter) =>
  infiniteQueryOptions({
    queryKey: [...fieldKeys.workOrders(orgId), f],
    queryFn: ({ signal, pageParam }) => {
      // newest first from the API, so "load more" continues below what is shown (the list sorts by number too)
      const q = new URLSearchParams({ limit: String(PAGE), sort: '-createdAt' });
      if (f.status) q.set('status', f.status);
      if (f.assigneeMembershipId) q.set('assigneeMembershipId', f.assigneeMembershipId);
      if (pageParam) q.set('cursor', pageParam);
      return apiFetch(`${org(orgId)}/work-orders?${q.toString()}`, ZListWorkOrdersViewResponse, { signal });
    },
    initialPageParam: '',
    getNextPageParam: nextCursor,
    staleTime: 15_000,
  });

/** My jobs' day ranges in the org's zone (today; today and the next 7 days), fixed for a visit. */
export function myJobRanges(timeZone: string, now = new Date()) {
  return { today: dayRange(now, timeZone, 1), week: dayRange(now, timeZone, 8) };
}

/** The two lists of my jobs on the home page: the running ones (any day), and the week's planned and done. */
export function myJobsFilters(
  membershipId: string,
  week: { from: Date; to: Date },
): { running: JobListFilter; planned: JobListFilter } {
  return {
    running: { operatorMembershipId: membershipId, status: ['IN_PROGRESS'] },
    planned: {
      operatorMembershipId: membershipId,
      status: ['SCHEDULED', 'COMPLETED'],
      from: week.from.toISOString(),
      to: week.to.toISOString(),
    },
  };
}

/** A mechanic's lists on the home page (MyWorkOrders): mine by status, then the open ones nobody has taken. */
export function myWorkOrderFilters(membershipId: string) {
  return {
    inProgress: { status: 'IN_PROGRESS', assigneeMembershipId: membershipId },
    open: { status: 'OPEN', assigneeMembershipId: membershipId },
    awaiting: { status: 'AWAITING_ACCEPTANCE', assigneeMembershipId: membershipId },
    unassigned: { status: 'OPEN' },
  } satisfies Record<string, WorkOrderFilter>;
}

/** A reporter's own work orders (MyReports): the API shows such a caller exactly their own reports. */
export const myReportsFilter: WorkOrderFilter = {};

/** Which of those lists the home page shows a member (FieldHome, and the server's prefetch). */
export function fieldHomeLists(permissions: readonly string[]) {
  const can = (p: string) => permissions.includes(p);
  return {
    jobs: can('job.execute'),
    workOrders: can('workorder.work') && can('maintenance.read'),
    reports: can('workorder.write') && !can('maintenance.read'),
  };
}
