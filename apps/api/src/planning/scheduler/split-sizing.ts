import { WorkCalendar, parseInstant, resolveOptions } from './calendar.js';
import type { ScheduleItem, ScheduleResult, SchedJob, SchedulerInput } from './types.js';
import { setRate } from './world-rules.js';

/**
 * How a split job's field is shared (the one rule, for the scheduler's split and the follow-up
 * "让两台一起收"): each chosen machine set (a crew: lead, implements, operator) can do
 * rate × usable hours in the window — its output for the operation (ha/h), and the longest stretch
 * it, its implement and its operator are free there by every rule of the scheduler (its own other
 * bookings and the draft's, the operator's day limit and leave, daylight, breaks). The shares are
 * proportional to those capacities, scaled so the parts cover the job's area exactly: each rounded
 * to 0.1 ha, never above what its crew can do, the remainder on the last part. When one crew alone
 * can do the whole field, the scheduler does not split.
 */

export type Schedule = (input: SchedulerInput) => ScheduleResult;
type Busy = SchedulerInput['busy'];

export interface Crew {
  primaryAssetId: string;
  implementAssetIds: string[];
  operatorMembershipId: string;
}

/** What one crew can do in the window: its rate (ha/h), usable hours, capacity (ha) and where (its longest free stretch). */
export interface CrewCapacity {
  rateHaPerHour: number;
  hours: number;
  areaHa: number;
  span: { startsAt: string; endsAt: string } | null;
}

/** A share smaller than this is no part (a crew that can do less is left out of the split). */
export const MIN_SHARE_HA = 0.1;

const SUB = { restarts: 1, deadlineOptions: false, splitJobs: false } as const;
const round2 = (x: number) => Math.round(x * 100) / 100;
const floor1 = (x: number) => Math.floor(x * 10 + 1e-6) / 10;
const ceil1 = (x: number) => Math.ceil(x * 10 - 1e-6) / 10;

/**
 * `areaHa` shared in proportion to `capacities` (ha each crew can do): every share but the last
 * rounded to 0.1 ha and never above its crew's capacity, the last the remainder (0.01 ha), excess
 * over the last crew's capacity moved to crews with room. Null when together they cannot do it.
 */
export function sizeShares(areaHa: number, capacities: readonly number[]): number[] | null {
  const n = capacities.length;
  const total = capacities.reduce((a, b) => a + b, 0);
  if (n === 0 || total + 1e-6 < areaHa) return null;
  const shares = capacities.map((c, i) =>
    i === n - 1 ? 0 : Math.min(Math.round(((areaHa * c) / total) * 10) / 10, floor1(c)),
  );
  const rest = () => round2(areaHa - shares.slice(0, -1).reduce((a, b) => a + b, 0));
  let excess = round2(rest() - capacities[n - 1]!);
  // in 0.1 ha steps; only capacities off the 0.1 grid may need the last hundredths
  for (const grid of [true, false])
    for (let i = 0; i < n - 1 && excess > 0; i++) {
      const room = round2((grid ? floor1(capacities[i]!) : capacities[i]!) - shares[i]!);
      const add = Math.min(room, grid ? ceil1(excess) : excess);
      if (add <= 0) continue;
      shares[i] = round2(shares[i]! + add);
      excess = round2(excess - add);
    }
  shares[n - 1] = rest();
  return excess <= 0 && shares.every((s) => s > 0) ? shares : null;
}

/** A crew's output for the job's operation: its set's rate, else the job's own (area ÷ estimate). */
export function crewRate(input: SchedulerInput, job: SchedJob, crew: Crew): number | null {
  const byId = new Map(input.machines.map((m) => [m.id, m]));
  const lead = byId.get(crew.primaryAssetId);
  const impl = crew.implementAssetIds.map((id) => byId.get(id)).find((m) => !!m) ?? null;
  const rate = lead ? setRate(lead, impl, job.operationType) : null;
  if (rate) return rate;
  return job.areaHa && job.areaHa > 0 && job.estimatedHours > 0 ? job.areaHa / job.estimatedHours : null;
}

