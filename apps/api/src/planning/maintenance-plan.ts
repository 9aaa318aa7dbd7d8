import type { TDraftValidation, TMaintenanceItem, TUnplacedMaintenance } from '@amms/contracts/drafts';
import { canonicalJson } from '../platform/crypto/hash-chain.js';
import { DEFAULT_OPTIONS, HOUR, MINUTE, DAY, utcOffsetMs } from './scheduler/calendar.js';
import { contentHashOf, sha256 } from './draft-content.js';
import type { DueFact, MachineFact, MechanicFact, ServicePartsFact } from './tools/agent-tools.js';
import { Crew } from './maintenance-crew.js';

/**
 * MAINTENANCE drafts: "plan the maintenance due in the next two weeks". Pure and deterministic
 * (same facts → same items, same hash): no clock but `now`, no randomness.
 *
 * Rules:
 * - a candidate is a due-list row OVERDUE or DUE_SOON (the due list was asked for the period's
 *   horizon), whose machine is among the live, non-retired machines the caller can see, and with
 *   no open work order of that plan for that machine (it is being handled already);
 * - most overdue first: OVERDUE before DUE_SOON, then fewer remaining days, then fewer remaining
 *   hours, then plan id / asset id (a stable tie-break);
 * - the window lasts the plan's estimatedHours (default 4 h), rounded up to the 30-minute grid,
 *   and lies inside one local working day (07:00–19:00 in the org zone), inside the period and
 *   not before `now`; it is the EARLIEST such window that overlaps no machine booking and no
 *   window already given to another item of this draft on the same machine;
 * - no such window → unplaced NO_FREE_SLOT; a service longer than a working day → TOO_LONG.
 */

export const DEFAULT_SERVICE_HOURS = 4;
const GRID = 30 * MINUTE;
const { startHour, endHour } = DEFAULT_OPTIONS.workday;
const URGENCY: Record<string, number> = { OVERDUE: 0, DUE_SOON: 1 };

export interface MaintenanceFacts {
  due: DueFact[];
  machines: MachineFact[];
  busy: { assetId: string; startsAt: string; endsAt: string }[];
}

export interface MaintenancePlanInput extends MaintenanceFacts {
  /** the period as instants [from, to) */
  range: { from: string; to: string };
  /** planning "now" (rounded to the half hour by the caller) */
  now: string;
  timezone: string;
  /** the workshop's mechanics (absent: items get no mechanic, as before the workshop was read) */
  mechanics?: MechanicFact[];
  /** the parts each service needs and whether they are at hand */
  parts?: ServicePartsFact[];
  language?: 'zh' | 'en';
}

export interface MaintenanceContent {
  items: TMaintenanceItem[];
  unplaced: TUnplacedMaintenance[];
  validation: TDraftValidation;
  contentHash: string;
  /** due rows left out (open work order, machine not plannable), for the run's message */
  skipped: number;
}

interface Interval {
  s: number;
  e: number;
}

/** Stable key of a work-order item: the same plan, machine and window always give the same key. */
export function maintenanceItemKey(i: {
  planId: string;
  assetId: string;
  plannedStart: string;
  plannedEnd: string;
}): string {
  return `wo:${sha256(canonicalJson({ planId: i.planId, assetId: i.assetId, plannedStart: i.plannedStart, plannedEnd: i.plannedEnd })).slice(0, 40)}`;
}

const byUrgency = (a: DueFact, b: DueFact) =>
  (URGENCY[a.status] ?? 9) - (URGENCY[b.status] ?? 9) ||
  (a.remainingDays ?? Infinity) - (b.remainingDays ?? Infinity) ||
  (a.remainingHours ?? Infinity) - (b.remainingHours ?? Infinity) ||
  `${a.planId}:${a.assetId}`.localeCompare(`${b.planId}:${b.assetId}`);

const overlaps = (x: Interval, list: readonly Interval[]) => list.some((b) => x.s < b.e && b.s < x.e);

function busyByAsset(busy: MaintenanceFacts['busy']): Map<string, Interval[]> {
  const m = new Map<string, Interval[]>();
  for (const b of busy) {
    const list = m.get(b.assetId) ?? [];
    list.push({ s: Date.parse(b.startsAt), e: Date.parse(b.endsAt) });
    m.set(b.assetId, list);
  }
  return m;
}

