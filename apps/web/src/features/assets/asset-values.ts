import type { TAsset, TCreateAssetRequest } from '@amms/contracts/assets';
import { fenToYuanShort, yuanToFen } from '@/lib/money';

/** The asset form's values (strings as typed) and the create body they make: the dashboard form and the field app's "add a machine" share them. */
export type Values = {
  name: string;
  serialNumber: string;
  modelId: string;
  teamId: string;
  plateNumber: string;
  purchaseDate: string;
  purchaseCost: string;
};

export function valuesOf(a: TAsset | null): Values {
  return {
    name: a?.name ?? '',
    serialNumber: a?.serialNumber ?? '',
    modelId: a?.modelId ?? '',
    teamId: a?.teamId ?? '',
    plateNumber: a?.plateNumber ?? '',
    purchaseDate: a?.purchaseDate ?? '',
    purchaseCost: fenToYuanShort(a?.purchaseCostMinor),
  };
}

const nullable = (v: string) => (v.trim() ? v : null);

export function createBody(v: Values, recognitionId: string | null): TCreateAssetRequest {
  // sent as typed: the API validates and names the fields (an empty name is its error, not ours)
  return {
    ...(recognitionId ? { recognition: { recognitionId } } : {}),
    modelId: v.modelId,
    teamId: v.teamId || null,
    name: v.name,
    serialNumber: v.serialNumber,
    plateNumber: nullable(v.plateNumber),
    purchaseDate: nullable(v.purchaseDate),
    // an unreadable amount goes as typed: the API names the field
    purchaseCostMinor: v.purchaseCost.trim() ? (yuanToFen(v.purchaseCost) ?? v.purchaseCost.trim()) : null,
  };
}
