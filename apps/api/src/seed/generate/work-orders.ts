import type { Prisma } from '@amms/db';
import type { GenMember } from '../types.js';
import { CORRECTIVE_FAULTS, PM_PARTS, type PlanTemplate } from '../maintenance-data.js';
import { DAY, HOUR, ceilTo, dayStart, localParts } from '../../platform/random/prng.js';
import type { Gen, Machine } from './context.js';
import { addChecklist, addParts, bookMachine, pickAcceptor, reading } from './records.js';
import { HALF_HOUR, MTBF, fix1, fix2, walkWork } from './rules.js';

/**
 * A closed work order done in the shop: downtime from `downStart` (failure or drop-off) to
 * acceptance, booked on the machine for [downStart, plannedEnd). Accepted by someone other
 * than the mechanic who submitted it. Returns false when it would not finish before `limit`.
 */
export function closedWorkOrder(
  g: Gen,
  m: Machine,
  type: 'PREVENTIVE' | 'CORRECTIVE',
  downStart: number,
  limit: number,
  reporter: GenMember | null,
): boolean {
  const { rng, zh } = g;
  const mech = rng.pick(g.mechanics);
  const start =
    type === 'CORRECTIVE' ? Math.max(downStart, walkWork(downStart, 0)) + rng.int(1, 4) * HALF_HOUR : downStart;
  const workH = type === 'PREVENTIVE' ? (m.plan?.t.estimatedHours ?? 4) * rng.float(0.8, 1.3) : rng.float(2, 16);
  const submitted = walkWork(start, workH);
  const accepted = walkWork(submitted, rng.float(0.5, 3));
  const plannedEnd = ceilTo(accepted, HALF_HOUR);
  if (plannedEnd > limit || (m.retiredAt !== null && plannedEnd > m.retiredAt)) return false;
  const fault =
    type === 'CORRECTIVE' ? rng.pick(CORRECTIVE_FAULTS.filter((f) => f.roles.includes(m.model.role))) : null;
  const id = g.ids.next();
  const meterAt = m.meter + rng.int(1, 5); // test run after the service
  const laborHundredths = Math.round(workH * 4) * 25;
  const rate = type === 'PREVENTIVE' ? 8000 : 12000;
  const partsCost = addParts(g, id, fault ? fault.parts : (PM_PARTS[m.model.role] ?? []), submitted);
  if (type === 'PREVENTIVE' && m.plan) addChecklist(g, id, m.plan.t, true, submitted);
  const acceptor = pickAcceptor(g, mech);
  pushWorkOrder(g, downStart, id, m.id, {
    planId: type === 'PREVENTIVE' ? (m.plan?.id ?? null) : null,
    type,
    status: 'CLOSED',
    title: fault ? (zh ? fault.zh : fault.en) : `${zh ? m.plan?.t.zh : m.plan?.t.en}`,
    description: fault
      ? zh
        ? `作业结束时操作员报告：${fault.zh}`
        : `Reported by the operator after the job: ${fault.en}`
      : null,
    priority: type === 'CORRECTIVE' ? rng.int(4, 5) : 3,
    reportedByMembershipId: (reporter ?? mech).membershipId,
    assigneeMembershipId: mech.membershipId,
    plannedStart: new Date(downStart),
    plannedEnd: new Date(plannedEnd),
    causesDowntime: true,
    downtimeStartedAt: new Date(downStart),
    downtimeEndedAt: new Date(accepted),
    startedAt: new Date(start),
    submittedAt: new Date(submitted),
    submittedByMembershipId: mech.membershipId,
    acceptedAt: new Date(accepted),
    acceptedByMembershipId: acceptor.membershipId,
    meterHours: fix1(meterAt),
    laborHours: fix2(laborHundredths),
    laborCostMinor: BigInt(Math.round((laborHundredths * rate) / 100)),
    partsCostMinor: BigInt(partsCost),
    resolution: fault
      ? zh
        ? '已更换损坏部件，试车正常'
        : 'Replaced the failed part; test run OK'
      : zh
        ? '按保养清单完成'
        : 'Service done per checklist',
    itemKey: null,
    version: 4,
    createdAt: new Date(downStart),
    updatedAt: new Date(accepted),
  });
  // accepting the order returns the machine to service and releases its booking (as the
  // maintenance service does); job bookings, by contrast, stay active as history
  bookMachine(g, m.id, downStart, plannedEnd, { workOrderId: id }, downStart, accepted);
  m.meter = meterAt;
  reading(g, m, meterAt, submitted, 'WORK_ORDER', null);
  // started → IN_MAINTENANCE, accepted → ACTIVE: two version bumps on the asset
  m.version += 2;
  m.updatedAt = accepted;
  m.freeAt = plannedEnd;
  if (type === 'PREVENTIVE') {
    m.lastPmAt = accepted;
    m.lastPmMeter = meterAt;
    m.pmFactor = rng.chance(0.85) ? 1 : 1.15; // some services will slip past their due point
  }
  return true;
}

/**
 * Every powered machine had its last service before the history starts: that closed work
 * order (and its meter reading) is where the plan's next due point is computed from.
 */
export function lastServicesBeforeHistory(g: Gen) {
  for (const m of g.machines) {
    if (!m.powered || !m.plan) continue;
    const t = m.plan.t;
    const at = dayStart(g.histStart - g.rng.int(5, Math.floor(t.intervalDays * 0.7)) * DAY) + 8 * HOUR;
    m.freeAt = at;
    closedWorkOrder(g, m, 'PREVENTIVE', at, g.histStart, null);
    m.freeAt = Math.max(m.freeAt, g.histStart);
  }
}