/** Local midnight (as an instant) of the local day containing `t`. */
function localDayStart(t: number, timezone: string): number {
  const off = utcOffsetMs(timezone, t);
  return Math.floor((t + off) / DAY) * DAY - off;
}

/** The earliest free working window of `durMs` in [from, to), or null. */
export function firstFreeSlot(
  durMs: number,
  from: number,
  to: number,
  timezone: string,
  taken: readonly Interval[],
  accept: (slot: Interval) => boolean = () => true,
): Interval | null {
  for (let day = localDayStart(from, timezone); day < to; day = localDayStart(day + DAY + 2 * HOUR, timezone)) {
    const open = day + startHour * HOUR;
    const close = day + endHour * HOUR;
    const first = Math.max(open, Math.ceil(from / GRID) * GRID);
    for (let s = first; s + durMs <= close && s + durMs <= to; s += GRID) {
      const slot = { s, e: s + durMs };
      if (!overlaps(slot, taken) && accept(slot)) return slot;
    }
  }
  return null;
}

export function planMaintenance(input: MaintenancePlanInput): MaintenanceContent {
  const machines = new Map(input.machines.filter((m) => m.status !== 'RETIRED').map((m) => [m.id, m]));
  const taken = busyByAsset(input.busy);
  const from = Math.max(Date.parse(input.range.from), Date.parse(input.now));
  const to = Date.parse(input.range.to);
  const items: TMaintenanceItem[] = [];
  const unplaced: TUnplacedMaintenance[] = [];
  let skipped = 0;
  const zh = input.language === 'zh';
  const crew = input.mechanics ? new Crew(input.mechanics, input.timezone) : null;

  const candidates = input.due.filter((d) => d.status === 'OVERDUE' || d.status === 'DUE_SOON').sort(byUrgency);
  for (const d of candidates) {
    const machine = machines.get(d.assetId);
    if (!machine || d.openWorkOrderId) {
      skipped++;
      continue;
    }
    const hours = d.estimatedHours && d.estimatedHours > 0 ? d.estimatedHours : DEFAULT_SERVICE_HOURS;
    const durMs = Math.ceil((hours * HOUR) / GRID) * GRID;
    const base = { planId: d.planId, planName: d.planName, assetId: d.assetId, assetName: machine.name };
    if (durMs > (endHour - startHour) * HOUR) {
      unplaced.push({
        ...base,
        reason: 'TOO_LONG',
        detail: zh
          ? `保养需要 ${hours} 小时，超过一个工作日（${startHour}:00–${endHour}:00）`
          : `The service takes ${hours} h, longer than a working day (${startHour}:00–${endHour}:00)`,
      });
      continue;
    }
    const waiting = (input.parts ?? [])
      .find((p) => p.planId === d.planId && p.assetId === d.assetId)
      ?.parts.filter((p) => p.available === false);
    if (waiting?.length) {
      const names = waiting.map((p) => `${p.name}${p.partNumber ? ` (${p.partNumber})` : ''} ×${p.quantity}`);
      unplaced.push({
        ...base,
        reason: 'WAITING_FOR_PART',
        detail: zh ? `等配件：${names.join('、')}（不在库）` : `Waiting for parts: ${names.join(', ')} (not in stock)`,
      });
      continue;
    }
    const list = taken.get(d.assetId) ?? [];
    const withCrew = crew !== null && crew.mechanics.length > 0;
    const slot = firstFreeSlot(durMs, from, to, input.timezone, list, (x) =>
      withCrew ? crew.pick(x, machine.teamId) !== null : true,
    );
    if (!slot) {
      const machineFree = withCrew && firstFreeSlot(durMs, from, to, input.timezone, list) !== null;
      unplaced.push({
        ...base,
        reason: machineFree ? 'NO_MECHANIC_FREE' : 'NO_FREE_SLOT',
        detail: machineFree
          ? zh
            ? `期间内的空档里，没有机修工有 ${hours} 小时的空（每人每天工时之内）`
            : `No mechanic has ${hours} h free (within their day) in any free window of the machine in the period`
          : zh
            ? `期间内工作时间里没有 ${hours} 小时的空档（机器已有安排）`
            : `No free ${hours} h window in working hours in the period`,
      });
      continue;
    }
    list.push(slot);
    taken.set(d.assetId, list);
    const mechanic = withCrew ? crew.pick(slot, machine.teamId) : null;
    if (mechanic) crew!.book(mechanic.membershipId, slot);
    const window = { plannedStart: new Date(slot.s).toISOString(), plannedEnd: new Date(slot.e).toISOString() };
    items.push({
      kind: 'WORK_ORDER',
      itemKey: maintenanceItemKey({ ...base, ...window }),
      ...base,
      title: d.planName,
      dueStatus: d.status,
      ...window,
      ...(input.mechanics
        ? { mechanicMembershipId: mechanic?.membershipId ?? null, mechanicName: mechanic?.name ?? null }
        : {}),
    });
  }
  const validation = validateMaintenance(items, input);
  return { items, unplaced, validation, contentHash: contentHashOf(items, unplaced, validation), skipped };
}

