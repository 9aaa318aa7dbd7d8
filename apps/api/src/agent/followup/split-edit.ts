import type { TEditedItem } from '@amms/contracts/drafts';
import { isSplittable, shareArea } from '../../planning/scheduler/parts.js';
import { schedule } from '../../planning/scheduler/scheduler.js';
import { busyWith } from '../../planning/scheduler/split-jobs.js';
import type { SchedJob, SchedulerInput } from '../../planning/scheduler/types.js';
import { setRate } from '../../planning/scheduler/world-rules.js';

export type SplitFailure = 'NOT_SPLITTABLE' | 'NO_AREA' | 'NO_OTHER_MACHINE' | 'NOT_PLACED';

interface Crew {
  primaryAssetId: string;
  implementAssetIds: string[];
  operatorMembershipId: string;
}

/**
 * "Let two machines do field X together" (pure): the job's item becomes `n` parts worked at the
 * same time, from the item's start. Part 1 keeps the item's machine set and operator; each other
 * part gets the set and operator the scheduler itself picks for a share of the field among the
 * machines and people not already in the split (its rules: capability, output, licences, leave,
 * daylight, day limits), with the draft's other items counted as busy. The field is shared in
 * proportion to the sets' output (ha/h), so the parts end about together; each part's hours
 * come from its own hectares. Validation is the draft edit path's (the version shows any finding).
 */
export function splitItem(
  input: SchedulerInput,
  items: readonly TEditedItem[],
  jobId: string,
  n: number,
): { items: TEditedItem[] } | { failure: SplitFailure } {
  const job = input.jobs.find((j) => j.id === jobId);
  const at = items.findIndex((i) => i.jobId === jobId);
  const it = items[at];
  if (!job || !it) return { failure: 'NOT_PLACED' };
  if (!isSplittable(job.operationType)) return { failure: 'NOT_SPLITTABLE' };
  if (!job.areaHa || job.areaHa <= 0) return { failure: 'NO_AREA' };
  const others = items.filter((i) => i.jobId !== jobId);
  const busy = busyWith(input, others);
  const from = it.startsAt;
  const piece = (k: number, areaHa: number): SchedJob => ({
    ...job,
    id: `${job.id}#${k}`,
    after: [],
    areaHa,
    estimatedHours: (job.estimatedHours * areaHa) / job.areaHa!,
    windowStart: from,
  });
  const run = (j: SchedJob, machines: (m: { id: string }) => boolean, ops: (o: { membershipId: string }) => boolean) =>
    schedule({
      ...input,
      jobs: [j],
      machines: input.machines.filter(machines),
      operators: input.operators.filter(ops),
      busy,
      options: { ...input.options, restarts: 1, deadlineOptions: false, splitJobs: false },
    }).items[0];

  // the crews: the item's own, then one more per part, never a machine or person already in the split
  const crews: Crew[] = [
    {
      primaryAssetId: it.primaryAssetId,
      implementAssetIds: [...it.implementAssetIds],
      operatorMembershipId: it.operatorMembershipId,
    },
  ];
  while (crews.length < n) {
    const usedM = new Set(crews.flatMap((c) => [c.primaryAssetId, ...c.implementAssetIds]));
    const usedO = new Set(crews.map((c) => c.operatorMembershipId));
    const got = run(
      piece(crews.length + 1, job.areaHa / n),
      (m) => !usedM.has(m.id),
      (o) => !usedO.has(o.membershipId),
    );
    if (!got) return { failure: 'NO_OTHER_MACHINE' };
    crews.push({
      primaryAssetId: got.primaryAssetId,
      implementAssetIds: [...got.implementAssetIds],
      operatorMembershipId: got.operatorMembershipId,
    });
  }

  // the field shared by output, then each part placed on its own crew
  const byId = new Map(input.machines.map((m) => [m.id, m]));
  const rates = crews.map((c) => {
    const lead = byId.get(c.primaryAssetId);
    const impl = c.implementAssetIds.map((id) => byId.get(id)).find((m) => !!m) ?? null;
    return lead ? setRate(lead, impl, job.operationType) : null;
  });
  const areas = shareArea(job.areaHa, rates.every((r) => r) ? (rates as number[]) : crews.map(() => 1));
  const parts: TEditedItem[] = [];
  for (const [k, c] of crews.entries()) {
    const set = new Set([c.primaryAssetId, ...c.implementAssetIds]);
    const got = run(
      piece(k + 1, areas[k]!),
      (m) => set.has(m.id),
      (o) => o.membershipId === c.operatorMembershipId,
    );
    if (!got) return { failure: 'NOT_PLACED' };
    parts.push({
      jobId,
      primaryAssetId: got.primaryAssetId,
      implementAssetIds: [...got.implementAssetIds],
      operatorMembershipId: got.operatorMembershipId,
      startsAt: got.startsAt,
      endsAt: got.endsAt,
      part: { index: k + 1, of: n, areaHa: areas[k]! },
    });
  }
  return { items: [...items.slice(0, at), ...parts, ...items.slice(at + 1).filter((i) => i.jobId !== jobId)] };
}

/**
 * A goal that asks for several machines on a field ("安排下周前滩7号地的收获，两台一起收", "harvest
 * field X next week with two combines together"): the planned item of each named field's job (or of
 * the plan's only job) split as a follow-up would split it. Items the split cannot make stay whole.
 */
export function splitAsked<I extends TEditedItem>(
  input: SchedulerInput,
  items: readonly I[],
  fieldIds: readonly string[],
  n: number,
  keyOf: (item: TEditedItem, jobVersion: number) => string,
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
    }
  }
  if (split.length === 0) return null;
  const keyed = new Map(items.map((i) => [i as TEditedItem, (i as TEditedItem & { itemKey?: string }).itemKey]));
  return {
    items: out.map((i) => ({ ...i, itemKey: keyed.get(i) ?? keyOf(i, jobs.get(i.jobId)?.version ?? 0) })),
    split,
  };
}
