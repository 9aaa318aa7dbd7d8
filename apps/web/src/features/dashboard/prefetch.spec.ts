import type { TPermission } from '@amms/contracts/permissions';
import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerTransport } from '@/lib/api-client';
import { prefetchClient } from '@/lib/server/prefetch';
import { readPeriod } from '../analytics/period';
import { costsQuery, operationsQuery, overviewQuery, utilizationQuery } from '../analytics/queries';
import { KPI_UTILIZATION_LIMIT } from './kpi-limits';
import { prefetchOverview } from './prefetch';
import {
  bookingsInRangeQuery,
  dueSoonQuery,
  jobsInRangeQuery,
  machineDownJobsQuery,
  submittedCostsQuery,
} from './queries';
import { dayRanges } from './ranges';

const orgId = '0b6f3c1e-8f8d-4c57-9a57-1f3ea2a8d001';
const timeZone = 'Asia/Shanghai';

/** Every request the prefetch makes, answered 503: the keys it filled are what the page will hydrate. */
function recordRequests() {
  const paths: string[] = [];
  setServerTransport(async (path, init) => {
    paths.push(`${init.method ?? 'GET'} ${path}`);
    return new Response(JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'x', requestId: null } }), {
      status: 503,
    });
  });
  return paths;
}

afterEach(() => setServerTransport(async () => new Response(null, { status: 599 })));

describe('prefetchOverview', () => {
  it('fills the keys the cards ask for, in the period of the URL, through the server transport', async () => {
    const paths = recordRequests();
    const qc = prefetchClient();
    const all: TPermission[] = ['analytics.read', 'job.read', 'maintenance.read', 'cost.read', 'asset.read'];
    const search = new URLSearchParams('period=month');
    await prefetchOverview(qc, { orgId, timeZone, permissions: all, search });

    const p = readPeriod(search, timeZone);
    const r = dayRanges(timeZone);
    const expected = [
      overviewQuery(orgId, p).queryKey,
      operationsQuery(orgId, p).queryKey,
      costsQuery(orgId, p, 'category').queryKey,
      utilizationQuery(orgId, p, KPI_UTILIZATION_LIMIT).queryKey,
      bookingsInRangeQuery(orgId, r.today).queryKey,
      dueSoonQuery(orgId).queryKey,
      submittedCostsQuery(orgId).queryKey,
      machineDownJobsQuery(orgId).queryKey,
      jobsInRangeQuery(orgId, r.today).queryKey,
      jobsInRangeQuery(orgId, r.week).queryKey,
    ];
    const cached = qc
      .getQueryCache()
      .getAll()
      .map((q) => q.queryHash);
    expect(new Set(cached)).toEqual(new Set(expected.map((k) => hashKey(k))));
    expect(paths).toHaveLength(expected.length);
    expect(paths.every((x) => x.startsWith(`GET orgs/${orgId}/`))).toBe(true);
    expect(paths).toContain(`GET orgs/${orgId}/analytics/overview?from=${p.from}&to=${p.to}`);
    // a failed prefetch is not sent to the browser (it fetches that query itself)
    expect(
      qc
        .getQueryCache()
        .getAll()
        .every((q) => q.state.status === 'error'),
    ).toBe(true);
  });

  it('asks for nothing the member may not read', async () => {
    const paths = recordRequests();
    const qc = prefetchClient();
    await prefetchOverview(qc, { orgId, timeZone, permissions: ['job.read'], search: new URLSearchParams() });
    expect(paths.some((x) => x.includes('/analytics/') || x.includes('/assignments'))).toBe(false);
    expect(paths.some((x) => x.includes('/maintenance/') || x.includes('/cost-documents'))).toBe(false);
    expect(paths).toHaveLength(3); // machine-down jobs, today's jobs, this week's jobs
  });
});
