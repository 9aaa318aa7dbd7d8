import { ZField, ZListFieldsResponse, ZListJobsResponse, type TField } from '@amms/contracts/jobs';
import { z } from 'zod';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { fetchAllPages, orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/**
 * Plots: the farm fields jobs are done on (the API's `/fields`, contract `TField`). The web
 * calls them plots so that "field" means one thing: `features/field` is the operators' phone
 * app. (Labels on screen and URLs stay as they were: 地块 / Field, /orgs/:orgId/fields.)
 */
export type TPlot = TField;

/** The fields list's filters as the page holds them (empty ones are left out of the request). */
export type PlotFilters = { q?: string; teamId?: string; boundary?: 'with' | 'without'; sort?: string };

export const plotKeys = {
  all: (orgId: string) => orgKey(orgId, 'plots'),
  options: (orgId: string) => orgKey(orgId, 'plots', 'options'),
  list: (orgId: string, f: PlotFilters) => orgKey(orgId, 'plots', 'list', f),
  detail: (orgId: string, id: string) => orgKey(orgId, 'plots', 'detail', id),
  jobs: (orgId: string, id: string) => orgKey(orgId, 'plots', 'detail', id, 'jobs'),
};

export const PLOTS_PAGE = 50;

/** Every plot of the org by name, for pickers (at most 5 × 200; `truncated` says it was cut). */
export async function fetchPlotOptions(
  orgId: string,
  signal?: AbortSignal,
): Promise<{ items: TPlot[]; truncated: boolean }> {
  return fetchAllPages(orgApi(orgId, `fields${qs({ sort: 'name' })}`), ZListFieldsResponse, signal);
}

export const plotOptionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: plotKeys.options(orgId),
    queryFn: ({ signal }) => fetchPlotOptions(orgId, signal),
    staleTime: 60_000,
  });

export const plotListQuery = (orgId: string, f: PlotFilters) =>
  cursorListQuery(plotKeys.list(orgId, f), (cursor, signal) =>
    apiFetch(orgApi(orgId, `fields${qs({ ...f, limit: PLOTS_PAGE, cursor })}`), ZListFieldsResponse, { signal }),
  );

export const plotQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: plotKeys.detail(orgId, id),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `fields/${seg(id)}`), ZField, { signal }),
  });

/** The field's jobs, newest window first (one page: the jobs list has the rest). */
export const plotJobsQuery = (orgId: string, id: string) =>
  queryOptions({
    queryKey: plotKeys.jobs(orgId, id),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `jobs${qs({ fieldId: id, sort: '-windowStart', limit: 25 })}`), ZListJobsResponse, {
        signal,
      }),
  });

export const removeBoundary = (orgId: string, id: string) =>
  apiFetch(orgApi(orgId, `fields/${seg(id)}/boundary`), z.undefined(), { method: 'DELETE' });
