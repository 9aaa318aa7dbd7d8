import { createHash } from 'node:crypto';
import { HOUR, iso } from './calendar.js';
import type { CSet, PJob, Problem, Score, Solution } from './problem.js';
import { firstFreeSet, setsOf } from './sets.js';
import type { ScheduleItem, ScheduleResult, UnplacedJob, UnplacedReason } from './types.js';

/**
 * The space the scheduler searches, for bench:scheduler's exact model: per placeable job,
 * each candidate start (working-slot grid, inside the window, after now) with the machine
 * sets and operators free of existing bookings for that run. Epoch ms.
 */
export interface SearchSpace {
  jobs: {
    id: string;
    weight: number;
    options: { startsAt: number; endsAt: number; sets: string[][]; operators: string[] }[];
  }[];
}

/** Stable key of a draft item: the job (and its version) plus everything the item would write. */
export function itemKeyOf(item: Omit<ScheduleItem, 'itemKey'>, jobVersion: number): string {
  const text = [
    item.jobId,
    jobVersion,
    item.primaryAssetId,
    item.implementAssetIds.join(','),
    item.operatorMembershipId,
    item.startsAt,
    item.endsAt,
    // a part is its own item (the whole job's key is unchanged)
    ...(item.part ? [`part ${item.part.index}/${item.part.of} ${item.part.areaHa}`] : []),
  ].join('|');
  return `sch_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** the search space of a problem (see SearchSpace) */
export function searchSpaceOf(pb: Problem): SearchSpace {
  const sol = pb.fresh();
  const jobs = pb.jobs
    .filter((pj) => pb.placeable(pj))
    .map((pj) => {
      const options: SearchSpace['jobs'][number]['options'] = [];
      for (let k = pj.k0; k <= pj.k1; k++) {
        // one option per class that can start here (its own duration, sets and operators)
        for (const cl of pj.classes) {
          if (k > cl.k1 || !pb.cal.partsOk(k, cl.work)) continue;
          const s = pb.cal.starts[k]!;
          const e = pb.cal.endOf(k, cl.work);
          const sets = setsOf(cl.fam)
            .filter(
              (c) =>
                sol.mTl[c.lead]!.blockedUntil(s, e) === 0 && (c.impl < 0 || sol.mTl[c.impl]!.blockedUntil(s, e) === 0),
            )
            .map((c) => (c.impl >= 0 ? [pb.machines[c.lead]!.id, pb.machines[c.impl]!.id] : [pb.machines[c.lead]!.id]));
          const operators = cl.ops
            .filter((oi) => sol.oTl[oi]!.blockedUntil(s, e) === 0 && pb.opDayBlock(sol.oTl[oi]!, oi, s, e) === 0)
            .map((oi) => pb.operators[oi]!.membershipId);
          if (sets.length && operators.length) options.push({ startsAt: s, endsAt: e, sets, operators });
        }
      }
      return { id: pj.job.id, weight: pj.weight, options };
    });
  return { jobs };
}

/** the result of a solution: items by start, unplaced jobs with their reasons, and the stats */
export function result(pb: Problem, sol: Solution, sc: Score, restarts: number): ScheduleResult {
  const items: ScheduleItem[] = [];
  for (const pj of pb.jobs) {
    const p = sol.placed[pj.i];
    if (!p) continue;
    const item = {
      jobId: pj.job.id,
      primaryAssetId: pb.machines[p.lead]!.id,
      implementAssetIds: p.impl >= 0 ? [pb.machines[p.impl]!.id] : [],
      operatorMembershipId: pb.operators[p.op]!.membershipId,
      startsAt: iso(p.s),
      endsAt: iso(p.e),
    };
    items.push({ ...item, itemKey: itemKeyOf(item, pj.job.version ?? 0) });
  }
  items.sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0,
  );
  const unplaced = pb.jobs
    .filter((pj) => !sol.placed[pj.i])
    .sort((x, y) => y.weight - x.weight || x.i - y.i)
    .map((pj) => why(pb, sol, pj));
  const weightTotal = pb.jobs.reduce((s, pj) => s + pj.weight, 0);
  return {
    items,
    unplaced,
    stats: {
      jobs: pb.jobs.length,
      placed: items.length,
      unplaced: unplaced.length,
      weightPlaced: sc.weight,
      weightTotal,
      earlinessHours: sc.earlyMin / 60,
      machineChanges: sc.changes,
      restarts,
      improvementMoves: sol.moves,
    },
  };
}

function setName(pb: Problem, c: CSet): string {
  const lead = pb.machines[c.lead]!.name;
  return c.impl >= 0 ? `${lead} + ${pb.machines[c.impl]!.name}` : lead;
}

/** The reason a job stays unplaced, judged against the final schedule. */
function why(pb: Problem, sol: Solution, pj: PJob): UnplacedJob {
  const machinesOf = capableMachines(pj.capable);
  const assetIds = machinesOf.map((i) => pb.machines[i]!.id);
  const operatorMembershipIds = pj.ops.map((oi) => pb.operators[oi]!.membershipId);
  const out = (reason: UnplacedReason, detail: string): UnplacedJob => ({
    jobId: pj.job.id,
    reason,
    detail,
    candidates: { assetIds, operatorMembershipIds },
  });
  if (pj.pre) return out(pj.pre.reason, pj.pre.detail);
  const waitsFor = pj.preds.filter((q) => !sol.placed[q]);
  if (waitsFor.length > 0)
    return out(
      'WAITS_FOR_JOB',
      `It must wait for ${list(waitsFor.map((q) => `${pb.jobs[q]!.job.operationType} job ${pb.jobs[q]!.job.id}`))}, which is not planned.`,
    );
  const window = `${iso(Math.max(pj.ws, pb.now))} – ${iso(pj.we)}`;
  const excludedNote = () => {
    const ex = machinesOf.filter((i) => pb.excluded.has(i));
    return ex.length ? ` Not usable: ${list(ex.map((i) => `${pb.machines[i]!.name} (${pb.excluded.get(i)})`))}.` : '';
  };
  if (pj.fam.size === 0) {
    return out(
      'NO_MACHINE_AVAILABLE',
      `Every machine set that can do ${pj.job.operationType} is out of service or avoided: ${list(
        pj.capable.slice(0, 9).map((c) => setName(pb, c)),
        pj.capable.length,
      )}.${excludedNote()}`,
    );
  }
  if (pj.ops.length === 0)
    return out(
      'NO_OPERATOR_AVAILABLE',
      `No operator may take it: ${pb.operators.length === 0 ? 'none is eligible' : 'all eligible operators are avoided'}.`,
    );
  if (pj.classes.length === 0) {
    const needs = [...new Set(pj.needs.map((q) => q.join(' + ')))].filter(Boolean);
    return out(
      'NO_OPERATOR_AVAILABLE',
      `No operator holds what its machines require (${list(needs)}), valid through ${iso(pj.we)}.`,
    );
  }
  // machines free at some start? then the operators were the bottleneck
  const cal = pb.cal;
  for (const cl of pj.classes) {
    for (let k = pj.k0; k <= cl.k1; k++) {
      if (!cal.partsOk(k, cl.work)) continue;
      const s = cal.starts[k]!;
      const e = cal.endOf(k, cl.work);
      const free = firstFreeSet(cl.fam, (m) => sol.mTl[m]!.blockedUntil(s, e) === 0);
      if (free) {
        return out(
          'NO_OPERATOR_AVAILABLE',
          `${setName(pb, free)} is free from ${iso(s)}, but none of the ${cl.ops.length} operators considered (${list(cl.ops.map((oi) => pb.operators[oi]!.name))}) is free for ${(cl.work * cal.slot) / HOUR} working hours in ${window} at the same time as a capable machine.`,
        );
      }
    }
  }
  const sets = pj.classes.flatMap((cl) => setsOf(cl.fam, 9));
  const size = pj.classes.reduce((n, cl) => n + cl.fam.size, 0);
  return out(
    'NO_MACHINE_AVAILABLE',
    `All ${size} usable machine sets (${list(
      sets.slice(0, 9).map((c) => setName(pb, c)),
      size,
    )}) are booked at every start in ${window} that leaves ${(pj.work * cal.slot) / HOUR} working hours.${excludedNote()}`,
  );
}

/** the machines of a capable-set list, ascending (one list per operation, shared by its jobs) */
const machinesByCapable = new WeakMap<readonly CSet[], number[]>();
function capableMachines(capable: readonly CSet[]): number[] {
  let got = machinesByCapable.get(capable);
  if (!got) {
    const ids = new Set<number>();
    for (const c of capable) {
      ids.add(c.lead);
      if (c.impl >= 0) ids.add(c.impl);
    }
    machinesByCapable.set(capable, (got = [...ids].sort((a, b) => a - b)));
  }
  return got;
}

/** at most 8 names, then a count (`total`: how many there are when `names` holds only the first ones) */
function list(names: readonly string[], total = names.length): string {
  return total <= 8 ? names.join(', ') : `${names.slice(0, 8).join(', ')} and ${total - 8} more`;
}
