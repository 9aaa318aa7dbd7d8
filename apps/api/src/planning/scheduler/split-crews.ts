import { WorkCalendar, iso, parseInstant, resolveOptions } from './calendar.js';
import type { ScheduleItem, ScheduleResult, SchedJob, SchedulerInput } from './types.js';
import { setRate } from './world-rules.js';

/**
 * A split's crews and where they are free (split-sizing.ts shares the field among them): a crew's
 * output for the job's operation and its free stretches — the runs of consecutive working slots it,
 * its implement and its operator are free by every rule of the scheduler (other bookings and the
 * draft's, the operator's day limit and leave, daylight, breaks), found with the scheduler on that
 * crew alone — earliest first.
 */

export type Schedule = (input: SchedulerInput) => ScheduleResult;
export type Busy = SchedulerInput['busy'];

export interface Crew {
  primaryAssetId: string;
  implementAssetIds: string[];
  operatorMembershipId: string;
}

/** One free stretch of a crew: its booking span and the start instants of its working slots. */
export interface Stretch {
  startsAt: string;
  endsAt: string;
  slots: number[];
}

/** A crew's output (ha/h), the length of a slot (ms) and its free stretches from `from` on, earliest first. */
export interface CrewStretches {
  rateHaPerHour: number;
  slotMs: number;
  stretches: Stretch[];
  /** when the crew alone, in at most `maxParts` of these stretches, would be done (Infinity: not in the window) */
  doneAt: number;
}

/** What one crew can do in the window: its rate (ha/h), usable hours, capacity (ha) and where (its first free stretch). */
export interface CrewCapacity {
  rateHaPerHour: number;
  hours: number;
  areaHa: number;
  span: { startsAt: string; endsAt: string } | null;
}

/** at most this many free stretches of one crew are looked at (earliest first) */
export const MAX_STRETCHES = 24;

const SUB = { restarts: 1, deadlineOptions: false, splitJobs: false } as const;
const round2 = (x: number) => Math.round(x * 100) / 100;

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

/** filters that let only the crew's machines and its operator through */
export const onCrew = (c: Crew) => {
  const set = new Set([c.primaryAssetId, ...c.implementAssetIds]);
  return [(id: string) => set.has(id), (id: string) => id === c.operatorMembershipId] as const;
};

/**
 * The crew's free stretches on the job from `from` to the window's end, earliest first: the first
 * slot the scheduler places one slot of work on that crew alone, then the most consecutive working
 * slots it places from there (bisection), then on from that stretch's end. Stops at MAX_STRETCHES,
 * at a stretch starting at or after `until`, or once the crew alone could do `areaHa` in at most
 * `maxParts` of its stretches (a later stretch never makes the field finish sooner).
 */
