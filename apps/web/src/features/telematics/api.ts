import { ZAssetTelematicsSummary, ZPositionsResponse } from '@amms/contracts/telematics';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, qs, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys under ['orgs', orgId, 'assets', …]: a machine's write refreshes its telematics too; another org's never shows. */
export const telematicsKeys = {
  summary: (orgId: string, assetId: string) => orgKey(orgId, 'assets', 'telematics', assetId),
};

/** A machine's telematics at a glance; refreshed every minute (terminals report every few minutes). */
export function assetTelematicsQuery(orgId: string, assetId: string) {
  return queryOptions({
    queryKey: telematicsKeys.summary(orgId, assetId),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `assets/${seg(assetId)}/telematics`), ZAssetTelematicsSummary, { signal }),
    refetchInterval: 60_000,
  });
}

/**
 * A machine's track between two instants (GET /assets/:id/positions, GeoJSON LineString + timed
 * points); refreshed every minute while it is the day being driven.
 */
export function assetTrackQuery(orgId: string, assetId: string, from: string, to: string, live: boolean) {
  return queryOptions({
    queryKey: [...orgKey(orgId, 'assets', 'track', assetId), from, to] as const,
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `assets/${seg(assetId)}/positions${qs({ from, to })}`), ZPositionsResponse, { signal }),
    refetchInterval: live ? 60_000 : false,
  });
}
