import { z } from 'zod';

// ---------------------------------------------------------------------------
// Job lifecycle
// ---------------------------------------------------------------------------

export const JOB_STATUSES = ['PLANNED', 'SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const;
export const ZJobStatus = z.enum(JOB_STATUSES);
export type TJobStatus = z.infer<typeof ZJobStatus>;

const JOB_TRANSITIONS: Readonly<Record<TJobStatus, readonly TJobStatus[]>> = {
  PLANNED: ['SCHEDULED', 'CANCELLED'],
  // SCHEDULED → SCHEDULED is a re-assign (new machine set / slot / operator)
  SCHEDULED: ['SCHEDULED', 'PLANNED', 'IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED'],
  COMPLETED: [],
  CANCELLED: [],
};

/**
 * PLANNED → SCHEDULED (assign) → IN_PROGRESS (start) → COMPLETED (complete); CANCELLED from
 * PLANNED or SCHEDULED; SCHEDULED → PLANNED (unassign); SCHEDULED → SCHEDULED (re-assign).
 * Anything else is 409 INVALID_TRANSITION. Unlike assets, staying put is not free: only a
 * re-assign may "move" a job to the status it already has.
 */
export function canTransition(from: TJobStatus, to: TJobStatus): boolean {
  return JOB_TRANSITIONS[from].includes(to);
}
