import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import { CHART_ROWS, TABLE_PAGE } from './limits';
import { previousPeriod, readPeriod } from './period';
import { costsQuery, maintenanceQuery, operationsQuery, overviewQuery, utilizationQuery } from './queries';

/**
 * What the analytics page shows first, fetched in parallel during the server render (the
 * sections' own query options): the period's overview and the previous period's, the first
 * table page and the chart page of utilization and maintenance, operations, costs by category.
 */
export async function prefetchAnalytics(
  qc: QueryClient,
  { orgId, timeZone, search }: { orgId: string; timeZone: string; search: URLSearchParams },
): Promise<void> {
  const period = readPeriod(search, timeZone);
  const p = { from: period.from, to: period.to };
  await Promise.all([
    qc.prefetchQuery(overviewQuery(orgId, p)),
    qc.prefetchQuery(overviewQuery(orgId, previousPeriod(p))),
    ...[TABLE_PAGE, CHART_ROWS].flatMap((limit) => [
      qc.prefetchInfiniteQuery(utilizationQuery(orgId, p, limit)),
      qc.prefetchInfiniteQuery(maintenanceQuery(orgId, p, limit)),
    ]),
    qc.prefetchQuery(operationsQuery(orgId, p)),
    qc.prefetchQuery(costsQuery(orgId, p, 'category')),
  ]);
}
