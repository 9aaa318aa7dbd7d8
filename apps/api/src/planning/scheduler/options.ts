import { isSplittable, shareArea } from './parts.js';
import { busyWith } from './split-jobs.js';
import type { DraftItem, ScheduleResult, SchedJob, SchedulerInput, UnplacedJob } from './types.js';

/** What would get an unplaced job done by its deadline, as ready items (a draft variant's). */
export interface DeadlineOption {
  kind: 'OVERTIME' | 'SPLIT';
  detail: string;
  items: Omit<DraftItem, 'itemKey'>[];
}

/** the reasons a longer day or a second set could cure (not a past window, a missing machine or order) */
const CURABLE = new Set<UnplacedJob['reason']>(['WINDOW_TOO_SHORT', 'NO_MACHINE_AVAILABLE', 'NO_OPERATOR_AVAILABLE']);
/** at most this many jobs get options (heaviest first: the result's order) */
export const MAX_OPTION_JOBS = 10;

type Schedule = (input: SchedulerInput) => ScheduleResult;

/**
 * For each unplaced job whose deadline cannot be met (the window is too short for the work,
 * or everything capable is taken), the options that would meet it, each tried against the
 * draft's own items: OVERTIME (the day from 06:00 to 21:00 or sunset, no break, no day
 * limit) and SPLIT (the field in two halves as parts, on two machines or two free spans; only for an
 * operation that may be split and a job with an area: planning/scheduler/parts.ts). An option
 * is given only when the scheduler places it. No option: nothing short of moving other work helps.
 */
export function deadlineOptions(
  input: SchedulerInput,
  result: ScheduleResult,
  run: Schedule,
): Map<string, DeadlineOption[]> {
  const out = new Map<string, DeadlineOption[]>();
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  // what the draft already holds counts as busy
  const busy = busyWith(input, result.items);
  const base = { ...input.options, restarts: 1 };
  for (const u of result.unplaced.filter((x) => CURABLE.has(x.reason)).slice(0, MAX_OPTION_JOBS)) {
    const job = jobs.get(u.jobId);
    if (!job) continue;
    const alone: SchedJob = { ...job, after: [] };
    const options: DeadlineOption[] = [];
    const overtime = run({
      ...input,
      jobs: [alone],
      busy,
      operators: input.operators.map(({ maxDailyHours: _limit, ...o }) => o),
      options: {
        ...base,
        workday: { startHour: 6, endHour: 21 },
        workBreak: null,
        maxDailyHours: null,
        minPartHours: 0,
      },
    });
    if (overtime.items.length === 1)
      options.push({
        kind: 'OVERTIME',
        detail: `Working longer days (06:00–21:00 or until sunset, no break, no day limit) finishes it by ${overtime.items[0]!.endsAt}, before the deadline ${job.windowEnd}.`,
        items: overtime.items.map(strip),
      });
    const half = (p: 1 | 2): SchedJob => ({
      ...alone,
      id: `${job.id}#${p}`,
      estimatedHours: job.estimatedHours / 2,
      ...(job.areaHa ? { areaHa: job.areaHa / 2 } : {}),
    });
    // a split is a variant the draft can execute only for an operation that may be split, with an area to share
    const splittable = isSplittable(job.operationType) && (job.areaHa ?? 0) > 0;
    const split = splittable ? run({ ...input, jobs: [half(1), half(2)], busy, options: base }) : null;
    if (split?.items.length === 2) {
      const areas = shareArea(job.areaHa!, [1, 1]);
      const items = split.items.map((it) => {
        const index = it.jobId.endsWith('#2') ? 2 : 1;
        return { ...strip({ ...it, jobId: job.id }), part: { index, of: 2, areaHa: areas[index - 1]! } };
      });
      const machines = new Set(items.map((i) => i.primaryAssetId)).size;
      options.push({
        kind: 'SPLIT',
        detail: `Splitting the field in two halves${machines > 1 ? ' on two machines at once' : ''} finishes it by ${items
          .map((i) => i.endsAt)
          .sort()
          .at(-1)}, before the deadline ${job.windowEnd}.`,
        items,
      });
    }
    if (options.length) out.set(job.id, options);
  }
  return out;
}

const strip = (it: Omit<DraftItem, 'itemKey'> & { itemKey?: string }): Omit<DraftItem, 'itemKey'> => ({
  jobId: it.jobId,
  primaryAssetId: it.primaryAssetId,
  implementAssetIds: [...it.implementAssetIds],
  operatorMembershipId: it.operatorMembershipId,
  startsAt: it.startsAt,
  endsAt: it.endsAt,
});
