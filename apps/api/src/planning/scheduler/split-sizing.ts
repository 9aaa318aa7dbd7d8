import { HOUR, resolveOptions } from './calendar.js';
import {
  crewStretches,
  onCrew,
  pieceOf,
  runPiece,
  type Busy,
  type Crew,
  type CrewCapacity,
  type CrewStretches,
  type Schedule,
  type Stretch,
} from './split-crews.js';
import type { ScheduleItem, SchedJob, SchedulerInput } from './types.js';

export {
  crewCapacity,
  crewRate,
  crewStretches,
  partHours,
  pieceOf,
  runPiece,
  type Busy,
  type Crew,
  type CrewCapacity,
  type Schedule,
} from './split-crews.js';

/**
 * How a split job's field is shared (the one rule, for the scheduler's split, the follow-up
 * "让两台一起收" and the deadline SPLIT option): a dispatcher splits a field to finish it SOONER, so
 * the parts go where the field is done first. Each chosen machine set (a crew: lead, implements,
 * operator) has its output for the operation (ha/h) and its free stretches from the start on
 * (split-crews.ts: by every rule of the scheduler). The finish is the earliest instant T at which the
 * crews, each working every free stretch of theirs up to T, have done the field: the earliest
 * stretches first, several stretches of one crew adding up. Each stretch worked before T is a part
 * (parts of one crew one after the other are valid: "split across days or around a booking"),
 * sized by what its crew does there by T (output × working hours), scaled to the job's area: each
 * rounded to 0.1 ha and never above that, the remainder on the last part. A part shorter than the
 * calendar's `minPartHours` (one slot at least) is no part (a scrap); at most MAX_SPLIT_PARTS parts.
 * When one stretch of one crew alone does the field by T, a split finishes no sooner: the
 * scheduler places the job whole, and an asked split is not made (NO_GAIN, the reason said).
 */

/** the most parts a job is split into */
export const MAX_SPLIT_PARTS = 4;

/** A share smaller than this is no part (a crew that can do less is left out of the split). */
export const MIN_SHARE_HA = 0.1;

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

/**
 * The next crew for the job: the set and operator the scheduler itself picks for a piece of
 * `areaHa` among the machines and people not in `taken` (a smaller piece when that one fits nobody).
 * Not `exclusive` (the scheduler's split): only `taken`'s lead machines are left out; their
 * implements and people may work another crew's stretches at other times (held, never overlapping).
 */
