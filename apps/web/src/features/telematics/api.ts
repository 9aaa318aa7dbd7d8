import { ZAssetTelematicsSummary } from '@amms/contracts/telematics';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { orgApi, seg } from '@/lib/org-api';
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