/** after a job: a failure reported at its end, or the plan's service when it comes due */
export function serviceAfterJob(g: Gen, p: Machine, reporter: GenMember, actualHours: number, completedAt: number) {
  const mtbf = MTBF[p.model.role];
  if (mtbf && g.rng.chance(actualHours / mtbf)) {
    closedWorkOrder(g, p, 'CORRECTIVE', completedAt, g.anchor, reporter);
  } else if (p.plan) {
    const t = p.plan.t;
    const dueByHours = p.meter - p.lastPmMeter >= (t.intervalHours - t.leadHours) * 10 * p.pmFactor;
    const dueByDays = completedAt - p.lastPmAt >= (t.intervalDays - t.leadDays) * DAY * p.pmFactor;
    if (dueByHours || dueByDays) {
      const lp = localParts(completedAt);
      const at = lp.hour < 13 ? ceilTo(completedAt + HOUR, HALF_HOUR) : dayStart(completedAt) + DAY + 8 * HOUR;
      closedWorkOrder(g, p, 'PREVENTIVE', at, g.anchor, null);
    }
  }
}

/** the powered, road-going machines in service now */
export const activeMachines = (g: Gen) =>
  g.machines.filter((m) => m.powered && m.status === 'ACTIVE' && m.model.role !== 'drone');

/** Now: two machines down with an open corrective work order that runs into next week. */
export function machinesDownNow(g: Gen) {
  const { rng, zh, anchor } = g;
  const downCandidates = rng.shuffle(activeMachines(g).filter((m) => m.freeAt <= anchor - 2 * DAY));
  for (const m of downCandidates.slice(0, 2 * g.scale)) {
    const downStart = Math.max(m.freeAt, dayStart(anchor - rng.int(2, 5) * DAY) + 10 * HOUR);
    const plannedEnd = g.planStart + rng.int(1, 2) * DAY + 18 * HOUR;
    const fault = rng.pick(CORRECTIVE_FAULTS.filter((f) => f.roles.includes(m.model.role)));
    const mech = rng.pick(g.mechanics);
    const reporter = rng.pick(g.operators).m;
    const id = g.ids.next();
    const started = downStart + 2 * HOUR;
    pushWorkOrder(g, downStart, id, m.id, {
      planId: null,
      type: 'CORRECTIVE',
      status: 'IN_PROGRESS',
      title: zh ? fault.zh : fault.en,
      description: zh
        ? `等待配件：${fault.parts[0]?.name[0] ?? ''}`
        : `Waiting for parts: ${fault.parts[0]?.name[1] ?? ''}`,
      priority: 5,
      reportedByMembershipId: reporter.membershipId,
      assigneeMembershipId: mech.membershipId,
      plannedStart: new Date(downStart),
      plannedEnd: new Date(plannedEnd),
      causesDowntime: true,
      downtimeStartedAt: new Date(downStart),
      startedAt: new Date(started),
      version: 2,
      createdAt: new Date(downStart),
      updatedAt: new Date(started),
    });
    bookMachine(g, m.id, downStart, plannedEnd, { workOrderId: id }, downStart);
    m.status = 'IN_MAINTENANCE';
    m.version += 1;
    m.updatedAt = started;
    m.freeAt = plannedEnd;
  }
}

/** One or two machines go to the shop for their service next week (an open preventive order). */
export function servicesNextWeek(g: Gen) {
  const { rng, zh, anchor } = g;
  for (const m of rng
    .shuffle(activeMachines(g).filter((x) => x.plan))
    .slice(0, Math.max(1, Math.round(1.5 * g.scale)))) {
    const t = (m.plan as { id: string; t: PlanTemplate }).t;
    const s = g.planStart + rng.int(1, 3) * DAY + 8 * HOUR;
    const e = s + Math.ceil(t.estimatedHours) * HOUR;
    const id = g.ids.next();
    const createdAt = anchor - rng.int(1, 3) * DAY + 9 * HOUR;
    pushWorkOrder(g, createdAt, id, m.id, {
      planId: m.plan?.id ?? null,
      type: 'PREVENTIVE',
      status: 'OPEN',
      title: zh ? t.zh : t.en,
      priority: 3,
      reportedByMembershipId: g.dispatcher.membershipId,
      assigneeMembershipId: rng.pick(g.mechanics).membershipId,
      plannedStart: new Date(s),
      plannedEnd: new Date(e),
      causesDowntime: true,
      version: 1,
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    });
    addChecklist(g, id, t, false, createdAt);
    bookMachine(g, m.id, s, e, { workOrderId: id }, createdAt);
    m.blocks.push([s, e]);
  }
}

/** the work orders numbered in the order they were opened */
export function numberWorkOrders(g: Gen) {
  g.wos.sort((a, b) => a.at - b.at);
  g.wos.forEach((w, i) => (w.row.number = i + 1));
  g.out.workOrders = g.wos.map((w) => w.row);
}

/** A work order row of the org on a machine (numbered later, in `at` order), with what differs per order. */
function pushWorkOrder(
  g: Gen,
  at: number,
  id: string,
  assetId: string,
  row: Omit<Prisma.WorkOrderCreateManyInput, 'id' | 'organizationId' | 'number' | 'assetId' | 'parentWorkOrderId'>,
) {
  const fixed = { id, organizationId: g.org, number: 0, assetId, planId: null, parentWorkOrderId: null };
  g.wos.push({ at, row: { ...fixed, ...row } });
}
