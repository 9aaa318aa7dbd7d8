import type { Prisma } from '@amms/db';
import { fuelRate } from '../analytics/formulas.js';
import { m2ToHa, type TAssignment, type TCalendarAssignment, type TField, type TJob } from '@amms/contracts/jobs';

/** Decimal columns leave the API as numbers with the column's fixed precision. */
const num = (d: { toFixed(n: number): string }, digits: number) => Number(d.toFixed(digits));
const numOrNull = (d: { toFixed(n: number): string } | null, digits: number) => (d === null ? null : num(d, digits));
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export type FieldRow = Prisma.FieldGetPayload<object>;

export function toField(f: FieldRow): TField {
  return {
    id: f.id,
    teamId: f.teamId,
    name: f.name,
    areaHa: m2ToHa(f.areaM2),
    areaM2: f.areaM2,
    crop: f.crop,
    latitude: numOrNull(f.latitude, 6),
    longitude: numOrNull(f.longitude, 6),
    locationText: f.locationText,
    notes: f.notes,
    measuredAreaM2: f.measuredAreaM2,
    version: f.version,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** What a job read loads along with the row: its field's name and its live assignment. */
export const assignmentInclude = {
  machines: { include: { asset: { select: { name: true, status: true, model: { select: { kind: true } } } } } },
  operator: { select: { user: { select: { name: true } } } },
} as const satisfies Prisma.AssignmentInclude;

export const jobInclude = {
  field: { select: { name: true } },
  // a split job has one live assignment per part, in part order (a whole job: one)
  assignments: {
    where: { releasedAt: null },
    include: assignmentInclude,
    orderBy: [{ partIndex: 'asc' }, { id: 'asc' }],
  },
} as const satisfies Prisma.JobInclude;

export type JobRow = Prisma.JobGetPayload<{ include: typeof jobInclude }>;
export type AssignmentRow = Prisma.AssignmentGetPayload<{ include: typeof assignmentInclude }>;

export function toAssignment(a: AssignmentRow): TAssignment {
  const machines = a.machines
    .map((m) => ({
      assetId: m.assetId,
      role: m.role,
      name: m.asset.name,
      kind: m.asset.model.kind,
      status: m.asset.status,
    }))
    // primary first, then implements in a stable order
    .sort((x, y) => (x.role === y.role ? x.assetId.localeCompare(y.assetId) : x.role === 'PRIMARY' ? -1 : 1));
  return {
    id: a.id,
    jobId: a.jobId,
    operatorMembershipId: a.operatorMembershipId,
    operatorName: a.operator.user.name,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    machines,
    part:
      a.partIndex !== null && a.partOf !== null
        ? { index: a.partIndex, of: a.partOf, areaHa: a.areaM2 === null ? null : m2ToHa(a.areaM2) }
        : null,
    createdAt: a.createdAt.toISOString(),
  };
}

export function toJob(j: JobRow): TJob {
  const live = j.assignments[0];
  return {
    id: j.id,
    teamId: j.teamId,
    fieldId: j.fieldId,
    fieldName: j.field.name,
    operationType: j.operationType,
    title: j.title,
    areaHa: m2ToHa(j.areaM2),
    areaM2: j.areaM2,
    windowStart: j.windowStart.toISOString(),
    windowEnd: j.windowEnd.toISOString(),
    priority: j.priority,
    estimatedHours: num(j.estimatedHours, 2),
    notes: j.notes,
    status: j.status,
    version: j.version,
    createdByUserId: j.createdByUserId,
    startedAt: iso(j.startedAt),
    startMeterHours: numOrNull(j.startMeterHours, 1),
    completedAt: iso(j.completedAt),
    endMeterHours: numOrNull(j.endMeterHours, 1),
    actualHours: numOrNull(j.actualHours, 2),
    areaDoneHa: j.areaDoneM2 === null ? null : m2ToHa(j.areaDoneM2),
    areaDoneM2: j.areaDoneM2,
    fuelLiters: numOrNull(j.fuelLiters, 2),
    fuelSource: j.fuelSource,
    fuelLitersPerHour:
      j.fuelLiters !== null && j.actualHours !== null ? fuelRate(Number(j.fuelLiters), Number(j.actualHours)) : null,
    completionNotes: j.completionNotes,
    cancelledAt: iso(j.cancelledAt),
    cancelReason: j.cancelReason,
    assignment: live ? toAssignment(live) : null,
    parts: j.assignments.some((a) => a.partIndex !== null) ? j.assignments.map(toAssignment) : [],
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

export const calendarInclude = {
  ...assignmentInclude,
  job: {
    select: {
      id: true,
      title: true,
      status: true,
      operationType: true,
      fieldId: true,
      field: { select: { name: true } },
    },
  },
} as const satisfies Prisma.AssignmentInclude;
export type CalendarRow = Prisma.AssignmentGetPayload<{ include: typeof calendarInclude }>;

export function toCalendarAssignment(a: CalendarRow): TCalendarAssignment {
  const { job } = a;
  return {
    ...toAssignment(a),
    job: {
      id: job.id,
      title: job.title,
      status: job.status,
      operationType: job.operationType,
      fieldId: job.fieldId,
      fieldName: job.field.name,
    },
  };
}

/** The audit summary of an assignment (ids and slot, enough to reconstruct who had what when). */
export function assignmentSummary(a: TAssignment | null) {
  if (!a) return null;
  return {
    id: a.id,
    operatorMembershipId: a.operatorMembershipId,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    machines: a.machines.map((m) => ({ assetId: m.assetId, role: m.role })),
  };
}
