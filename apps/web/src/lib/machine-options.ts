import {
  ZListAssetsResponse,
  ZListMachineModelsResponse,
  type TAsset,
  type TMachineModel,
} from '@amms/contracts/assets';
import { queryOptions } from '@tanstack/react-query';
import { fetchAllPages, orgApi } from '@/lib/org-api';
import { orgKey } from '@/lib/query-keys';

/**
 * The org's machines with their model, for pickers (the assign dialog, the draft editor's main
 * machine, cost links) and the timeline's rows. Under the jobs keys, so a job write refreshes it.
 */
export const machineOptionsKey = (orgId: string) => orgKey(orgId, 'jobs', 'machine-options');

export type MachineOption = TAsset & { model: TMachineModel | null };

/** The org's machines with their model (kind, operation types): the assign picker and the timeline rows. */
export async function fetchMachineOptions(
  orgId: string,
  signal?: AbortSignal,
): Promise<{ items: MachineOption[]; truncated: boolean }> {
  const [assets, models] = await Promise.all([
    fetchAllPages(orgApi(orgId, 'assets'), ZListAssetsResponse, signal),
    fetchAllPages(orgApi(orgId, 'machine-models'), ZListMachineModelsResponse, signal),
  ]);
  const byId = new Map(models.items.map((m) => [m.id, m]));
  const items = assets.items
    .map((a) => ({ ...a, model: byId.get(a.modelId) ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  return { items, truncated: assets.truncated };
}

export const machineOptionsQuery = (orgId: string, staleTime = 60_000) =>
  queryOptions({
    queryKey: machineOptionsKey(orgId),
    queryFn: ({ signal }) => fetchMachineOptions(orgId, signal),
    staleTime,
  });
