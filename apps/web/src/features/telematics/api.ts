import { ZAssetTelematicsSummary } from '@amms/contracts/telematics';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/** Keys under ['orgs', orgId, 'telematics', …]: another org's machine is never shown. */
export const telematicsKeys = {
  summary: (orgId: string, assetId: string) => orgKey(orgId, 'telematics', 'asset', assetId),
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
