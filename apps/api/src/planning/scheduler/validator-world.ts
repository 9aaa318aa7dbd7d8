import { HOUR, type WorkCalendar } from './calendar.js';
import type { DraftItem, SchedJob, SchedMachine, SchedulerInput, ViolationCode, WarningCode } from './types.js';
import { lacking, misfit, requiredOf, setRate, workHours } from './world-rules.js';

type Report<C> = (itemIndex: number, jobId: string, code: C, message: string) => void;

/** The working hours a job needs on a machine set (area ÷ the set's output, else the estimate). */
export function needsHours(job: SchedJob, set: readonly (SchedMachine | undefined)[]): number {
  const [lead, ...impls] = set;
  if (!lead) return job.estimatedHours;
  return workHours(job, setRate(lead, impls[0] ?? null, job.operationType));
}

/**
 * The world's rules on a draft, as the validator reports them: an implement behind a tractor
 * it does not fit (IMPLEMENT_MISFIT), an operator without the licence the machines require
 * at the item's end (NOT_QUALIFIED), and a machine whose preventive service falls due within
 * the engine hours the draft gives it (a SERVICE_DUE warning on the item that crosses it).
 */
export function checkWorld(
  input: SchedulerInput,
  items: readonly DraftItem[],
  ranges: readonly (readonly [number, number])[],
  cal: WorkCalendar,
  v: Report<ViolationCode>,
  w: Report<WarningCode>,
): void {
  const machines = new Map(input.machines.map((m) => [m.id, m]));
  const operators = new Map(input.operators.map((o) => [o.membershipId, o]));
  items.forEach((it, idx) => {
    const lead = machines.get(it.primaryAssetId);
    const impls = it.implementAssetIds.map((id) => machines.get(id));
    if (lead && lead.kind === 'POWER_UNIT')
      for (const impl of impls) {
        const why = impl && impl.kind === 'IMPLEMENT' ? misfit(lead, impl) : null;
        if (why) v(idx, it.jobId, 'IMPLEMENT_MISFIT', `${why}: it does not fit`);
      }
    const op = operators.get(it.operatorMembershipId);
    const end = ranges[idx]![1];
    if (op && !Number.isNaN(end)) {
      const missing = lacking(op, requiredOf([lead, ...impls]), end);
      if (missing.length)
        v(
          idx,
          it.jobId,
          'NOT_QUALIFIED',
          `${op.name} does not hold ${missing.join(', ')} (required to run ${[lead, ...impls]
            .filter(Boolean)
            .map((m) => m!.name)
            .join(' + ')}), or it expires before the end`,
        );
    }
  });

  // service due: each machine's working hours in this draft, in start order, against what is left
  const byMachine = new Map<string, number[]>();
  items.forEach((it, idx) => {
    for (const id of new Set([it.primaryAssetId, ...it.implementAssetIds])) {
      const left = machines.get(id)?.serviceDueInHours;
      if (left == null) continue;
      const arr = byMachine.get(id);
      if (arr) arr.push(idx);
      else byMachine.set(id, [idx]);
    }
  });
  for (const [id, idxs] of [...byMachine.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const m = machines.get(id)!;
    const left = m.serviceDueInHours!;
    idxs.sort((a, b) => ranges[a]![0] - ranges[b]![0] || a - b);
    let used = 0;
    for (const idx of idxs) {
      const [s, e] = ranges[idx]!;
      if (!(s < e)) continue;
      used += cal.workingTimeIn(s, e) / HOUR;
      if (used > left)
        w(
          idx,
          items[idx]!.jobId,
          'SERVICE_DUE',
          `${m.name} falls due for service after ${Math.max(0, Math.round(left * 10) / 10)} more engine hours; this draft gives it ${Math.round(used * 10) / 10} h by the end of this item`,
        );
    }
  }
}