/** About how many hours a part of `areaHa` takes its crew (its output), null when the output is unknown. */
export function partHours(input: SchedulerInput, job: SchedJob, crew: Crew, areaHa: number): number | null {
  const r = crewRate(input, job, crew);
  return r ? areaHa / r : null;
}

/** The job as a piece of `areaHa` (its hours the share of the estimate), from `from` on. */
export function pieceOf(job: SchedJob, id: string, areaHa: number, from = job.windowStart): SchedJob {
  return {
    ...job,
    id,
    after: [],
    areaHa,
    estimatedHours: job.areaHa ? (job.estimatedHours * areaHa) / job.areaHa : job.estimatedHours,
    windowStart: from,
  };
}

/** One scheduler run of one piece on the machines and operators the filters let through. */
export function runPiece(
  input: SchedulerInput,
  run: Schedule,
  busy: Busy,
  piece: SchedJob,
  machine: (id: string) => boolean,
  operator: (id: string) => boolean,
): ScheduleItem | undefined {
  return run({
    ...input,
    jobs: [piece],
    machines: input.machines.filter((m) => machine(m.id)),
    operators: input.operators.filter((o) => operator(o.membershipId)),
    busy,
    options: { ...input.options, ...SUB },
  }).items[0];
}

const onCrew = (c: Crew) => {
  const set = new Set([c.primaryAssetId, ...c.implementAssetIds]);
  return [(id: string) => set.has(id), (id: string) => id === c.operatorMembershipId] as const;
};

/**
 * What `crew` can do on the job from `from` to the window's end: the longest piece the scheduler
 * places on that crew alone (whole working slots, found by bisection), times its rate.
 */
export function crewCapacity(
  input: SchedulerInput,
  job: SchedJob,
  crew: Crew,
  busy: Busy,
  run: Schedule,
  from = job.windowStart,
): CrewCapacity | null {
  const rate = crewRate(input, job, crew);
  if (!rate) return null;
  const opts = resolveOptions(input);
  const now = parseInstant(input.now, 'now');
  const start = Math.max(parseInstant(from, 'from'), now);
  const end = parseInstant(job.windowEnd, 'windowEnd');
  const cal = new WorkCalendar(opts, now, start, end);
  const slotH = opts.granularityMinutes / 60;
  const [machine, operator] = onCrew(crew);
  let span: CrewCapacity['span'] = null;
  const fits = (k: number) => {
    const got = runPiece(
      input,
      run,
      busy,
      { ...pieceOf(job, `${job.id}#cap`, rate * k * slotH, from), estimatedHours: k * slotH },
      machine,
      operator,
    );
    if (got) span = { startsAt: got.startsAt, endsAt: got.endsAt };
    return !!got;
  };
  let lo = 0;
  let hi = cal.starts.filter((t) => t >= start && t + cal.slot <= end).length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  // the bisection's last success may be shorter than the answer: the answer's own stretch
  if (lo > 0) fits(lo);
  const hours = lo * slotH;
  return { rateHaPerHour: rate, hours, areaHa: round2(rate * hours), span: lo > 0 ? span : null };
}

/**
 * The next crew for the job: the set and operator the scheduler itself picks for a piece of
 * `areaHa` among the machines and people not in `taken` (a smaller piece when that one fits nobody).
 */
export function nextCrew(
  input: SchedulerInput,
  job: SchedJob,
  taken: readonly Crew[],
  busy: Busy,
  run: Schedule,
  areaHa: number,
  from = job.windowStart,
): Crew | null {
  const usedM = new Set(taken.flatMap((c) => [c.primaryAssetId, ...c.implementAssetIds]));
  const usedO = new Set(taken.map((c) => c.operatorMembershipId));
  for (const a of [areaHa, areaHa / 4, MIN_SHARE_HA]) {
    const got = runPiece(
      input,
      run,
      busy,
      pieceOf(job, `${job.id}#pick`, a, from),
      (id) => !usedM.has(id),
      (id) => !usedO.has(id),
    );
    if (got)
      return {
        primaryAssetId: got.primaryAssetId,
        implementAssetIds: [...got.implementAssetIds],
        operatorMembershipId: got.operatorMembershipId,
      };
  }
  return null;
}

