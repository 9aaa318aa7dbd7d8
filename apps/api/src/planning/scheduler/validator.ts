import { DAY, HOUR, WorkCalendar, iso, parseInstant, resolveOptions } from './calendar.js';
import { checkWorld, needsHours } from './validator-world.js';
import { travelGaps } from './validator-travel.js';
import { checkParts, jobSpans, partJob } from './parts.js';
import type {
  BookingRef,
  DraftItem,
  SchedulerInput,
  ValidationResult,
  ValidationWarning,
  Violation,
  ViolationCode,
  WarningCode,
} from './types.js';

const LEAD_KINDS = new Set(['POWER_UNIT', 'SELF_PROPELLED']);

/**
 * Re-checks a draft (the scheduler's, or a hand-edited one) against every hard constraint
 * the assign endpoint enforces (jobs/assignments.service.ts), plus the existing bookings the
 * input carries and the items among themselves. Violations make a draft unexecutable;
 * warnings (avoided or due machines, outside working hours, shorter than the estimate) are
 * allowed but shown. All ranges are half-open: touching is not overlapping.
 */
export function validate(input: SchedulerInput, items: readonly DraftItem[]): ValidationResult {
  const opts = resolveOptions(input);
  const now = parseInstant(input.now, 'now');
  const jobs = new Map(input.jobs.map((j) => [j.id, j]));
  const machines = new Map(input.machines.map((m) => [m.id, m]));
  const operators = new Map(input.operators.map((o) => [o.membershipId, o]));
  const violations: Violation[] = [];
  const warnings: ValidationWarning[] = [];
  const v = (
    itemIndex: number,
    jobId: string,
    code: ViolationCode,
    message: string,
    otherItemIndex?: number,
    clash?: Violation['clash'],
  ) =>
    violations.push({
      itemIndex,
      jobId,
      code,
      message,
      ...(otherItemIndex === undefined ? {} : { otherItemIndex }),
      ...(clash ? { clash } : {}),
    });
  const w = (itemIndex: number, jobId: string, code: WarningCode, message: string) =>
    warnings.push({ itemIndex, jobId, code, message });

  const ranges = items.map((it) => [Date.parse(it.startsAt), Date.parse(it.endsAt)] as const);
  // only its working-hours arithmetic is used: no slot list needed
  const cal = new WorkCalendar(opts, now, 0, 0);
  const restricted = Boolean(
    opts.daylight || opts.workBreak || opts.maxDailyHours != null || opts.restWeekdays?.length,
  );
  const avoidA = new Set(opts.avoidAssetIds);
  const avoidO = new Set(opts.avoidOperatorIds);

  // existing bookings per resource
  const mBusy = group(
    input.busy.machines.map((b) => [b.assetId, Date.parse(b.startsAt), Date.parse(b.endsAt), b.label, b.ref] as const),
  );
  const oBusy = group(
    input.busy.operators.map(
      (b) => [b.membershipId, Date.parse(b.startsAt), Date.parse(b.endsAt), b.label, b.ref] as const,
    ),
  );
  const clashOf = (ref: BookingRef | undefined, bs: number, be: number): Violation['clash'] =>
    ref ? { kind: ref.kind, id: ref.id, startsAt: iso(bs), endsAt: iso(be) } : undefined;
  // this draft's own use of each resource, for overlaps between items
  const mUse = new Map<string, [number, number, number][]>();
  const oUse = new Map<string, [number, number, number][]>();
  const seenJob = new Map<string, number>();

  items.forEach((it, idx) => {
    const jobId = it.jobId;
    const job = jobs.get(jobId);
    if (!job) v(idx, jobId, 'UNKNOWN_JOB', `Job ${jobId} is not among the jobs being scheduled`);
    // a split job's parts are items of one job (checkParts); two whole items of a job are a duplicate
    const first = it.part ? undefined : seenJob.get(jobId);
    if (first !== undefined) v(idx, jobId, 'DUPLICATE_JOB', `Job ${jobId} already has item ${first}`, first);
    else if (!it.part) seenJob.set(jobId, idx);

    const [s, e] = ranges[idx]!;
    const rangeOk = !Number.isNaN(s) && !Number.isNaN(e) && s < e;
    if (!rangeOk)
      v(idx, jobId, 'INVALID_RANGE', `startsAt must be an instant before endsAt (${it.startsAt} – ${it.endsAt})`);
    if (rangeOk && s < now) v(idx, jobId, 'STARTS_IN_PAST', `Starts at ${it.startsAt}, before now (${input.now})`);
    if (rangeOk && job && (s < Date.parse(job.windowStart) || e > Date.parse(job.windowEnd))) {
      v(
        idx,
        jobId,
        'OUTSIDE_WINDOW',
        `${it.startsAt} – ${it.endsAt} is not inside the job's window ${job.windowStart} – ${job.windowEnd}`,
      );
    }

    // the machine set, in the assign endpoint's order of checks
    const ids = [it.primaryAssetId, ...it.implementAssetIds];
    const known = ids.map((id) => machines.get(id));
    ids.forEach((id, i) => {
      if (!known[i]) v(idx, jobId, 'UNKNOWN_MACHINE', `Machine ${id} is not among the machines being scheduled`);
    });
    const primary = known[0];
    if (primary && !LEAD_KINDS.has(primary.kind))
      v(
        idx,
        jobId,
        'INVALID_MACHINE_SET',
        `The primary machine ${primary.name} is a ${primary.kind}, not a power unit or self-propelled machine`,
      );
    it.implementAssetIds.forEach((id, i) => {
      const m = known[i + 1];
      if (m && m.kind !== 'IMPLEMENT')
        v(idx, jobId, 'INVALID_MACHINE_SET', `${m.name} is a ${m.kind}: only implements can be attached`);
    });
    if (new Set(ids).size !== ids.length)
      v(idx, jobId, 'INVALID_MACHINE_SET', 'A machine appears more than once in the set');
    for (const m of known) {
      if (m && m.status !== 'ACTIVE') v(idx, jobId, 'MACHINE_NOT_ACTIVE', `${m.name} is ${m.status}`);
      if (m && avoidA.has(m.id)) w(idx, jobId, 'AVOIDED_MACHINE', `${m.name} was to be avoided`);
      if (m && opts.avoidDueForMaintenance && m.dueForMaintenance)
        w(idx, jobId, 'DUE_FOR_MAINTENANCE', `${m.name} is due for maintenance`);
    }
    if (job && known.every(Boolean)) {
      const union = new Set(known.flatMap((m) => m!.operationTypes));
      if (!union.has(job.operationType))
        v(
          idx,
          jobId,
          'CAPABILITY_MISMATCH',
          `The set can do ${[...union].sort().join(', ') || 'nothing'}, not ${job.operationType}`,
        );
    }

    const op = operators.get(it.operatorMembershipId);
    if (!op) v(idx, jobId, 'UNKNOWN_OPERATOR', `Operator ${it.operatorMembershipId} is not an eligible operator`);
    else if (avoidO.has(op.membershipId)) w(idx, jobId, 'AVOIDED_OPERATOR', `${op.name} was to be avoided`);

    if (!rangeOk) return;
    for (const id of new Set(ids)) {
      for (const [bs, be, label, ref] of mBusy.get(id) ?? []) {
        if (bs < e && be > s && !ownBooking(ref, jobId))
          v(
            idx,
            jobId,
            'MACHINE_BUSY',
            `${machines.get(id)?.name ?? id} is already booked ${iso(bs)} – ${iso(be)}${label ? ` (${label})` : ''}`,
            undefined,
            clashOf(ref, bs, be),
          );
      }
      push(mUse, id, [s, e, idx]);
    }
    for (const [bs, be, label, ref] of oBusy.get(it.operatorMembershipId) ?? []) {
      if (bs < e && be > s && !ownBooking(ref, jobId))
        v(
          idx,
          jobId,
          ref?.kind === 'LEAVE' ? 'ON_LEAVE' : 'OPERATOR_BUSY',
          `${op?.name ?? it.operatorMembershipId} is ${ref?.kind === 'LEAVE' ? 'on leave' : 'already booked'} ${iso(bs)} – ${iso(be)}${label ? ` (${label})` : ''}`,
          undefined,
          clashOf(ref, bs, be),
        );
    }
    push(oUse, it.operatorMembershipId, [s, e, idx]);

    if (restricted) {
      // daylight, the break or the day limit: a person may move an item, never into the dark or past the limit
      const first = cal.dayWindow(cal.localDayStart(s));
      const last = cal.dayWindow(cal.localDayStart(e - 1));
      if (!first || !last || s < first[0] || e > last[1])
        v(
          idx,
          jobId,
          'OUTSIDE_WORKING_DAY',
          `${it.startsAt} – ${it.endsAt} is not inside the working day${
            first && last ? ` (${iso(first[0])} – ${iso(last[1])} on those days)` : ' (nobody works that day)'
          }: daylight, the break, rest days and the day limit of ${opts.maxDailyHours ?? '–'} h`,
        );
    }
    if (job) {
      if (!cal.isWorkingStart(s))
        w(
          idx,
          jobId,
          'OUTSIDE_WORKING_HOURS',
          `Starts at ${it.startsAt}, outside working hours on the ${opts.granularityMinutes}-minute grid`,
        );
      const workMs = cal.workingTimeIn(s, e);
      const needs = needsHours(partJob(job, it.part), known);
      if (workMs < Math.round(needs * HOUR) - 1e-6) {
        w(
          idx,
          jobId,
          'SHORTER_THAN_ESTIMATE',
          `Holds ${workMs / HOUR} working hours, the job needs ${Math.round(needs * 10) / 10} on this machine set`,
        );
      }
    }
  });

  // overlaps between items on one machine / operator: sweep by start, keep the running
  // latest end so an item overlapping a long earlier one is caught even past a short one
  const sweep = (use: Map<string, [number, number, number][]>, code: ViolationCode, name: (id: string) => string) => {
    for (const [id, list] of [...use.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      list.sort((x, y) => x[0] - y[0] || x[2] - y[2]);
      let open: [number, number, number][] = [];
      for (const cur of list) {
        open = open.filter((o) => o[1] > cur[0]);
        for (const o of open) {
          const [later, earlier] = cur[2] > o[2] ? [cur[2], o[2]] : [o[2], cur[2]];
          v(
            later,
            items[later]!.jobId,
            code,
            `${name(id)} is in two items at once (this one and item ${earlier})`,
            earlier,
          );
        }
        open.push(cur);
      }
    }
  };
  sweep(mUse, 'MACHINE_DOUBLE_BOOKED', (id) => machines.get(id)?.name ?? id);
  sweep(oUse, 'OPERATOR_DOUBLE_BOOKED', (id) => operators.get(id)?.name ?? id);

  // job order: an item starts only after the items of the jobs it waits for end (all parts of a split one)
  const spans = jobSpans(items);
  items.forEach((it, idx) => {
    for (const q of jobs.get(it.jobId)?.after ?? []) {
      if (!jobs.has(q)) continue;
      const qi = spans.get(q)?.index;
      const pred = jobs.get(q)!;
      if (qi === undefined)
        v(
          idx,
          it.jobId,
          'ORDER_VIOLATED',
          `It must wait for ${pred.operationType} job ${q}, which is not in the draft`,
        );
      else if (ranges[qi]![1] > ranges[idx]![0])
        v(
          idx,
          it.jobId,
          'ORDER_VIOLATED',
          `It starts at ${it.startsAt}, before ${pred.operationType} job ${q} ends (${items[qi]!.endsAt})`,
          qi,
        );
    }
  });

  // a person's own day limit: the working time of their items and existing bookings per local day
  for (const [id, list] of [...oUse.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const limit = operators.get(id)?.maxDailyHours;
    if (!limit) continue;
    const held = [
      ...list.map(([s, e, i]) => [s, e, i] as const),
      // leave is time off, not work: it never counts toward the day's hours (it is ON_LEAVE instead)
      ...(oBusy.get(id) ?? []).filter(([, , , ref]) => ref?.kind !== 'LEAVE').map(([s, e]) => [s, e, -1] as const),
    ];
    const days = new Set(list.flatMap(([s, e]) => daysOf(cal, s, e)));
    for (const d of [...days].sort((a, b) => a - b)) {
      let used = 0;
      let lastIdx = -1;
      for (const [s, e, i] of held) {
        const t = cal.workingTimeIn(Math.max(s, d), Math.min(e, d + DAY));
        used += t;
        if (t > 0 && i > lastIdx) lastIdx = i;
      }
      if (used > limit * HOUR + 1e-6 && lastIdx >= 0)
        v(
          lastIdx,
          items[lastIdx]!.jobId,
          'OPERATOR_DAY_LIMIT',
          `${operators.get(id)!.name} would work ${used / HOUR} h on the day starting ${iso(d)}, more than their limit of ${limit} h`,
        );
    }
  }

  checkParts(jobs, items, v);
  checkWorld(input, items, ranges, cal, v, w);
  for (const g of travelGaps(input, items))
    v(
      g.itemIndex,
      items[g.itemIndex]!.jobId,
      'UNREACHABLE_IN_TIME',
      `${machines.get(g.machineId)?.name ?? g.machineId} needs ${g.needMinutes} min for the ${g.km} km from item ${g.previousIndex}'s field, and has ${g.gapMinutes}`,
      g.previousIndex,
    );

  violations.sort(
    (a, b) =>
      a.itemIndex - b.itemIndex ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      (a.otherItemIndex ?? -1) - (b.otherItemIndex ?? -1),
  );
  return { ok: violations.length === 0, violations, warnings };
}

type Held = [number, number, string | undefined, BookingRef | undefined];

function group(
  rows: readonly (readonly [string, number, number, string | undefined, BookingRef | undefined])[],
): Map<string, Held[]> {
  const m = new Map<string, Held[]>();
  for (const [id, s, e, label, ref] of rows) push(m, id, [s, e, label, ref]);
  return m;
}

function push<K, V>(m: Map<K, V[]>, k: K, x: V): void {
  const arr = m.get(k);
  if (arr) arr.push(x);
  else m.set(k, [x]);
}

/** the local days [s, e) touches */
function daysOf(cal: WorkCalendar, s: number, e: number): number[] {
  const out: number[] = [];
  for (let d = cal.localDayStart(s); d < e; d += DAY) out.push(d);
  return out;
}

/** A re-planned SCHEDULED job's current booking: the assignment it would replace, never a clash. */
const ownBooking = (ref: BookingRef | undefined, jobId: string) => ref?.kind === 'JOB' && ref.id === jobId;
