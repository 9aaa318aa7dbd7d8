import type { TDraftItem } from '@amms/contracts/drafts';

export type ItemChange = { before: TDraftItem; after: TDraftItem; machine: boolean; operator: boolean; time: boolean };
export type ItemDiff = { added: TDraftItem[]; removed: TDraftItem[]; changed: ItemChange[] };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/** an item's place: its job, and its part when the job is split across machines or days */
const keyOf = (i: TDraftItem) => (i.part ? `${i.jobId}#${i.part.index}/${i.part.of}` : i.jobId);

/** Items of two versions compared by job (a job is in a version once, or once per part). */
export function diffItems(before: readonly TDraftItem[], after: readonly TDraftItem[]): ItemDiff {
  const old = new Map(before.map((i) => [keyOf(i), i]));
  const now = new Map(after.map((i) => [keyOf(i), i]));
  const added = after.filter((i) => !old.has(keyOf(i)));
  const removed = before.filter((i) => !now.has(keyOf(i)));
  const changed: ItemChange[] = [];
  for (const a of after) {
    const b = old.get(keyOf(a));
    if (!b) continue;
    const machine = b.primaryAssetId !== a.primaryAssetId || !sameList(b.implementAssetIds, a.implementAssetIds);
    const operator = b.operatorMembershipId !== a.operatorMembershipId;
    const time = !sameInstant(b.startsAt, a.startsAt) || !sameInstant(b.endsAt, a.endsAt);
    if (machine || operator || time) changed.push({ before: b, after: a, machine, operator, time });
  }
  return { added, removed, changed };
}

export const machineSetName = (i: Pick<TDraftItem, 'primaryAssetName' | 'primaryAssetId' | 'implementNames'>) =>
  [i.primaryAssetName ?? i.primaryAssetId.slice(0, 8), ...i.implementNames.map((n) => n ?? '?')].join(' + ');

/** " · 1/2 · 15 ha": a split job's part, its number and hectares */
export const partLabel = (p: { index: number; of: number; areaHa: number | null } | null | undefined) =>
  p ? ` · ${p.index}/${p.of}${p.areaHa === null ? '' : ` · ${p.areaHa} ha`}` : '';

export const jobName = (i: Pick<TDraftItem, 'job' | 'jobId' | 'part'>, opLabel: (op: string) => string) =>
  (i.job ? i.job.title || `${i.job.fieldName} · ${opLabel(i.job.operationType)}` : i.jobId.slice(0, 8)) +
  partLabel(i.part);
