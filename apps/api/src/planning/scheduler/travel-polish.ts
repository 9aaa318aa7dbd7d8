import { WorkCalendar, parseInstant, resolveOptions } from './calendar.js';
import { itemKeyOf } from './report.js';
import { travelMs } from './travel-timeline.js';
import { kmBetween, machineSequences } from './validator-travel.js';
import type { DraftItem, ScheduleResult, SchedulerInput } from './types.js';

/**
 * Less travel among otherwise equal plans. Two items of the same machine set and operator whose
 * time slots hold the same working time can swap slots: the jobs placed, the sum of starts
 * (earliness), the machine changes and every resource's busy time stay exactly the same, so the
 * objective (scheduler.ts) cannot tell the two plans apart. A swap is kept when it shortens the
 * machine's road km and both jobs stay inside their windows, after the jobs they wait for, before
 * the jobs that wait for them, and no pair of the set's items becomes unreachable in time. Repeated until
 * no swap helps (each kept swap strictly shortens a finite total, so it ends).
 */
export function polishTravel<I extends DraftItem>(input: SchedulerInput, items: readonly I[]): I[] {
  const travel = input.travel;
  if (!travel || items.length < 2) return [...items];
  const out = items.map((it) => ({ ...it }));
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  const index = new Map(travel.fieldIds.map((id, i) => [id, i]));
  const cal = new WorkCalendar(resolveOptions(input), parseInstant(input.now, 'now'), 0, 0);
  const itemOfJob = new Map(out.map((it, i) => [it.jobId, i]));
  const waitsFor = new Map<string, string[]>();
  for (const j of input.jobs) for (const p of j.after ?? []) waitsFor.set(p, [...(waitsFor.get(p) ?? []), j.id]);
  const fieldOf = (i: number) => jobs.get(out[i]!.jobId)?.fieldId ?? '';
  const km = (a: number, b: number) => kmBetween(travel, index, fieldOf(a), fieldOf(b)) ?? 0;
  const setKey = (it: DraftItem) =>
    [it.primaryAssetId, [...it.implementAssetIds].sort().join(','), it.operatorMembershipId].join('|');
  const work = (it: DraftItem) => cal.workingTimeIn(Date.parse(it.startsAt), Date.parse(it.endsAt));
  const seqKm = (seq: readonly number[]) => seq.slice(1).reduce((t, x, n) => t + km(seq[n]!, x), 0);

  /** job i in the slot [s, e): inside its window and in order with the jobs around it on its field */
  const fits = (i: number, s: number, e: number) => {
    const job = jobs.get(out[i]!.jobId);
    if (!job || s < Date.parse(job.windowStart) || e > Date.parse(job.windowEnd)) return false;
    for (const p of job.after ?? []) {
      const pi = itemOfJob.get(p);
      if (pi !== undefined && Date.parse(out[pi]!.endsAt) > s) return false;
    }
    for (const n of waitsFor.get(job.id) ?? []) {
      const ni = itemOfJob.get(n);
      if (ni !== undefined && Date.parse(out[ni]!.startsAt) < e) return false;
    }
    return true;
  };
  /** each machine's items in start order (kept up to date as swaps are kept) */
  let seqs = machineSequences(out);
  /** a and b trade places in the start order of every machine of their set (both are on each) */
  const tradePlaces = (machineIds: readonly string[], a: number, b: number) => {
    for (const id of machineIds) {
      const seq = seqs.get(id);
      if (!seq) continue;
      const [x, y] = [seq.indexOf(a), seq.indexOf(b)];
      if (x >= 0 && y >= 0) [seq[x], seq[y]] = [b, a];
    }
  };
  /** pairs of consecutive items, on the set's machines, the machine cannot drive between in time */
  const short = (machineIds: readonly string[]) => {
    let n = 0;
    for (const id of machineIds) {
      const speed = travel.speedKmh[id];
      const seq = seqs.get(id) ?? [];
      if (!speed) continue;
      for (let x = 1; x < seq.length; x++) {
        const need = travelMs(km(seq[x - 1]!, seq[x]!), speed);
        if (Date.parse(out[seq[x]!]!.startsAt) - Date.parse(out[seq[x - 1]!]!.endsAt) < need) n++;
      }
    }
    return n;
  };
  const swap = (a: number, b: number) => {
    const A = out[a]!;
    const B = out[b]!;
    [A.startsAt, B.startsAt] = [B.startsAt, A.startsAt];
    [A.endsAt, B.endsAt] = [B.endsAt, A.endsAt];
  };

  let improved = true;
  let rounds = 0;
  while (improved && rounds++ < 20) {
    improved = false;
    seqs = machineSequences(out);
    for (const [machineId, seq] of [...seqs].sort(([x], [y]) => (x < y ? -1 : 1))) {
      if (!travel.speedKmh[machineId] || seq.length < 3) continue;
      for (let x = 0; x < seq.length; x++)
        for (let y = x + 1; y < seq.length; y++) {
          const a = seq[x]!;
          const b = seq[y]!;
          const A = out[a]!;
          const B = out[b]!;
          if (A.primaryAssetId !== machineId || setKey(A) !== setKey(B) || work(A) !== work(B)) continue;
          // cheapest first: the road must get shorter at all
          const before = seqKm(seq);
          const after = seqKm(seq.map((i) => (i === a ? b : i === b ? a : i)));
          if (!(after < before - 1e-9)) continue;
          const set = [A.primaryAssetId, ...A.implementAssetIds];
          const shortBefore = short(set);
          swap(a, b);
          tradePlaces(set, a, b);
          const ok =
            fits(a, Date.parse(A.startsAt), Date.parse(A.endsAt)) &&
            fits(b, Date.parse(B.startsAt), Date.parse(B.endsAt)) &&
            // a plan the machines could drive stays so (a travel-blind one gets no worse)
            short(set) <= shortBefore;
          if (!ok) {
            swap(a, b);
            tradePlaces(set, a, b);
            continue;
          }
          improved = true;
        }
    }
  }
  return out;
}

