import type { TDraftItem } from '@amms/contracts/drafts';

/** Test data of the drafts specs. The uuid numbered `n`. */
export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Placed item `n`: job n, machine 100 + n, operator 200 + n, 1 June 2026 00:00–08:00 UTC; `patch` over it. */
export const draftItem = (n: number, patch: Partial<TDraftItem> = {}): TDraftItem => ({
  itemKey: `k${n}`,
  jobId: id(n),
  job: { title: `Job ${n}`, operationType: 'HARVESTING', fieldName: `Field ${n}`, priority: 3 },
  primaryAssetId: id(100 + n),
  primaryAssetName: `Harvester ${n}`,
  implementAssetIds: [],
  implementNames: [],
  operatorMembershipId: id(200 + n),
  operatorName: `Operator ${n}`,
  startsAt: '2026-06-01T00:00:00.000Z',
  endsAt: '2026-06-01T08:00:00.000Z',
  ...patch,
});