export function nextCrew(
  input: SchedulerInput,
  job: SchedJob,
  taken: readonly Crew[],
  busy: Busy,
  run: Schedule,
  areaHa: number,
  from = job.windowStart,
  exclusive = true,
): Crew | null {
  const usedM = new Set(
    taken.flatMap((c) => (exclusive ? [c.primaryAssetId, ...c.implementAssetIds] : [c.primaryAssetId])),
  );
  const usedO = new Set(exclusive ? taken.map((c) => c.operatorMembershipId) : []);
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

/** `busy` and the free stretches of `crews` (but the `except`-th) held: what another crew may not use. */
function holding(busy: Busy, crews: readonly Crew[], found: readonly CrewStretches[], except = -1): Busy {
  const held = crews.flatMap((c, k) => (k === except ? [] : found[k]!.stretches.map((sp) => [c, sp] as const)));
  const at = (sp: Stretch) => ({ startsAt: sp.startsAt, endsAt: sp.endsAt });
  return {
    machines: [
      ...busy.machines,
      ...held.flatMap(([c, sp]) =>
        [c.primaryAssetId, ...c.implementAssetIds].map((assetId) => ({ assetId, ...at(sp) })),
      ),
    ],
    operators: [...busy.operators, ...held.map(([c, sp]) => ({ membershipId: c.operatorMembershipId, ...at(sp) }))],
  };
}

/** One stretch of crew `crew` worked up to the finish: its slots there and what they do (ha). */
export interface StretchUse {
  crew: number;
  stretch: Stretch;
  slots: number;
  areaHa: number;
}

/**
 * The earliest finish T (a slot's end) at which at most `maxParts` of the crews' stretches, each
 * worked up to T, do `areaHa`, and those stretches: at each T the stretches that do most by then (a
 * stretch worked fewer than `minSlots` slots by T is a scrap and does nothing), T the least at which
 * they do the field (what they do never shrinks as T grows: bisection over the slot ends). `alone`:
 * one stretch does it all by T (a split would finish no sooner). Null when they cannot do it.
 */
export function earliestFinish(
  areaHa: number,
  crews: readonly CrewStretches[],
  o: { maxParts: number; minSlots: number },
): { finish: number; uses: StretchUse[]; alone: boolean } | null {
  const pool = crews.flatMap((c, crew) => c.stretches.map((stretch) => ({ crew, stretch })));
  const best = (T: number) =>
    pool
      .map(({ crew, stretch }) => {
        const c = crews[crew]!;
        const n = stretch.slots.filter((t) => t + c.slotMs <= T).length;
        const slots = n >= o.minSlots ? n : 0;
        return { crew, stretch, slots, areaHa: round2((c.rateHaPerHour * slots * c.slotMs) / HOUR) };
      })
      .filter((u) => u.slots > 0)
      .sort((a, b) => b.areaHa - a.areaHa || a.stretch.slots[0]! - b.stretch.slots[0]!)
      .slice(0, o.maxParts);
  const doneBy = (T: number) => best(T).reduce((a, u) => a + u.areaHa, 0) + 1e-6 >= areaHa;
  const ends = [...new Set(pool.flatMap((p) => p.stretch.slots.map((t) => t + crews[p.crew]!.slotMs)))].sort(
    (a, b) => a - b,
  );
  if (!ends.length || !doneBy(ends.at(-1)!)) return null;
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (doneBy(ends[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  const finish = ends[lo]!;
  const uses = best(finish);
  const one = uses.find((u) => u.areaHa + 1e-6 >= areaHa);
  if (one) return { finish, uses: [one], alone: true };
  // the fewest of them that do it (the largest first): a stretch the field needs no share of is no part
  const need: StretchUse[] = [];
  for (const u of uses) if (need.reduce((a, x) => a + x.areaHa, 0) + 1e-6 < areaHa) need.push(u);
  return { finish, uses: need, alone: false };
}

type Placed = Omit<ScheduleItem, 'itemKey'>;

export type SplitFailure = 'NO_OTHER_MACHINE' | 'TOO_LITTLE' | 'NOT_PLACED' | 'NO_GAIN';

export type SplitPlan =
  | { kind: 'PARTS' | 'WHOLE'; items: Placed[]; capacities: CrewCapacity[]; finish: string }
  | {
      kind: 'FAILED';
      failure: SplitFailure;
      /** NO_GAIN: when one crew alone finishes, and the other crews' first free instant in the window (null: none) */
      finish?: string;
      others?: { crew: Crew; freeFrom: string | null }[];
    };

/**
 * A split, sized and placed. `parts` given (asked: "两台一起收"): that many crews on as many
 * machines and people, `first` (the item's own) first, the rest picked by the scheduler; a crew whose
 * stretches would not make the field finish sooner gets no part, and when no other crew helps the
 * split is not made (NO_GAIN). Not given (the scheduler's split): crews are picked until together
 * they can do the field, at most `max`; when one stretch of one crew can do it all, the job stays
 * whole on it. Then the earliest finish (above) and each stretch worked before it a part, placed on
 * its crew from its stretch's start with the other crews' stretches held.
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
  const found: CrewStretches[] = [];
  let until = Infinity;
  const maxParts = Math.max(MAX_SPLIT_PARTS, want);
  const add = (c: Crew) => {
    const got = crewStretches(input, job, c, holding(busy, crews, found), run, { from, until, areaHa: area, maxParts });
    if (!got || (!o.parts && got.stretches.length === 0)) return false;
    crews.push(c);
    found.push(got);
    // a stretch starting after some crew alone is done never makes the field finish sooner
    until = Math.min(until, got.doneAt);
    return true;
  };
  for (const c of o.first ?? []) add(c);
  // as many crews as it takes one free stretch each (the longest) to do the field; all their stretches are then worked
  const longest = (c: CrewStretches) => Math.max(0, ...c.stretches.map((x) => x.slots.length));
  const capacity = () => found.reduce((a, c) => a + (c.rateHaPerHour * c.slotMs * longest(c)) / HOUR, 0);
  const enough = () => !o.parts && capacity() + 1e-6 >= area;
  while (crews.length < want && !enough()) {
    // every stretch of a crew that can help is already in: another crew is another machine (and person, when asked)
    const c = nextCrew(input, job, crews, holding(busy, crews, found), run, area / want, from, !!o.parts);
    if (!c || !add(c)) break;
  }
  if (o.parts && crews.length < o.parts) return { kind: 'FAILED', failure: 'NO_OTHER_MACHINE' };
  const opts = resolveOptions(input);
  const minSlots = Math.max(1, Math.ceil(((opts.minPartHours ?? 0) * 60) / opts.granularityMinutes - 1e-9));
  const best = earliestFinish(area, found, { maxParts, minSlots });
  if (!best) return { kind: 'FAILED', failure: 'TOO_LITTLE' };
  if (o.parts && (best.alone || new Set(best.uses.map((u) => u.crew)).size < 2))
    return {
      kind: 'FAILED',
      failure: 'NO_GAIN',
      finish: new Date(best.finish).toISOString(),
      others: crews.slice(1).map((crew, k) => ({ crew, freeFrom: found[k + 1]!.stretches[0]?.startsAt ?? null })),
    };
  const uses = [...best.uses].sort((a, b) => a.crew - b.crew || a.stretch.slots[0]! - b.stretch.slots[0]!);
  const areas = best.alone
    ? [area]
    : sizeShares(
        area,
        uses.map((u) => u.areaHa),
      );
  if (!areas) return { kind: 'FAILED', failure: 'TOO_LITTLE' };
  const items: Placed[] = [];
  for (const [x, u] of uses.entries()) {
    const [machine, operator] = onCrew(crews[u.crew]!);
    const piece = pieceOf(job, `${job.id}#${x + 1}`, areas[x]!, u.stretch.startsAt);
    const held = holding(busy, crews, found, u.crew);
    const got = runPiece(input, run, withItems(held, items), piece, machine, operator);
    if (!got) return { kind: 'FAILED', failure: 'NOT_PLACED' };
    items.push({
      jobId: job.id,
      primaryAssetId: got.primaryAssetId,
      implementAssetIds: [...got.implementAssetIds],
      operatorMembershipId: got.operatorMembershipId,
      startsAt: got.startsAt,
      endsAt: got.endsAt,
      ...(uses.length > 1 ? { part: { index: x + 1, of: uses.length, areaHa: areas[x]! } } : {}),
    });
  }
  const capacities = uses.map((u) => {
    const c = found[u.crew]!;
    const hours = round2((u.slots * c.slotMs) / HOUR);
    const span = { startsAt: u.stretch.startsAt, endsAt: u.stretch.endsAt };
    return { rateHaPerHour: c.rateHaPerHour, hours, areaHa: u.areaHa, span };
  });
  const finish = items
    .map((i) => i.endsAt)
    .sort()
    .at(-1)!;
  return { kind: best.alone ? 'WHOLE' : 'PARTS', items, capacities, finish };
}

/** `busy` with the parts placed so far */
function withItems(busy: Busy, items: readonly Placed[]): Busy {
  return {
    machines: [
      ...busy.machines,
      ...items.flatMap((it) =>
        [it.primaryAssetId, ...it.implementAssetIds].map((assetId) => ({
          assetId,
          startsAt: it.startsAt,
          endsAt: it.endsAt,
        })),
      ),
    ],
    operators: [
      ...busy.operators,
      ...items.map((it) => ({ membershipId: it.operatorMembershipId, startsAt: it.startsAt, endsAt: it.endsAt })),
    ],
  };
}
