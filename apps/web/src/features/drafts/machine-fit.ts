import type { TDraftItem } from '@amms/contracts/drafts';

export type MachineInfo = { kind: string; operationTypes: readonly string[] };
export type Option = { id: string; name: string };

/**
 * Whether a machine can be an item's main machine for the job's operation: an implement never;
 * a machine whose model does the operation (harvest: a combine); a power unit when the item
 * keeps implements (they carry the operation). Unknown machines (no facts loaded) are kept.
 */
export function fitsAsMain(info: MachineInfo | undefined, operationType: string | undefined, withImplements: boolean) {
  if (!info || !operationType) return true;
  if (info.kind === 'IMPLEMENT') return false;
  if (info.operationTypes.includes(operationType)) return true;
  return info.kind === 'POWER_UNIT' && withImplements;
}

/** The main-machine picker's options for one item: only machines that fit, and always the one it has now. */
export function mainMachineOptions(
  item: Pick<TDraftItem, 'primaryAssetId' | 'implementAssetIds' | 'job'>,
  options: Option[],
  infoOf: (id: string) => MachineInfo | undefined,
): Option[] {
  const op = item.job?.operationType;
  return options.filter(
    (o) => o.id === item.primaryAssetId || fitsAsMain(infoOf(o.id), op, item.implementAssetIds.length > 0),
  );
}
