import { isSplittable } from './parts.js';
import { itemKeyOf } from './report.js';
import { MAX_SPLIT_PARTS, planSplit, type Schedule } from './split-sizing.js';
import type { ScheduleItem, ScheduleResult, SchedJob, SchedulerInput, UnplacedJob } from './types.js';
import { travelMs } from './travel-timeline.js';
import { kmBetween } from './validator-travel.js';

/** the reasons more machines or separate spans can cure (not a past window, a missing capable machine or an order) */
const CURABLE = new Set<UnplacedJob['reason']>(['WINDOW_TOO_SHORT', 'NO_MACHINE_AVAILABLE', 'NO_OPERATOR_AVAILABLE']);
/** the most parts a job is split into */
export const MAX_PARTS = MAX_SPLIT_PARTS;
/** at most this many unplaced jobs are tried in parts (heaviest first: the result's order), each a few dozen one-job runs (split-sizing.ts) */
export const MAX_SPLIT_JOBS = 20;

/** What the draft's items hold: busy for the runs that place more work beside them. */
export function busyWith(input: SchedulerInput, items: readonly Omit<ScheduleItem, 'itemKey'>[], to?: SchedJob) {
  // on the way to `to`'s field: a machine's other item holds it also for the drive between the two
  // fields, before and after (the parts of a split are placed beside items whose fields the scheduler
  // does not see; without this a part started the minute the machine left a field 13 km away)
  const t = input.travel;
  const index = t && to ? new Map(t.fieldIds.map((id, i) => [id, i])) : null;
  const road = (it: Omit<ScheduleItem, 'itemKey'>, assetId: string) => {
    const from = input.jobs.find((j) => j.id === it.jobId)?.fieldId;
    if (!t || !to || !index || !from) return 0;
    const speed = t.speedKmh[assetId];
    return speed ? travelMs(kmBetween(t, index, from, to.fieldId), speed) : 0;
  };
  return {
    machines: [
      ...input.busy.machines,
      ...items.flatMap((it) =>
        [it.primaryAssetId, ...it.implementAssetIds].map((assetId) => {
          const pad = road(it, assetId);
          return {
            assetId,
            startsAt: pad ? new Date(Date.parse(it.startsAt) - pad).toISOString() : it.startsAt,
            endsAt: pad ? new Date(Date.parse(it.endsAt) + pad).toISOString() : it.endsAt,
          };
        }),
      ),
    ],
    operators: [
      ...input.busy.operators,
      ...items.map((it) => ({ membershipId: it.operatorMembershipId, startsAt: it.startsAt, endsAt: it.endsAt })),
    ],
  };
}

/**
 * A job no single machine set can finish inside its window (or everything capable is taken for
 * that long) is placed as parts when its operation may be split (parts.ts) and its area is known:
 * crews (set + operator) picked by the scheduler one by one until together they can do the field
 * (at most MAX_PARTS), each sharing it by what it can do in the window (split-sizing.ts: output ×
 * usable hours), each part a job of its own for the scheduler on its crew (its rules: output,
 * licences, leave, daylight, day limits), beside the draft's items. A crew that can do it all
 * after all takes the whole job (no split). The job then leaves the unplaced list. Jobs that
 * waited for it stay unplaced (not re-run).
 */
export function splitUnplaced(input: SchedulerInput, result: ScheduleResult, run: Schedule): ScheduleResult {
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  let items = [...result.items];
  const unplaced: UnplacedJob[] = [];
  let tried = 0;
  for (const u of result.unplaced) {
    const job = jobs.get(u.jobId);
    const fits = !!job && CURABLE.has(u.reason) && isSplittable(job.operationType) && !!job.areaHa && job.areaHa > 0;
    const parts = job && fits && tried++ < MAX_SPLIT_JOBS ? splitOne(input, job, items, run) : null;
    if (parts) items = [...items, ...parts];
    else unplaced.push(u);
  }
  if (unplaced.length === result.unplaced.length) return result;
  items.sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0,
  );
  return {
    ...result,
    items,
    unplaced,
    stats: {
      ...result.stats,
      placed: result.stats.placed + (result.unplaced.length - unplaced.length),
      unplaced: unplaced.length,
    },
  };
}

function splitOne(
  input: SchedulerInput,
  job: SchedJob,
  items: readonly ScheduleItem[],
  run: Schedule,
): ScheduleItem[] | null {
  const plan = planSplit(input, job, busyWith(input, items, job), run, { max: MAX_PARTS });
  if (plan.kind === 'FAILED') return null;
  return plan.items.map((it) => ({ ...it, itemKey: itemKeyOf(it, job.version ?? 0) }));
}
