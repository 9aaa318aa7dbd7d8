import { ZListFieldsResponse, type TField } from '@amms/contracts/jobs';
import { queryOptions } from '@tanstack/react-query';
import { fetchAllPages, orgApi, qs } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/**
 * Plots: the farm fields jobs are done on (the API's `/fields`, contract `TField`). The web
 * calls them plots so that "field" means one thing: `features/field` is the operators' phone
 * app. (Labels on screen stay as they were: 地块 / Field.)
 */
export type TPlot = TField;

export const plotKeys = {
  all: (orgId: string) => orgKey(orgId, 'plots'),
  options: (orgId: string) => orgKey(orgId, 'plots', 'options'),
};

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
