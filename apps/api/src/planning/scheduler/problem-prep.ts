import { HOUR, SchedulerInputError, iso, type WorkCalendar } from './calendar.js';
import { hhmm } from './classes.js';
import type { PJob } from './problem-types.js';
import type { SchedJob, SchedOptions } from './types.js';

/** Input checks and a job's window check for the Problem (problem.ts). */
export const byId =
  <T>(key: (x: T) => string) =>
  (x: T, y: T) =>
    key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0;

export function assertUnique<T>(xs: readonly T[], key: (x: T) => string, what: string): void {
  for (let i = 1; i < xs.length; i++)
    if (key(xs[i] as T) === key(xs[i - 1] as T))
      throw new SchedulerInputError(`duplicate ${what} id ${key(xs[i] as T)}`);
}

/**
 * Why a job cannot be placed whatever the machines and people: its window cannot hold its
 * working hours at all, or what is left of it after now cannot, or no machine does the operation.
 */
export function windowCheck(
  opts: SchedOptions,
  now: number,
  job: SchedJob,
  [ws, we]: readonly [number, number],
  work: number,
  [k0, k1]: readonly [number, number],
  [f0, f1]: readonly [number, number],
  cal: WorkCalendar,
  capable: number,
): PJob['pre'] {
  const { startHour, endHour } = opts.workday;
  const hours = (work * cal.slot) / HOUR;
  let pre: PJob['pre'] = null;
  if (f1 < f0) {
    pre = {
      reason: 'WINDOW_TOO_SHORT',
      detail: `Needs ${hours} working hours (${hhmm(startHour)}–${hhmm(endHour)}, ${opts.granularityMinutes}-minute steps) but the window ${iso(ws)} – ${iso(we)} holds no such run.`,
    };
  } else if (we <= now || k1 < k0) {
    pre = {
      reason: 'WINDOW_IN_PAST',
      detail:
        we <= now
          ? `The window ended at ${iso(we)}, before now (${iso(now)}).`
          : `What is left of the window after now (${iso(now)}) is shorter than the ${hours} working hours needed.`,
    };
  }
  if (!pre && capable === 0)
    pre = {
      reason: 'NO_CAPABLE_MACHINE',
      detail: `No machine in the fleet can do ${job.operationType}: no self-propelled machine lists it, and no power unit lists it together with an implement that does.`,
    };

  return pre;
}
