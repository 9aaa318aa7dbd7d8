'use client';

import type { TJob, TListJobsResponse } from '@amms/contracts/jobs';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  assetQuery,
  assetsQuery,
  fieldBoundaryQuery,
  fieldKeys,
  fieldRowQuery,
  jobQuery,
  workOrderQuery,
} from '../api';
import { fieldHref, fieldPaths } from '../links';
import { prestartQuery } from '../prestart-api';

const WEEK_MS = 7 * 24 * 3_600_000;

/** My jobs of the next 7 days (and the running ones), as the home page's lists hold them. */
function jobsInCache(qc: QueryClient, orgId: string): TJob[] {
  const until = Date.now() + WEEK_MS;
  return qc
    .getQueriesData<InfiniteData<TListJobsResponse>>({ queryKey: fieldKeys.jobs(orgId) })
    .flatMap(([, d]) => d?.pages.flatMap((p) => p.items) ?? [])
    .filter((j) => j.status === 'IN_PROGRESS' || (j.status === 'SCHEDULED' && Date.parse(j.windowStart) < until));
}

function workOrdersInCache(qc: QueryClient, orgId: string): string[] {
  return qc
    .getQueriesData<InfiniteData<{ items: { id: string; status: string }[] }>>({
      queryKey: fieldKeys.workOrders(orgId),
    })
    .flatMap(([, d]) => d?.pages.flatMap((p) => p.items) ?? [])
    .filter((w) => w.status === 'OPEN' || w.status === 'IN_PROGRESS')
    .map((w) => w.id);
}

/**
 * While online: fetch what the next 7 days need offline — each job with its field (and boundary) and primary
 * machine, each open work order (with its checklist) — into the query cache (persisted), and
 * ask the service worker to keep their pages and the scripts this page already loaded.
 */
export async function warmUp(qc: QueryClient, orgId: string): Promise<void> {
  const jobs = jobsInCache(qc, orgId);
  const orders = workOrdersInCache(qc, orgId);
  await Promise.allSettled([
    ...jobs.flatMap((j) => {
      const primary = j.assignment?.machines.find((x) => x.role === 'PRIMARY');
      return [
        qc.prefetchQuery(jobQuery(orgId, j.id)),
        qc.prefetchQuery(fieldRowQuery(orgId, j.fieldId)),
        qc.prefetchQuery(fieldBoundaryQuery(orgId, j.fieldId)),
        ...(j.status === 'SCHEDULED' ? [qc.prefetchQuery(prestartQuery(orgId, j.id))] : []),
        ...(primary ? [qc.prefetchQuery(assetQuery(orgId, primary.assetId))] : []),
      ];
    }),
    ...orders.map((id) => qc.prefetchQuery(workOrderQuery(orgId, id))),
    // the report-a-fault page's machine list
    qc.prefetchInfiniteQuery(assetsQuery(orgId, '')),
  ]);
  const target = await activeWorker();
  if (!target) return;
  const assets = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => new URL(u).pathname.startsWith('/_next/static/'));
  target.postMessage({
    type: 'warm',
    urls: [
      window.location.href,
      fieldHref(fieldPaths.home, orgId),
      fieldHref(fieldPaths.report, orgId),
      ...jobs.map((j) => fieldHref(fieldPaths.job(j.id), orgId)),
      ...orders.map((id) => fieldHref(fieldPaths.workOrder(id), orgId)),
      ...assets,
    ],
  });
}

/**
 * The field app's worker once it is active. Not `serviceWorker.ready`: right after signing in the
 * document was created at /login, outside the worker's scope, and `ready` would never resolve.
 */
async function activeWorker(): Promise<ServiceWorker | null> {
  const sw = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  if (!sw) return null;
  if (sw.controller) return sw.controller;
  for (let i = 0; i < 20; i++) {
    const reg = await sw.getRegistration('/field');
    if (reg?.active) return reg.active;
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}
