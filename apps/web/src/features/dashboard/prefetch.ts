import 'server-only';
import type { TPermission } from '@amms/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { readPeriod } from '../analytics/period';
import { costsQuery, operationsQuery, overviewQuery, utilizationQuery } from '../analytics/queries';
import { KPI_UTILIZATION_LIMIT } from './kpi-limits';
import {
  bookingsInRangeQuery,
  dueSoonQuery,
  jobsInRangeQuery,
  machineDownJobsQuery,
  submittedCostsQuery,
} from './queries';
import { dayRanges } from './ranges';

/**
 * Everything the overview dashboard asks for on its first render, fetched in parallel during the
 * server render (the cards' own query options, behind the same permission checks as the cards).
 */
export async function prefetchOverview(
  qc: QueryClient,
  {
    orgId,
    timeZone,
    permissions,
    search,
  }: { orgId: string; timeZone: string; permissions: readonly TPermission[]; search: URLSearchParams },
): Promise<void> {
  const can = (p: TPermission) => permissions.includes(p);
  const period = readPeriod(search, timeZone);
  const p = { from: period.from, to: period.to };
  const ranges = dayRanges(timeZone);
  const work: Promise<void>[] = [];
  if (can('analytics.read')) {
    work.push(
      qc.prefetchQuery(overviewQuery(orgId, p)),
      qc.prefetchQuery(operationsQuery(orgId, p)),
      qc.prefetchQuery(costsQuery(orgId, p, 'category')),
      qc.prefetchInfiniteQuery(utilizationQuery(orgId, p, KPI_UTILIZATION_LIMIT)),
    );
    if (can('job.read')) work.push(qc.prefetchQuery(bookingsInRangeQuery(orgId, ranges.today)));
  }
  if (can('maintenance.read')) work.push(qc.prefetchQuery(dueSoonQuery(orgId)));
  if (can('cost.read')) work.push(qc.prefetchQuery(submittedCostsQuery(orgId)));
  if (can('job.read'))
    work.push(
      qc.prefetchQuery(machineDownJobsQuery(orgId)),
      qc.prefetchQuery(jobsInRangeQuery(orgId, ranges.today)),
      qc.prefetchQuery(jobsInRangeQuery(orgId, ranges.week)),
    );
  await Promise.all(work);
}