/** `busy` and the stretches of `crews` (but the `except`-th) held: what another crew may not use. */
function holding(busy: Busy, crews: readonly Crew[], caps: readonly CrewCapacity[], except = -1): Busy {
  const held = crews.flatMap((c, k) => (k !== except && caps[k]!.span ? [[c, caps[k]!.span!] as const] : []));
  return {
    machines: [
      ...busy.machines,
      ...held.flatMap(([c, sp]) => [c.primaryAssetId, ...c.implementAssetIds].map((assetId) => ({ assetId, ...sp }))),
    ],
    operators: [...busy.operators, ...held.map(([c, sp]) => ({ membershipId: c.operatorMembershipId, ...sp }))],
  };
}

type Placed = Omit<ScheduleItem, 'itemKey'>;

export type SplitPlan =
  | { kind: 'PARTS' | 'WHOLE'; items: Placed[]; capacities: CrewCapacity[] }
  | { kind: 'FAILED'; failure: 'NO_OTHER_MACHINE' | 'TOO_LITTLE' | 'NOT_PLACED' };

/**
 * A split, sized and placed. `parts` given (asked: "两台一起收"): exactly that many crews on as many
 * machines and people, `first` (the item's own) first, the rest picked by the scheduler. Not given
 * (the scheduler's split): crews are picked until together they can do the field, at most `max`;
 * a crew may come back for another free stretch of its machine (split across days or around a
 * booking), never overlapping its own; when one crew can do it all, the job stays whole on it.
 * Each share then goes on its crew (from `from`) with the other crews' stretches held.
 */
export function planSplit(
  input: SchedulerInput,
  job: SchedJob,
  busy: Busy,
  run: Schedule,
  o: { first?: readonly Crew[]; parts?: number; max: number; from?: string },
): SplitPlan {
  const area = job.areaHa ?? 0;
  const from = o.from ?? job.windowStart;
  const want = o.parts ?? o.max;
  const crews: Crew[] = [];
  const caps: CrewCapacity[] = [];
  const add = (c: Crew) => {
    const cap = crewCapacity(input, job, c, holding(busy, crews, caps), run, from);
    if (!cap || (!o.parts && cap.areaHa < MIN_SHARE_HA)) return false;
    crews.push(c);
    caps.push(cap);
    return true;
  };
  for (const c of o.first ?? []) add(c);
  const enough = () => !o.parts && caps.reduce((a, c) => a + c.areaHa, 0) >= area;
  while (crews.length < want && !enough()) {
    const held = holding(busy, crews, caps);
    const c = nextCrew(input, job, o.parts ? crews : [], held, run, area / want, from);
    if (!c || !add(c)) break;
  }
  if (o.parts && crews.length < o.parts) return { kind: 'FAILED', failure: 'NO_OTHER_MACHINE' };
  const alone = o.parts ? -1 : caps.findIndex((c) => c.areaHa >= area);
  const use = alone >= 0 ? [alone] : crews.map((_, k) => k);
  const areas =
    alone >= 0
      ? [area]
      : crews.length > 1
        ? sizeShares(
            area,
            caps.map((c) => c.areaHa),
          )
        : null;
  if (!areas) return { kind: 'FAILED', failure: 'TOO_LITTLE' };
  const items: Placed[] = [];
  for (const [x, k] of use.entries()) {
    const [machine, operator] = onCrew(crews[k]!);
    const piece = pieceOf(job, `${job.id}#${x + 1}`, areas[x]!, from);
    const got = runPiece(input, run, holding(busy, crews, caps, k), piece, machine, operator);
    if (!got) return { kind: 'FAILED', failure: 'NOT_PLACED' };
    items.push({
      jobId: job.id,
      primaryAssetId: got.primaryAssetId,
      implementAssetIds: [...got.implementAssetIds],
      operatorMembershipId: got.operatorMembershipId,
      startsAt: got.startsAt,
      endsAt: got.endsAt,
      ...(use.length > 1 ? { part: { index: x + 1, of: use.length, areaHa: areas[x]! } } : {}),
    });
  }
  return { kind: alone >= 0 ? 'WHOLE' : 'PARTS', items, capacities: use.map((k) => caps[k]!) };
}
