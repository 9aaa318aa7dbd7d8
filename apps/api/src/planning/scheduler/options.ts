import { isSplittable } from './parts.js';
import { MAX_PARTS, busyWith } from './split-jobs.js';
import { partHours, planSplit, type Schedule } from './split-sizing.js';
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

/**
 * For each unplaced job whose deadline cannot be met (the window is too short for the work,
 * or everything capable is taken), the options that would meet it, each tried against the
 * draft's own items: OVERTIME (the day from 06:00 to 21:00 or sunset, no break, no day
 * limit) and SPLIT (the field in parts on the crews that can take a share in the window, each share
 * their output × usable hours: the scheduler's own split rule, split-sizing.ts; only for an
 * operation that may be split and a job with an area: planning/scheduler/parts.ts). An option
 * is given only when the scheduler places it: a split whose crews together cannot do the field by
 * the deadline is no option (a part-done field is not an option the draft can execute). No option: nothing short of moving other work helps.
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
    // a split is a variant the draft can execute only for an operation that may be split, with an area to share:
    // the one sizing rule (split-sizing.ts), offered only when its parts cover the whole field by the deadline
    const splittable = isSplittable(job.operationType) && (job.areaHa ?? 0) > 0;
    const split = splittable ? planSplit(input, alone, busy, run, { max: MAX_PARTS }) : null;
    if (split?.kind === 'PARTS') {
      const items = split.items.map((it) => ({ ...strip(it), part: { ...it.part! } }));
      options.push({
        kind: 'SPLIT',
        detail: `Splitting the field by what each machine can do (${items.map((i) => shareDetail(input, job, i)).join(', ')}) finishes it by ${items
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

/** "24.0 ha (about 8.0 h) on Combine A": a part's share, its hours from its crew's output. */
function shareDetail(input: SchedulerInput, job: SchedJob, it: Omit<DraftItem, 'itemKey'>): string {
  const h = partHours(input, job, it, it.part!.areaHa);
  const name = input.machines.find((m) => m.id === it.primaryAssetId)?.name ?? it.primaryAssetId;
  return `${it.part!.areaHa.toFixed(1)} ha${h ? ` (about ${h.toFixed(1)} h)` : ''} on ${name}`;
}

const strip = (it: Omit<DraftItem, 'itemKey'> & { itemKey?: string }): Omit<DraftItem, 'itemKey'> => ({
  jobId: it.jobId,
  primaryAssetId: it.primaryAssetId,
  implementAssetIds: [...it.implementAssetIds],
  operatorMembershipId: it.operatorMembershipId,
  startsAt: it.startsAt,
  endsAt: it.endsAt,
});
