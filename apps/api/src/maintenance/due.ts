import type { TDueStatus } from '@amms/contracts/maintenance';

/**
 * When a maintenance plan falls due for one machine. Pure: the caller supplies the last
 * service, the current meter and the clock.
 *
 * Rules (DESIGN §3 "whichever comes first"):
 * - next due date  = last service date  + intervalDays
 * - next due hours = last service hours + intervalHours
 * - the last service is the acceptance of the latest CLOSED preventive order of the plan for
 *   the machine (its meterHours; accept fills them from the latest reading when the mechanic
 *   gave none). With no such order the clock starts at the asset's purchase date (else its
 *   creation) and the meter at 0 hours, i.e. the first service is due intervalHours after new.
 * - OVERDUE when either criterion is reached (now ≥ due date, or current hours ≥ due hours).
 * - DUE_SOON when either is within its window: days ≤ max(leadDays, withinDays) before the due
 *   date, or hours ≤ leadHours before the due hours. withinDays is the caller's calendar horizon;
 *   it cannot apply to hours (we do not know how fast a machine accumulates them).
 * - A machine with no meter reading at all cannot be judged on hours: that criterion is skipped.
 * - Meter replacements are not modelled here: readings after a replacement restart the meter,
 *   and plans of such machines need a fresh service record (out of scope for now).
 *
 * Hours are compared in integer tenths (the columns have one decimal), never as floats.
 */
export interface DuePlan {
  intervalHours: number | null;
  intervalDays: number | null;
  leadHours: number | null;
  leadDays: number | null;
}

export interface DueInput {
  plan: DuePlan;
  lastServiceAt: Date;
  lastServiceHours: number;
  currentHours: number | null;
  now: Date;
  withinDays: number;
}

export interface DueResult {
  status: TDueStatus;
  nextDueAt: Date | null;
  nextDueHours: number | null;
  /** days until the due date, 1 decimal, negative when overdue */
  remainingDays: number | null;
  /** hours until the due hours, negative when overdue */
  remainingHours: number | null;
}

const DAY_MS = 86_400_000;
const tenths = (h: number) => Math.round(h * 10);
const RANK: Record<TDueStatus, number> = { OK: 0, DUE_SOON: 1, OVERDUE: 2 };
const worst = (a: TDueStatus, b: TDueStatus): TDueStatus => (RANK[a] >= RANK[b] ? a : b);

export function computeDue(input: DueInput): DueResult {
  const { plan, now } = input;
  let status: TDueStatus = 'OK';
  let nextDueAt: Date | null = null;
  let remainingDays: number | null = null;
  let nextDueHours: number | null = null;
  let remainingHours: number | null = null;

  if (plan.intervalDays !== null) {
    nextDueAt = new Date(input.lastServiceAt.getTime() + plan.intervalDays * DAY_MS);
    const leftMs = nextDueAt.getTime() - now.getTime();
    remainingDays = Math.round((leftMs / DAY_MS) * 10) / 10;
    const windowMs = Math.max(plan.leadDays ?? 0, input.withinDays) * DAY_MS;
    status = worst(status, leftMs <= 0 ? 'OVERDUE' : leftMs <= windowMs ? 'DUE_SOON' : 'OK');
  }

  if (plan.intervalHours !== null) {
    const dueT = tenths(input.lastServiceHours) + tenths(plan.intervalHours);
    nextDueHours = dueT / 10;
    if (input.currentHours !== null) {
      const leftT = dueT - tenths(input.currentHours);
      remainingHours = leftT / 10;
      const leadT = tenths(plan.leadHours ?? 0);
      status = worst(status, leftT <= 0 ? 'OVERDUE' : leftT <= leadT ? 'DUE_SOON' : 'OK');
    }
  }

  return { status, nextDueAt, nextDueHours, remainingDays, remainingHours };
}

const URGENCY: Record<TDueStatus, number> = { OVERDUE: 0, DUE_SOON: 1, OK: 2 };

/** Most urgent first: status, then the nearer due date, then fewer remaining hours. */
export function compareDue(a: DueResult & { key: string }, b: DueResult & { key: string }): number {
  return (
    URGENCY[a.status] - URGENCY[b.status] ||
    (a.remainingDays ?? Infinity) - (b.remainingDays ?? Infinity) ||
    (a.remainingHours ?? Infinity) - (b.remainingHours ?? Infinity) ||
    a.key.localeCompare(b.key)
  );
}
