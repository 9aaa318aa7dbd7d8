import { ZFieldBoundary, ZMapFeatures, type TBoundaryInput, type TMapFeaturesQuery } from '@amms/contracts/geo';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** The map page's filters (server-side on /map/features, each cached there under its own scoped key). */
export type MapFilters = Pick<TMapFeaturesQuery, 'teamId' | 'operationType' | 'machineKind'>;

export const mapKeys = {
  all: (orgId: string) => orgKey(orgId, 'map'),
  features: (orgId: string, date: string | null, filters: MapFilters = {}, zoom?: number) =>
    orgKey(orgId, 'map', 'features', date ?? 'today', filters, zoom ?? 'full'),
  boundary: (orgId: string, fieldId: string) => orgKey(orgId, 'map', 'boundary', fieldId),
};

/**
 * The map's FeatureCollection (fields and machines the caller may see) for a day (null: today),
 * filtered, with boundaries simplified for `zoom` (a step of `zoomStep`; omitted: full detail).
 */
export const mapFeaturesQuery = (orgId: string, date: string | null, filters: MapFilters = {}, zoom?: number) =>
  queryOptions({
    queryKey: mapKeys.features(orgId, date, filters, zoom),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `map/features${qs({ date, ...filters, zoom })}`), ZMapFeatures, { signal }),
    staleTime: 30_000,
  });

/** One field's boundary, measured and entered areas (the field page). */
export const boundaryQuery = (orgId: string, fieldId: string) =>
  queryOptions({
    queryKey: mapKeys.boundary(orgId, fieldId),
    queryFn: ({ signal }) => apiFetch(orgApi(orgId, `fields/${seg(fieldId)}/boundary`), ZFieldBoundary, { signal }),
  });

export const putBoundary = (orgId: string, fieldId: string, boundary: TBoundaryInput) =>
  apiFetch(orgApi(orgId, `fields/${seg(fieldId)}/boundary`), ZFieldBoundary, { method: 'PUT', body: { boundary } });

/**
 * The detail the map asks for at a zoom: the next of a few steps at or above it (the server
 * simplifies to half a pixel at the step's zoom, so what is drawn is never off by more than half a
 * pixel up to that zoom). Few steps: few cache entries, a refetch only when a step is crossed.
 */
export function zoomStep(zoom: number): number {
  return zoom <= 10 ? 10 : zoom <= 13 ? 13 : 16;
}
