import { ZFieldBoundary, ZMapFeatures, type TBoundaryInput } from '@amms/contracts/geo';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

export const mapKeys = {
  all: (orgId: string) => orgKey(orgId, 'map'),
  features: (orgId: string, date: string | null) => orgKey(orgId, 'map', 'features', date ?? 'today'),
};

/** The map's FeatureCollection (fields and machines the caller may see) for a day (null: today). */
export const mapFeaturesQuery = (orgId: string, date: string | null) =>
  queryOptions({
    queryKey: mapKeys.features(orgId, date),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `map/features${qs({ date })}`), ZMapFeatures, { signal }),
    staleTime: 30_000,
  });

export const putBoundary = (orgId: string, fieldId: string, boundary: TBoundaryInput) =>
  apiFetch(orgApi(orgId, `fields/${seg(fieldId)}/boundary`), ZFieldBoundary, { method: 'PUT', body: { boundary } });
