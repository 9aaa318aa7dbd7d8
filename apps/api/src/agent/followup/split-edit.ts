import type { TEditedItem } from '@amms/contracts/drafts';
import { isSplittable } from '../../planning/scheduler/parts.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import { busyWith } from '../../planning/scheduler/split-jobs.js';
import { planSplit } from '../../planning/scheduler/split-sizing.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';

export type SplitFailure = 'NOT_SPLITTABLE' | 'NO_AREA' | 'NO_OTHER_MACHINE' | 'NOT_PLACED' | 'NO_GAIN';

/** Why a split was not made; NO_GAIN also says when the unsplit item ends and when the other machines are free. */
export interface SplitRefusal {
  failure: SplitFailure;
  /** NO_GAIN: the unsplit item's end, the split's (when one was found) and the others' first free instant (null: none) */
  unsplitEndsAt?: string;
  splitEndsAt?: string;
  others?: { assetId: string; freeFrom: string | null }[];
}

/**
 * "Let two machines do field X together" (pure): the job's item becomes `n` parts worked from the
 * item's start. Part 1 keeps the item's machine set and operator; each other part gets the set and
 * operator the scheduler itself picks among the machines and people not already in the split (its
 * rules: capability, output, licences, leave, daylight, day limits), with the draft's other items
 * counted as busy. The field is shared by what each crew can do from the item's start to the
 * window's end by the scheduler's split sizing (split-sizing.ts: the earliest finish, each crew's
 * earliest free stretches first, several stretches of one crew adding up as parts of their own), so
 * every part fits its crew; each part's hours come from its own hectares. A split that would finish
 * no sooner than the item as it stands (the other machines are not free before it is done) is not
 * made: NO_GAIN, with the times that say why. Validation is the draft edit path's (the version
 * shows any finding).
 */
export function splitItem(
  input: SchedulerInput,
  items: readonly TEditedItem[],
  jobId: string,
  n: number,
): { items: TEditedItem[] } | SplitRefusal {
  const job = input.jobs.find((j) => j.id === jobId);
  const at = items.findIndex((i) => i.jobId === jobId);
  const it = items[at];
  if (!job || !it) return { failure: 'NOT_PLACED' };
  if (!isSplittable(job.operationType)) return { failure: 'NOT_SPLITTABLE' };
  if (!job.areaHa || job.areaHa <= 0) return { failure: 'NO_AREA' };
  const busy = busyWith(
    input,
    items.filter((i) => i.jobId !== jobId),
    job,
  );
  const own = {
    primaryAssetId: it.primaryAssetId,
    implementAssetIds: [...it.implementAssetIds],
    operatorMembershipId: it.operatorMembershipId,
  };
  const plan = planSplit(input, job, busy, schedule, { first: [own], parts: n, max: n, from: it.startsAt });
  const others = (crews: readonly { crew: { primaryAssetId: string }; freeFrom: string | null }[] = []) =>
    crews.map((o) => ({ assetId: o.crew.primaryAssetId, freeFrom: o.freeFrom }));
  if (plan.kind === 'FAILED')
    return plan.failure === 'NO_GAIN'
      ? { failure: 'NO_GAIN', unsplitEndsAt: it.endsAt, others: others(plan.others) }
      : { failure: plan.failure === 'NO_OTHER_MACHINE' ? plan.failure : 'NOT_PLACED' };
  // a split asked to finish sooner: one finishing no sooner than the item as it stands is not made
  if (Date.parse(plan.finish) >= Date.parse(it.endsAt))
    return { failure: 'NO_GAIN', unsplitEndsAt: it.endsAt, splitEndsAt: plan.finish, others: [] };
  const parts = plan.items;
  return { items: [...items.slice(0, at), ...parts, ...items.slice(at + 1).filter((i) => i.jobId !== jobId)] };
}

/**
 * A goal that asks for several machines on a field ("安排下周前滩7号地的收获，两台一起收", "harvest
 * field X next week with two combines together"): the planned item of each named field's job (or of
 * the plan's only job) split as a follow-up would split it. Items the split cannot make stay whole,
 * each refusal told to `refused` (the goal's reply says why: a split that finishes no sooner, …).
 */
export function splitAsked<I extends TEditedItem>(
  input: SchedulerInput,
  items: readonly I[],
  fieldIds: readonly string[],
  n: number,
  keyOf: (item: TEditedItem, jobVersion: number) => string,
  refused: (jobId: string, why: SplitRefusal) => void = () => {},
): { items: (TEditedItem & { itemKey: string })[]; split: string[] } | null {
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  const placed = [...new Set(items.map((i) => i.jobId))];
  const targets = fieldIds.length
    ? placed.filter((id) => fieldIds.includes(jobs.get(id)?.fieldId ?? ''))
    : placed.length === 1
      ? placed
      : [];
  let out: TEditedItem[] = [...items];
  const split: string[] = [];
  for (const jobId of targets) {
    const r = splitItem(input, out, jobId, n);
    if ('items' in r) {
      out = r.items;
      split.push(jobId);
    } else refused(jobId, r);
  }
  if (split.length === 0) return null;
  const keyed = new Map(items.map((i) => [i as TEditedItem, (i as TEditedItem & { itemKey?: string }).itemKey]));
  return {
    items: out.map((i) => ({ ...i, itemKey: keyed.get(i) ?? keyOf(i, jobs.get(i.jobId)?.version ?? 0) })),
    split,
  };
}
