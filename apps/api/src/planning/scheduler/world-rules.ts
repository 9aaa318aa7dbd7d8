import type { SchedJob, SchedMachine, SchedOperator } from './types.js';

/**
 * The machine and people rules of the dispatcher's world, shared by the scheduler (which only
 * builds sets and operator lists that pass them) and the validator (which names what a hand
 * edit broke): a set's output, tractor–implement fit, and who may run a set.
 */

/**
 * A set's output for an operation, ha/h: the implement's when it has one (its width does the
 * work), else the lead machine's; null when neither knows it.
 */
export function setRate(lead: SchedMachine, impl: SchedMachine | null, op: string): number | null {
  const r = (impl && impl.ratesHaPerHour?.[op]) || lead.ratesHaPerHour?.[op];
  return r && r > 0 ? r : null;
}

/** Working hours a job needs on a set: its area ÷ the set's output, or the job's estimate when either is unknown. */
export function workHours(job: Pick<SchedJob, 'areaHa' | 'estimatedHours'>, rate: number | null): number {
  return job.areaHa && job.areaHa > 0 && rate ? job.areaHa / rate : job.estimatedHours;
}

/**
 * Why an implement cannot go behind a tractor, or null when it fits: the implement needs more
 * power than the tractor has, or they share no hitch (an empty list on either side: any).
 */
export function misfit(tractor: SchedMachine, impl: SchedMachine): string | null {
  if (impl.requiredPowerKw && tractor.powerKw != null && tractor.powerKw < impl.requiredPowerKw)
    return `${impl.name} needs ${impl.requiredPowerKw} kW, ${tractor.name} has ${tractor.powerKw} kW`;
  const a = tractor.hitchTypes ?? [];
  const b = impl.hitchTypes ?? [];
  if (a.length && b.length && !b.some((h) => a.includes(h)))
    return `${impl.name} hitches by ${b.join('/')}, ${tractor.name} offers ${a.join('/')}`;
  return null;
}

/** The qualifications a set's operator must hold: the union of its machines', sorted. */
export function requiredOf(machines: readonly (SchedMachine | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const m of machines) for (const q of m?.requiredQualifications ?? []) out.add(q);
  return [...out].sort();
}

/** The required qualifications the operator lacks at instant `at` (absent, or expired by then). */
export function lacking(op: SchedOperator, required: readonly string[], at: number): string[] {
  if (required.length === 0) return [];
  const held = new Set(
    (op.qualifications ?? []).filter((q) => !q.expiresAt || Date.parse(q.expiresAt) > at).map((q) => q.code),
  );
  return required.filter((q) => !held.has(q));
}
