import type { JClass } from './classes.js';
import type { CSet, SetFamily } from './sets.js';
import type { Timeline } from './timeline.js';
import type { SchedJob, UnplacedReason } from './types.js';

/** The scheduling problem's parts (problem.ts): a prepared job, a placement, a solution and its score. */
export interface PJob {
  i: number;
  job: SchedJob;
  ws: number;
  we: number;
  weight: number;
  work: number; // working slots
  k0: number; // candidate start indices [k0, k1] into the calendar (after now)
  k1: number;
  pre: { reason: UnplacedReason; detail: string } | null;
  capable: CSet[]; // every set that can do the operation (any status)
  /** the usable sets (ACTIVE, not avoided), by (lead, impl); shared by the jobs of one operation and team */
  fam: SetFamily;
  ops: number[]; // usable operator indices, ascending (shared)
  opPref: Uint8Array; // by operator index (shared)
  opTeamMiss: Uint8Array; // (shared by team)
  /** the least operator part of the key over `ops` (−18 × preferred + other team): no operator does better */
  opLeast: number;
  /** resources this job can use: machines 0..M-1, operators M.. (shared by operation and team) */
  resources: Uint8Array;
  /** indices of the jobs that must end before this one starts */
  preds: number[];
  /** the ways to do it (output and qualification groups with usable sets and operators), shortest first */
  classes: JClass[];
  /** the qualifications an operator needs for each group that has usable sets (for the reason) */
  needs: string[][];
}

export interface Placement {
  k: number;
  s: number;
  e: number;
  lead: number;
  impl: number;
  op: number;
}

export interface Solution {
  placed: (Placement | null)[];
  mTl: Timeline[];
  oTl: Timeline[];
  moves: number;
}

export interface Score {
  weight: number;
  /** Σ priority × (end − windowStart), minutes: the second level (finish early, urgent work first) */
  finishMin: number;
  /** Σ (start − windowStart), minutes: reported */
  earlyMin: number;
  changes: number;
}
