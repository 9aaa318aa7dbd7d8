import type { OperationType, Prisma } from '@amms/db';
import { HOUR, type Rng } from '../../platform/random/prng.js';
import type { FieldRow, Gen, JobReq } from './context.js';
import { occupy, type Placed } from './placement.js';
import { bookMachine, reading } from './records.js';
import { FUEL_LPH, fix1, fix2 } from './rules.js';

const title = (g: Gen, f: FieldRow, op: OperationType) =>
  g.zh ? `${f.name} ${f.crop.name}${g.L[op]}` : `${f.crop.name} ${g.L[op]} — ${f.name}`;

export function jobRow(
  g: Gen,
  req: JobReq,
  id: string,
  status: Prisma.JobCreateManyInput['status'],
  createdAt: number,
  extra: Partial<Prisma.JobCreateManyInput> = {},
): Prisma.JobCreateManyInput {
  return {
    id,
    organizationId: g.org,
    teamId: req.field.teamId,
    fieldId: req.field.id,
    operationType: req.op,
    title: title(g, req.field, req.op),
    areaM2: req.field.areaM2,
    windowStart: new Date(req.windowStart),
    windowEnd: new Date(req.windowEnd),
    priority: req.priority,
    estimatedHours: req.estHours.toFixed(2),
    notes: null,
    status,
    version: 1,
    createdByUserId: g.dispatcher.userId,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
    ...extra,
  };
}

/** the assignment of a placed set to a job, its machines and the bookings of machines and operator */
export function assign(g: Gen, jobId: string, placed: Placed, endsAt: number, createdAt: number) {
  const { out, org } = g;
  const aId = g.ids.next();
  out.assignments.push({
    id: aId,
    organizationId: org,
    jobId,
    operatorMembershipId: placed.operator.m.membershipId,
    startsAt: new Date(placed.start),
    endsAt: new Date(endsAt),
    itemKey: null,
    createdByUserId: g.dispatcher.userId,
    releasedAt: null,
    createdAt: new Date(createdAt),
  });
  out.assignmentMachines.push({
    organizationId: org,
    assignmentId: aId,
    assetId: placed.primary.id,
    role: 'PRIMARY',
  });
  bookMachine(g, placed.primary.id, placed.start, endsAt, { assignmentId: aId }, createdAt);
  if (placed.implement) {
    out.assignmentMachines.push({
      organizationId: org,
      assignmentId: aId,
      assetId: placed.implement.id,
      role: 'IMPLEMENT',
    });
    bookMachine(g, placed.implement.id, placed.start, endsAt, { assignmentId: aId }, createdAt);
  }
  out.operatorBookings.push({
    id: g.ids.next(),
    organizationId: org,
    membershipId: placed.operator.m.membershipId,
    startsAt: new Date(placed.start),
    endsAt: new Date(endsAt),
    assignmentId: aId,
    releasedAt: null,
    createdAt: new Date(createdAt),
  });
}

/** a placed job scheduled (not started): assigned until its planned end, the set busy until then */
export function scheduleJob(g: Gen, req: JobReq, id: string, placed: Placed, createdAt: number) {
  assign(g, id, placed, placed.end, createdAt + HOUR);
  occupy(placed, placed.end);
  return jobRow(g, req, id, 'SCHEDULED', createdAt, { version: 2, updatedAt: new Date(createdAt + HOUR) });
}

/**
 * A job worked from `startedAt` to `completedAt`: the machine's two meter readings (road travel
 * to the field first), its assignment trimmed to the end, the COMPLETED row, and everyone free
 * again at the end. `r` is the caller's random stream; `scheduledAt` is asked for between the
 * fuel and the area, the order in which the year's history has always drawn its numbers.
 */
export function completeJob(
  g: Gen,
  r: Rng,
  req: JobReq,
  id: string,
  createdAt: number,
  placed: Placed,
  t: { startedAt: number; completedAt: number; actualHours: number },
  scheduledAt: () => number,
): Prisma.JobCreateManyInput {
  const { primary: p, operator: o } = placed;
  const startMeter = p.meter + r.int(2, 10);
  const endMeter = startMeter + Math.max(5, Math.round(t.actualHours * 10));
  const fuel =
    p.model.role === 'drone'
      ? null
      : Math.round(
          t.actualHours * FUEL_LPH[req.op] * r.float(0.9, 1.1) * (p.model.role === 'sprayer_sp' ? 1.6 : 1) * 100,
        );
  reading(g, p, startMeter, t.startedAt, 'JOB', o.m.userId);
  reading(g, p, endMeter, t.completedAt, 'JOB', o.m.userId);
  p.meter = endMeter;
  // completing trims the assignment (and its bookings) to the completion time; they stay
  // active as history (releasedAt null): the machine really was busy then
  assign(g, id, placed, t.completedAt, scheduledAt());
  const row = jobRow(g, req, id, 'COMPLETED', createdAt, {
    version: 4,
    startedAt: new Date(t.startedAt),
    startMeterHours: fix1(startMeter),
    completedAt: new Date(t.completedAt),
    endMeterHours: fix1(endMeter),
    actualHours: fix2((endMeter - startMeter) * 10),
    areaDoneM2: Math.max(1, Math.floor(req.field.areaM2 * r.float(0.97, 1))),
    fuelLiters: fuel === null ? null : fix2(fuel),
    completionNotes: null,
    updatedAt: new Date(t.completedAt),
  });
  occupy(placed, t.completedAt);
  return row;
}