export function crewStretches(
  input: SchedulerInput,
  job: SchedJob,
  crew: Crew,
  busy: Busy,
  run: Schedule,
  o: { from?: string; until?: number; areaHa?: number; maxParts?: number } = {},
): CrewStretches | null {
  const rate = crewRate(input, job, crew);
  if (!rate) return null;
  const opts = resolveOptions(input);
  const now = parseInstant(input.now, 'now');
  const start = Math.max(parseInstant(o.from ?? job.windowStart, 'from'), now);
  const end = parseInstant(job.windowEnd, 'windowEnd');
  const cal = new WorkCalendar(opts, now, start, end);
  const slotH = opts.granularityMinutes / 60;
  const [machine, operator] = onCrew(crew);
  const minSlots = Math.max(1, Math.ceil(((opts.minPartHours ?? 0) * 60) / opts.granularityMinutes - 1e-9));
  const mine = new Set([crew.primaryAssetId, ...crew.implementAssetIds]);
  const held = [
    ...busy.machines.filter((b) => mine.has(b.assetId)),
    ...busy.operators.filter((b) => b.membershipId === crew.operatorMembershipId),
  ].map((b) => [Date.parse(b.startsAt), Date.parse(b.endsAt)] as const);
  /** the start of the crew's next booking after `t` (its machines' and operator's; the window's end when none) */
  const nextBusy = (t: number) => Math.min(end, ...held.filter(([a, b]) => b > t && a >= t).map(([a]) => a));
  const place = (k: number, at: number) =>
    runPiece(
      input,
      run,
      busy,
      { ...pieceOf(job, `${job.id}#cap`, rate * k * slotH, iso(at)), estimatedHours: k * slotH },
      machine,
      operator,
    );
  const stretches: Stretch[] = [];
  let cursor = start;
  let doneAt = Infinity;
  const area = o.areaHa ?? Infinity;
  while (stretches.length < MAX_STRETCHES && cursor < end && doneAt === Infinity) {
    const first = place(1, cursor);
    if (!first) break;
    const s = Date.parse(first.startsAt);
    if (s >= (o.until ?? Infinity)) break;
    const i0 = cal.firstAtOrAfter(s);
    // at most up to the crew's next booking (most stretches end there: tried first), then bisection;
    // a longer piece may fit where a slightly shorter one leaves a scrap on its last day (minPartHours)
    const last = Math.min(cal.firstAtOrAfter(end - cal.slot + 1), cal.firstAtOrAfter(nextBusy(s) - cal.slot + 1));
    let lo = 1;
    let hi = Math.max(1, last - i0);
    let got = first;
    const at = (k: number) => {
      const g = place(k, s);
      return g && Date.parse(g.startsAt) === s ? g : null;
    };
    for (let grow = true; grow;) {
      grow = false;
      const top = hi > lo ? at(hi) : null;
      if (top) [lo, got] = [hi, top];
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        const g = at(mid);
        if (g) [lo, got] = [mid, g];
        else hi = mid - 1;
      }
      for (let j = 1; j <= minSlots && lo + j <= last - i0; j++) {
        const g = at(lo + j);
        if (!g) continue;
        [lo, got, hi, grow] = [lo + j, g, Math.max(1, last - i0), true];
        break;
      }
    }
    if (Date.parse(got.endsAt) !== cal.endOf(i0, lo)) got = place(lo, s) ?? got;
    stretches.push({ startsAt: got.startsAt, endsAt: got.endsAt, slots: cal.starts.slice(i0, i0 + lo) });
    cursor = Math.max(Date.parse(got.endsAt), s + cal.slot);
    // done once this stretch and the best (maxParts − 1) before it do the field: at the slot that does it
    const before = stretches
      .slice(0, -1)
      .map((x) => x.slots.length)
      .sort((a, b) => b - a)
      .slice(0, (o.maxParts ?? Infinity) - 1)
      .reduce((a, b) => a + b, 0);
    const need = Math.max(1, Math.ceil(area / (rate * slotH) - before - 1e-6));
    if (need <= lo) doneAt = cal.starts[i0 + need - 1]! + cal.slot;
  }
  return { rateHaPerHour: rate, slotMs: cal.slot, stretches, doneAt };
}

/**
 * What `crew` can do on the job from `from` until `until` (the window's end when not given): its
 * output times the working hours of its free stretches there (earliest first, at most
 * MAX_STRETCHES); `span` is its first stretch.
 */
export function crewCapacity(
  input: SchedulerInput,
  job: SchedJob,
  crew: Crew,
  busy: Busy,
  run: Schedule,
  span: { from?: string; until?: number } = {},
): CrewCapacity | null {
  const from = span.from ?? job.windowStart;
  const until = span.until ?? Infinity;
  const got = crewStretches(input, job, crew, busy, run, { from, until });
  if (!got) return null;
  const slots = got.stretches.reduce((a, s) => a + s.slots.filter((t) => t + got.slotMs <= until).length, 0);
  const hours = round2((slots * got.slotMs) / 3_600_000);
  const first = got.stretches[0];
  return {
    rateHaPerHour: got.rateHaPerHour,
    hours,
    areaHa: round2(got.rateHaPerHour * hours),
    span: first ? { startsAt: first.startsAt, endsAt: first.endsAt } : null,
  };
}
