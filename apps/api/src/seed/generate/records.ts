import type { GenMember } from '../types.js';
import type { PlanTemplate } from '../maintenance-data.js';
import type { Gen, Machine } from './context.js';
import { fix1 } from './rules.js';

/** Row writers shared by the work-order and job generators (each draws its ids in call order). */

export function addChecklist(g: Gen, woId: string, t: PlanTemplate, closed: boolean, at: number) {
  t.checklist.forEach((c, i) =>
    g.out.checklistItems.push({
      id: g.ids.next(),
      organizationId: g.org,
      workOrderId: woId,
      position: i + 1,
      label: g.zh ? c[0] : c[1],
      result: closed ? (g.rng.chance(0.05) ? 'NA' : 'PASS') : 'PENDING',
      note: null,
      updatedAt: new Date(at),
    }),
  );
}

/** the parts used by a work order; returns their total cost in minor units */
export function addParts(
  g: Gen,
  woId: string,
  parts: { name: [string, string]; no: string; unitCny: number; qty: [number, number] }[],
  at: number,
) {
  const { rng } = g;
  let total = 0;
  for (const p of parts) {
    const qtyMilli = Math.round(rng.float(p.qty[0], p.qty[1])) * 1000;
    const unit = Math.round(p.unitCny * rng.float(0.9, 1.1)) * 100;
    total += Math.floor((qtyMilli * unit + 500) / 1000);
    g.out.workOrderParts.push({
      id: g.ids.next(),
      organizationId: g.org,
      workOrderId: woId,
      partNumber: p.no,
      name: g.zh ? p.name[0] : p.name[1],
      quantity: (qtyMilli / 1000).toFixed(3),
      unitCostMinor: BigInt(unit),
      createdAt: new Date(at),
    });
  }
  return total;
}

export function reading(
  g: Gen,
  m: Machine,
  tenths: number,
  at: number,
  source: 'JOB' | 'WORK_ORDER' | 'MANUAL',
  userId: string | null,
) {
  g.out.meterReadings.push({
    id: g.ids.next(),
    organizationId: g.org,
    assetId: m.id,
    readingHours: fix1(tenths),
    readAt: new Date(at),
    source,
    isReplacement: false,
    recordedByUserId: userId,
    createdAt: new Date(at),
  });
}

export function bookMachine(
  g: Gen,
  assetId: string,
  s: number,
  e: number,
  owner: { assignmentId: string } | { workOrderId: string },
  createdAt: number,
  releasedAt: number | null = null,
) {
  g.out.machineBookings.push({
    id: g.ids.next(),
    organizationId: g.org,
    assetId,
    kind: 'assignmentId' in owner ? 'JOB' : 'WORK_ORDER',
    startsAt: new Date(s),
    endsAt: new Date(e),
    assignmentId: 'assignmentId' in owner ? owner.assignmentId : null,
    workOrderId: 'workOrderId' in owner ? owner.workOrderId : null,
    releasedAt: releasedAt === null ? null : new Date(releasedAt),
    createdAt: new Date(createdAt),
  });
}

/** someone other than the submitter accepts the work order */
export function pickAcceptor(g: Gen, submitter: GenMember) {
  const pool = [...g.acceptors, ...g.mechanics].filter((x) => x.membershipId !== submitter.membershipId);
  return g.rng.pick(pool);
}
