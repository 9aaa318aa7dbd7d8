import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import {
  fieldHomeLists,
  myJobRanges,
  myJobsFilters,
  myJobsQuery,
  myReportsFilter,
  myWorkOrderFilters,
  workOrdersQuery,
} from './list-queries';
import type { FieldOrgProps } from './types';

/**
 * The lists the field home shows on its first render (FieldHome: my jobs, my work orders or my
 * reports, behind the same permission checks), fetched in parallel during the server render: the
 * phone gets them in the HTML instead of after hydration and a round trip (and the page does not
 * shift when they arrive).
 */
export async function prefetchFieldHome(
  qc: QueryClient,
  { orgId, membershipId, timeZone, permissions }: FieldOrgProps,
): Promise<void> {
  const lists = fieldHomeLists(permissions);
  const work: Promise<void>[] = [];
  if (lists.jobs) {
    const f = myJobsFilters(membershipId, myJobRanges(timeZone).week);
    work.push(qc.prefetchInfiniteQuery(myJobsQuery(orgId, f.running)));
    work.push(qc.prefetchInfiniteQuery(myJobsQuery(orgId, f.planned)));
  }
  if (lists.workOrders)
    for (const f of Object.values(myWorkOrderFilters(membershipId)))
      work.push(qc.prefetchInfiniteQuery(workOrdersQuery(orgId, f)));
  if (lists.reports) work.push(qc.prefetchInfiniteQuery(workOrdersQuery(orgId, myReportsFilter)));
  await Promise.all(work);
}
