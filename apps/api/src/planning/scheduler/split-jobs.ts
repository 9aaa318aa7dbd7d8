import { isSplittable, shareArea } from './parts.js';
import { itemKeyOf } from './report.js';
import type { ScheduleItem, ScheduleResult, SchedJob, SchedulerInput, UnplacedJob } from './types.js';

/** the reasons more machines or separate spans can cure (not a past window, a missing capable machine or an order) */
const CURABLE = new Set<UnplacedJob['reason']>(['WINDOW_TOO_SHORT', 'NO_MACHINE_AVAILABLE', 'NO_OPERATOR_AVAILABLE']);
/** the most parts a job is split into */
export const MAX_PARTS = 4;
/** at most this many unplaced jobs are tried in parts (heaviest first: the result's order), each up to 3 runs */
export const MAX_SPLIT_JOBS = 20;

type Schedule = (input: SchedulerInput) => ScheduleResult;

/** What the draft's items hold: busy for the runs that place more work beside them. */
export function busyWith(input: SchedulerInput, items: readonly Omit<ScheduleItem, 'itemKey'>[]) {
  return {
    machines: [
      ...input.busy.machines,
      ...items.flatMap((it) =>
        [it.primaryAssetId, ...it.implementAssetIds].map((assetId) => ({
          assetId,
          startsAt: it.startsAt,
          endsAt: it.endsAt,
        })),
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
 * 2, then 3 … MAX_PARTS equal shares of the field, each a job of its own for the scheduler (its
 * rules: output, licences, leave, daylight, day limits), beside the draft's items. The parts may
 * run on several machines at once or one after another; the first split that places every part
 * is kept, and the job leaves the unplaced list. Jobs that waited for it stay unplaced (not re-run).
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
  const busy = busyWith(input, items);
  for (let n = 2; n <= MAX_PARTS; n++) {
    const areas = shareArea(
      job.areaHa!,
      Array.from({ length: n }, () => 1),
    );
    const pieces: SchedJob[] = areas.map((areaHa, k) => ({
      ...job,
      id: `${job.id}#${k + 1}`,
      after: [],
      areaHa,
      estimatedHours: (job.estimatedHours * areaHa) / job.areaHa!,
    }));
    const res = run({
      ...input,
      jobs: pieces,
      busy,
      options: { ...input.options, restarts: 1, deadlineOptions: false, splitJobs: false },
    });
    if (res.items.length !== n) continue;
    return res.items.map((it) => {
      const index = Number(it.jobId.slice(job.id.length + 1));
      const item = {
        jobId: job.id,
        primaryAssetId: it.primaryAssetId,
        implementAssetIds: [...it.implementAssetIds],
        operatorMembershipId: it.operatorMembershipId,
        startsAt: it.startsAt,
        endsAt: it.endsAt,
        part: { index, of: n, areaHa: areas[index - 1]! },
      };
      return { ...item, itemKey: itemKeyOf(item, job.version ?? 0) };
    });
  }
  return null;
}
