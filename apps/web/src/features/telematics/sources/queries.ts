import { ZListTelematicsSourcesResponse, ZListTelematicsUnitsResponse } from '@amms/contracts/telematics-sources';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys of the 'telematics' family: ['orgs', orgId, 'telematics', …]. */
export const sourceKeys = {
  all: (orgId: string) => orgKey(orgId, 'telematics'),
  sources: (orgId: string) => orgKey(orgId, 'telematics', 'sources'),
  unmatched: (orgId: string) => orgKey(orgId, 'telematics', 'unmatched'),
};

export const sourcePaths = {
  list: (orgId: string) => orgApi(orgId, 'telematics/sources'),
  one: (orgId: string, id: string) => orgApi(orgId, `telematics/sources/${seg(id)}`),
  poll: (orgId: string, id: string) => orgApi(orgId, `telematics/sources/${seg(id)}/poll`),
  unmatched: (orgId: string) => orgApi(orgId, 'telematics/unmatched'),
  link: (orgId: string, unitId: string) => orgApi(orgId, `telematics/unmatched/${seg(unitId)}/link`),
};

/** The org's sources with their status; asked again every minute (the worker polls them on a schedule). */
export const sourcesQuery = (orgId: string) =>
  queryOptions({
    queryKey: sourceKeys.sources(orgId),
    queryFn: ({ signal }) => apiFetch(sourcePaths.list(orgId), ZListTelematicsSourcesResponse, { signal }),
    refetchInterval: 60_000,
  });

/** Units the sources report that no machine is linked to (and nobody ignored). */
export const unmatchedQuery = (orgId: string) =>
  queryOptions({
    queryKey: sourceKeys.unmatched(orgId),
    queryFn: ({ signal }) => apiFetch(sourcePaths.unmatched(orgId), ZListTelematicsUnitsResponse, { signal }),
    refetchInterval: 60_000,
  });