/** Road km each machine drives between its consecutive items (by start), and the total. */
export function travelKm(
  input: SchedulerInput,
  items: readonly DraftItem[],
): { total: number; byMachine: Map<string, number> } {
  const byMachine = new Map<string, number>();
  const travel = input.travel;
  if (!travel) return { total: 0, byMachine };
  const fieldOf = new Map(input.jobs.map((j) => [j.id, j.fieldId]));
  const index = new Map(travel.fieldIds.map((id, i) => [id, i]));
  let total = 0;
  for (const [id, seq] of machineSequences(items)) {
    if (!items.some((it) => it.primaryAssetId === id)) continue; // implements ride along
    let sum = 0;
    for (let x = 1; x < seq.length; x++)
      sum +=
        kmBetween(
          travel,
          index,
          fieldOf.get(items[seq[x - 1]!]!.jobId) ?? '',
          fieldOf.get(items[seq[x]!]!.jobId) ?? '',
        ) ?? 0;
    byMachine.set(id, sum);
    total += sum;
  }
  return { total: Math.round(total * 100) / 100, byMachine };
}

/** The scheduler's result with its items polished for travel (keys re-derived for the moved items). */
export function polishResult(input: SchedulerInput, result: ScheduleResult): ScheduleResult {
  if (!input.travel) return result;
  const version = new Map(input.jobs.map((j) => [j.id, j.version ?? 0]));
  const items = polishTravel(input, result.items).map((it) => {
    const { itemKey: _k, ...rest } = it;
    return { ...rest, itemKey: itemKeyOf(rest, version.get(it.jobId) ?? 0) };
  });
  // by start, as the scheduler reports them
  items.sort((a, b) =>
    a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0,
  );
  return { ...result, items };
}