/**
 * Hard constraints of work-order items (any draft, also a hand-made one): the plan applies to
 * the machine (a due-list row), the machine is live, no open order of that plan on it, a valid
 * window, free of bookings and of the other items on the same machine. Warnings: outside working
 * hours or the period.
 */
export function validateMaintenance(
  items: readonly TMaintenanceItem[],
  facts: MaintenanceFacts & { range?: { from: string; to: string }; timezone?: string },
): TDraftValidation {
  const due = new Map(facts.due.map((d) => [`${d.planId}:${d.assetId}`, d]));
  const machines = new Map(facts.machines.map((m) => [m.id, m]));
  const busy = busyByAsset(facts.busy);
  const violations: TDraftValidation['violations'] = [];
  const warnings: TDraftValidation['warnings'] = [];
  const finding = (i: number, it: TMaintenanceItem, code: string, message: string, other?: number) => ({
    itemIndex: i,
    jobId: '',
    planId: it.planId,
    assetId: it.assetId,
    code,
    message,
    ...(other === undefined ? {} : { otherItemIndex: other }),
  });

  items.forEach((it, i) => {
    const d = due.get(`${it.planId}:${it.assetId}`);
    const m = machines.get(it.assetId);
    const w = { s: Date.parse(it.plannedStart), e: Date.parse(it.plannedEnd) };
    if (!d)
      violations.push(
        finding(
          i,
          it,
          'PLAN_NOT_APPLICABLE',
          'The maintenance plan does not apply to this machine (or is not visible)',
        ),
      );
    else if (d.openWorkOrderId)
      violations.push(finding(i, it, 'OPEN_WORK_ORDER', 'This plan already has an open work order for this machine'));
    if (!m || m.status === 'RETIRED')
      violations.push(
        finding(i, it, 'MACHINE_UNAVAILABLE', 'The machine does not exist, is retired or is not visible'),
      );
    if (!(w.e > w.s)) {
      violations.push(finding(i, it, 'INVALID_WINDOW', 'plannedEnd must be after plannedStart'));
      return;
    }
    if (overlaps(w, busy.get(it.assetId) ?? []))
      violations.push(finding(i, it, 'MACHINE_BUSY', 'The machine is booked during this window'));
    items.forEach((o, j) => {
      if (j >= i || o.assetId !== it.assetId) return;
      if (overlaps(w, [{ s: Date.parse(o.plannedStart), e: Date.parse(o.plannedEnd) }]))
        violations.push(finding(i, it, 'ITEM_OVERLAP', 'Two work orders overlap on this machine', j));
    });
    if (facts.range && (w.s < Date.parse(facts.range.from) || w.e > Date.parse(facts.range.to)))
      warnings.push(finding(i, it, 'OUTSIDE_PERIOD', 'The window is outside the planned period'));
    if (facts.timezone) {
      const day = localDayStart(w.s, facts.timezone);
      if (w.s < day + startHour * HOUR || w.e > day + endHour * HOUR)
        warnings.push(
          finding(i, it, 'OUTSIDE_WORKING_HOURS', `The window is not inside ${startHour}:00–${endHour}:00 of one day`),
        );
    }
  });
  return { ok: violations.length === 0, violations, warnings };
}
