import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZAssignBulkResponse,
  ZAssignOptionsResponse,
  ZField,
  ZJob,
  ZListAssignmentsResponse,
  ZListJobsResponse,
  type TJob,
} from '@amms/contracts/jobs';
import { ZListAssetsResponse } from '@amms/contracts/assets';
import { permissionsOf, type TRole } from '@amms/contracts/permissions';
import { BookingsService } from '../src/bookings/bookings.service.js';
import { AssignmentsService } from '../src/jobs/assignments.service.js';
import { PrismaService } from '../src/platform/prisma/prisma.service.js';
import { normalizeError } from '../src/platform/errors/error-envelope.js';
import type { OrgContext } from '../src/platform/access/context.js';
import { call, createOrg, type TestOrg } from './harness.js';
import { appForFile, orgApi, tag } from './support/world.js';
import { expectError, expectOneRan, expectReplayOf, expectStatus, loginAll, orgPath } from './assertions.js';

const h = appForFile();

const { get, post, patch } = orgApi(() => h);
/** A start time that leaves room for the hours a test completes with (hours worked must fit in the clock time). */
const earlier = () => new Date(Date.now() - 8 * 3_600_000).toISOString();

/** A fixed future week for windows; slots are hours of its first day. */
const DAY = '2027-06-01';
const at = (hour: number, day = DAY) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;
const WINDOW = { windowStart: at(0), windowEnd: '2027-06-08T00:00:00.000Z' };

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  field: { id: string; areaHa: number };
  tractor: string; // POWER_UNIT: TILLAGE, TRANSPORT
  seeder: string; // IMPLEMENT: SOWING_PLANTING
  harvester: string; // SELF_PROPELLED: HARVESTING
  model: { power: string; implement: string; harvester: string };
}

async function machine(
  orgId: string,
  modelId: string,
  name = `M-${tag()}`,
  status: 'ACTIVE' | 'IN_MAINTENANCE' | 'RETIRED' = 'ACTIVE',
) {
  const a = await h.db.asset.create({
    data: { organizationId: orgId, modelId, name, serialNumber: `SN-${tag()}`, status },
  });
  return a.id;
}

/** Machine models are catalog data (their API is tested in assets): seeded directly. */
async function world(label = 'jobs'): Promise<World> {
  const org = await createOrg(h.db, label);
  const t = await loginAll(h.base, org);
  const mk = (
    kind: 'POWER_UNIT' | 'IMPLEMENT' | 'SELF_PROPELLED',
    operationTypes: ('TILLAGE' | 'TRANSPORT' | 'SOWING_PLANTING' | 'HARVESTING')[],
  ) =>
    h.db.machineModel.create({
      data: { organizationId: org.id, manufacturer: `Mfr-${tag()}`, name: kind, kind, operationTypes },
    });
  const [power, implement, harvester] = await Promise.all([
    mk('POWER_UNIT', ['TILLAGE', 'TRANSPORT']),
    mk('IMPLEMENT', ['SOWING_PLANTING']),
    mk('SELF_PROPELLED', ['HARVESTING']),
  ]);
  const f = await post(t.OWNER, org.id, '/fields', { name: `Field ${tag()}`, areaHa: 25.5, crop: 'corn' });
  expectStatus(f, 201);
  return {
    org,
    t,
    field: ZField.parse(f.body),
    tractor: await machine(org.id, power.id, 'JD 6R'),
    seeder: await machine(org.id, implement.id, 'Seeder'),
    harvester: await machine(org.id, harvester.id, 'Combine'),
    model: { power: power.id, implement: implement.id, harvester: harvester.id },
  };
}

async function createJob(w: World, body: Record<string, unknown> = {}, token = w.t.DISPATCHER): Promise<TJob> {
  const r = await post(token, w.org.id, '/jobs', {
    fieldId: w.field.id,
    operationType: 'TILLAGE',
    estimatedHours: 6,
    ...WINDOW,
    ...body,
  });
  expectStatus(r, 201);
  return ZJob.parse(r.body);
}

const slot = (from: number, to: number) => ({ startsAt: at(from), endsAt: at(to) });

async function assign(w: World, jobId: string, body: Record<string, unknown> = {}, token = w.t.DISPATCHER) {
  return post(token, w.org.id, `/jobs/${jobId}/assign`, {
    primaryAssetId: w.tractor,
    operatorMembershipId: w.org.users.OPERATOR.membershipId,
    ...slot(8, 12),
    ...body,
  });
}

async function assigned(
  w: World,
  body: Record<string, unknown> = {},
  jobBody: Record<string, unknown> = {},
): Promise<TJob> {
  const job = await createJob(w, jobBody);
  const r = await assign(w, job.id, body);
  expectStatus(r, 200);
  return ZJob.parse(r.body);
}

/** An extra ACTIVE OPERATOR member (concurrency tests need many distinct operators). */
async function extraOperator(orgId: string, role: TRole = 'OPERATOR', status: 'ACTIVE' | 'SUSPENDED' = 'ACTIVE') {
  const u = await h.db.user.create({ data: { email: `op-${tag()}@x.test`, name: `Op ${tag()}`, passwordHash: 'x' } });
  const m = await h.db.membership.create({
    data: { organizationId: orgId, userId: u.id, role, dataScope: 'ASSIGNED', status },
  });
  return m.id;
}

const liveMachineBookings = (orgId: string, assetId: string) =>
  h.db.machineBooking.count({ where: { organizationId: orgId, assetId, releasedAt: null } });

describe('job lifecycle', () => {
  it('create → assign → start → complete, with meter readings on the primary machine, bookings trimmed and every step audited', async () => {
    const w = await world();
    const job = await createJob(w, { title: 'Spring tillage', priority: 4 });
    // areaHa defaults to the field's, teamId to the field's (none here)
    expect(job).toMatchObject({
      status: 'PLANNED',
      version: 1,
      areaHa: 25.5,
      areaM2: 255_000,
      priority: 4,
      fieldName: expect.any(String),
      assignment: null,
      teamId: null,
    });

    // the slot covers "now", so completing now trims the booking rather than releasing it
    const now = Date.now();
    const startsAt = new Date(now - 3_600_000).toISOString();
    const endsAt = new Date(now + 3 * 3_600_000).toISOString();
    const wide = await createJob(w, {
      windowStart: new Date(now - 86_400_000).toISOString(),
      windowEnd: new Date(now + 86_400_000).toISOString(),
    });
    const a = await post(w.t.DISPATCHER, w.org.id, `/jobs/${wide.id}/assign`, {
      primaryAssetId: w.tractor,
      implementAssetIds: [w.seeder],
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt,
      endsAt,
    });
    expectStatus(a, 200);
    const scheduled = ZJob.parse(a.body);
    expect(scheduled.status).toBe('SCHEDULED');
    expect(scheduled.version).toBe(2);
    expect(scheduled.assignment).toMatchObject({
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      operatorName: expect.stringContaining('OPERATOR'),
      startsAt,
      endsAt,
      machines: [
        { assetId: w.tractor, role: 'PRIMARY', name: 'JD 6R', kind: 'POWER_UNIT' },
        { assetId: w.seeder, role: 'IMPLEMENT', name: 'Seeder', kind: 'IMPLEMENT' },
      ],
    });
    const detail = ZJob.parse((await get(w.t.VIEWER, w.org.id, `/jobs/${wide.id}`)).body);
    expect(detail.assignment?.id).toBe(scheduled.assignment?.id);
    expect(await liveMachineBookings(w.org.id, w.tractor)).toBe(1);
    expect(await liveMachineBookings(w.org.id, w.seeder)).toBe(1);

    const s = await post(w.t.OPERATOR, w.org.id, `/jobs/${wide.id}/start`, { meterHours: 100, startedAt: earlier() });
    expectStatus(s, 200);
    expect(ZJob.parse(s.body)).toMatchObject({ status: 'IN_PROGRESS', startMeterHours: 100, version: 3 });

    const c = await post(w.t.OPERATOR, w.org.id, `/jobs/${wide.id}/complete`, {
      meterHours: 104.5,
      areaDoneHa: 20.25,
      fuelLiters: 31.5,
      notes: 'done',
    });
    expectStatus(c, 200);
    const done = ZJob.parse(c.body);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      endMeterHours: 104.5,
      actualHours: 4.5,
      areaDoneHa: 20.25,
      areaDoneM2: 202_500,
      fuelLiters: 31.5,
      completionNotes: 'done',
    });

    const readings = await h.db.meterReading.findMany({
      where: { organizationId: w.org.id, assetId: w.tractor },
      orderBy: { readAt: 'asc' },
    });
    expect(readings.map((r) => [Number(r.readingHours), r.source])).toEqual([
      [100, 'JOB'],
      [104.5, 'JOB'],
    ]);
    // the booking now ends at completion: the rest of the slot is free
    const b = await h.db.machineBooking.findFirstOrThrow({
      where: { organizationId: w.org.id, assetId: w.tractor, releasedAt: null },
    });
    expect(b.endsAt.getTime()).toBe(new Date(done.completedAt!).getTime());

    const events = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, entityType: 'job', entityId: wide.id },
      orderBy: { seq: 'asc' },
    });
    expect(events.map((e) => e.action)).toEqual(['job.created', 'job.assigned', 'job.started', 'job.completed']);
    const assignedEv = events[1]!.data as {
      before: { status: string; assignment: unknown };
      after: { status: string; assignment: { machines: unknown[] } };
    };
    expect(assignedEv.before).toEqual({ status: 'PLANNED', assignment: null });
    expect(assignedEv.after.status).toBe('SCHEDULED');
    expect(assignedEv.after.assignment.machines).toHaveLength(2);
    expect(events[3]!.data).toMatchObject({
      before: { status: 'IN_PROGRESS' },
      after: { status: 'COMPLETED', actualHours: 4.5 },
    });
    // the first job is untouched
    expect(ZJob.parse((await get(w.t.VIEWER, w.org.id, `/jobs/${job.id}`)).body).status).toBe('PLANNED');
  });

  it('complete without meters needs actualHours (400); with it, it completes', async () => {
    const w = await world();
    const job = await assigned(w);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { startedAt: earlier() }), 200);
    const bad = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { areaDoneHa: 1 });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.error.details[0].path).toBe('actualHours');
    const ok = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { areaDoneHa: 1, actualHours: 3.25 });
    expectStatus(ok, 200);
    expect(ZJob.parse(ok.body)).toMatchObject({ status: 'COMPLETED', actualHours: 3.25, endMeterHours: null });
  });

  it('every forbidden transition is 409 INVALID_TRANSITION with from/to, and changes nothing', async () => {
    const w = await world();
    const d = w.t.DISPATCHER;
    const tryAll = async (job: TJob, moves: [string, string, unknown][]) => {
      for (const [action, to, body] of moves) {
        const r = await post(d, w.org.id, `/jobs/${job.id}/${action}`, body);
        expectError(r, 409, 'INVALID_TRANSITION');
        expect(r.body.error.details).toEqual({ from: job.status, to });
      }
      const now = ZJob.parse((await get(d, w.org.id, `/jobs/${job.id}`)).body);
      expect(now.version).toBe(job.version);
    };
    const assignBody = {
      primaryAssetId: w.harvester,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      ...slot(1, 2),
    };
    const planned = await createJob(w);
    await tryAll(planned, [
      ['start', 'IN_PROGRESS', {}],
      ['complete', 'COMPLETED', { areaDoneHa: 1, actualHours: 1 }],
      ['unassign', 'PLANNED', {}],
    ]);
    const scheduled = await assigned(w);
    await tryAll(scheduled, [['complete', 'COMPLETED', { areaDoneHa: 1, actualHours: 1 }]]);
    const running = ZJob.parse((await post(d, w.org.id, `/jobs/${scheduled.id}/start`, { startedAt: earlier() })).body);
    await tryAll(running, [
      ['assign', 'SCHEDULED', assignBody],
      ['unassign', 'PLANNED', {}],
      ['start', 'IN_PROGRESS', {}],
      ['cancel', 'CANCELLED', { reason: 'x' }],
    ]);
    expectError(
      await patch(d, w.org.id, `/jobs/${running.id}`, { version: running.version, title: 'x' }),
      409,
      'INVALID_TRANSITION',
    );
    const completed = ZJob.parse(
      (await post(d, w.org.id, `/jobs/${running.id}/complete`, { areaDoneHa: 1, actualHours: 1 })).body,
    );
    await tryAll(completed, [
      ['assign', 'SCHEDULED', assignBody],
      ['start', 'IN_PROGRESS', {}],
      ['complete', 'COMPLETED', { areaDoneHa: 1, actualHours: 1 }],
      ['cancel', 'CANCELLED', { reason: 'x' }],
      ['unassign', 'PLANNED', {}],
    ]);
    const cancelled = ZJob.parse((await post(d, w.org.id, `/jobs/${planned.id}/cancel`, { reason: 'rain' })).body);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'rain' });
    await tryAll(cancelled, [
      ['assign', 'SCHEDULED', assignBody],
      ['start', 'IN_PROGRESS', {}],
      ['cancel', 'CANCELLED', { reason: 'x' }],
      ['unassign', 'PLANNED', {}],
      ['complete', 'COMPLETED', { areaDoneHa: 1, actualHours: 1 }],
    ]);
    expectError(
      await patch(d, w.org.id, `/jobs/${cancelled.id}`, { version: cancelled.version, title: 'x' }),
      409,
      'INVALID_TRANSITION',
    );
  });

  it('a stale version on a transition or PATCH is 409 VERSION_CONFLICT with the current job', async () => {
    const w = await world();
    const job = await createJob(w);
    const u = await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, {
      version: 1,
      title: 'New',
      priority: 5,
      areaHa: 3,
    });
    expectStatus(u, 200);
    expect(ZJob.parse(u.body)).toMatchObject({ title: 'New', priority: 5, areaHa: 3, version: 2 });
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: w.org.id, entityId: job.id, action: 'job.updated' },
    });
    expect(ev.data).toEqual({
      before: { title: null, priority: 3, areaHa: 25.5, areaM2: 255_000 },
      after: { title: 'New', priority: 5, areaHa: 3, areaM2: 30_000 },
    });
    const stale = await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, { version: 1, title: 'Old' });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current.version).toBe(2);
    expectError(await assign(w, job.id, { version: 1 }), 409, 'VERSION_CONFLICT');
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'x', version: 1 }),
      409,
      'VERSION_CONFLICT',
    );
  });

  it('PATCH of a SCHEDULED job: the new window must contain the assignment; a new operation type must suit the machines', async () => {
    const w = await world();
    const job = await assigned(w); // slot 08–12 on day 1
    const out = await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, { version: job.version, windowStart: at(10) });
    expectError(out, 422, 'OUTSIDE_JOB_WINDOW');
    const mismatch = await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, {
      version: job.version,
      operationType: 'HARVESTING',
    });
    expectError(mismatch, 422, 'CAPABILITY_MISMATCH');
    const ok = await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, {
      version: job.version,
      windowStart: at(8),
      windowEnd: at(12),
      operationType: 'TRANSPORT',
    });
    expectStatus(ok, 200);
    expect(ZJob.parse(ok.body)).toMatchObject({ status: 'SCHEDULED', windowStart: at(8), operationType: 'TRANSPORT' });
    // an unordered window is a 400 even when only one end changes
    expectError(
      await patch(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`, { version: job.version + 1, windowEnd: at(7) }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('list: status (comma list), field, operation type, window overlap, operator, keyset pages', async () => {
    const w = await world();
    const f2 = ZField.parse((await post(w.t.OWNER, w.org.id, '/fields', { name: `F2 ${tag()}`, areaHa: 1 })).body);
    const a = await createJob(w);
    const b = await assigned(w);
    const c = await createJob(w, {
      fieldId: f2.id,
      operationType: 'HARVESTING',
      windowStart: '2027-07-01T00:00:00Z',
      windowEnd: '2027-07-02T00:00:00Z',
    });
    await post(w.t.DISPATCHER, w.org.id, `/jobs/${c.id}/cancel`, { reason: 'x' });
    const ids = async (qs: string) =>
      ZListJobsResponse.parse((await get(w.t.VIEWER, w.org.id, `/jobs?${qs}`)).body)
        .items.map((j) => j.id)
        .sort();
    expect(await ids('status=PLANNED')).toEqual([a.id]);
    expect(await ids('status=PLANNED,SCHEDULED')).toEqual([a.id, b.id].sort());
    expect(await ids(`fieldId=${f2.id}`)).toEqual([c.id]);
    expect(await ids('operationType=HARVESTING')).toEqual([c.id]);
    expect(
      await ids(`from=${encodeURIComponent('2027-06-30T00:00:00Z')}&to=${encodeURIComponent('2027-07-01T00:00:01Z')}`),
    ).toEqual([c.id]);
    expect(await ids(`operatorMembershipId=${w.org.users.OPERATOR.membershipId}`)).toEqual([b.id]);
    expectError(await get(w.t.VIEWER, w.org.id, '/jobs?status=DONE'), 400, 'VALIDATION_FAILED');
    const p1 = ZListJobsResponse.parse((await get(w.t.VIEWER, w.org.id, '/jobs?limit=2')).body);
    expect(p1.items).toHaveLength(2);
    const p2 = ZListJobsResponse.parse((await get(w.t.VIEWER, w.org.id, `/jobs?limit=2&cursor=${p1.nextCursor}`)).body);
    expect(p2.items).toHaveLength(1);
    expect(p2.nextCursor).toBeNull();
    expectError(await get(w.t.VIEWER, w.org.id, '/jobs?cursor=garbage'), 400, 'VALIDATION_FAILED');
  });
});

describe('assignment rules', () => {
  it('machines must exist in my org (404 naming the field), form a valid set (422), be ACTIVE (409), suit the operation (422)', async () => {
    const w = await world();
    const other = await world('jobs-other');
    const job = await createJob(w);
    const missing = await assign(w, job.id, { implementAssetIds: [other.seeder] });
    expectError(missing, 404, 'NOT_FOUND');
    expect(missing.body.error.details).toEqual({ field: 'implementAssetIds.0', assetId: other.seeder });
    expectError(await assign(w, job.id, { primaryAssetId: other.tractor }), 404, 'NOT_FOUND');

    expectError(await assign(w, job.id, { primaryAssetId: w.seeder }), 422, 'INVALID_MACHINE_SET');
    expectError(await assign(w, job.id, { implementAssetIds: [w.harvester] }), 422, 'INVALID_MACHINE_SET');
    expectError(await assign(w, job.id, { implementAssetIds: [w.seeder, w.seeder] }), 422, 'INVALID_MACHINE_SET');

    const broken = await machine(w.org.id, w.model.power, 'Broken', 'IN_MAINTENANCE');
    const retired = await machine(w.org.id, w.model.power, 'Old', 'RETIRED');
    const r1 = await assign(w, job.id, { primaryAssetId: broken });
    expectError(r1, 409, 'ASSET_UNAVAILABLE');
    expect(r1.body.error.details).toEqual({ assetId: broken, status: 'IN_MAINTENANCE' });
    const r2 = await assign(w, job.id, { primaryAssetId: retired });
    expectError(r2, 409, 'ASSET_UNAVAILABLE');
    expect(r2.body.error.details).toEqual({ assetId: retired, status: 'RETIRED' });

    const sowing = await createJob(w, { operationType: 'SOWING_PLANTING' });
    const mm = await assign(w, sowing.id, { primaryAssetId: w.harvester });
    expectError(mm, 422, 'CAPABILITY_MISMATCH');
    expect(mm.body.error.details).toEqual({ operationType: 'SOWING_PLANTING', supported: ['HARVESTING'] });
    // the implement brings the capability: the set's union counts
    expectStatus(await assign(w, sowing.id, { implementAssetIds: [w.seeder] }), 200);

    expect(await h.db.assignment.count({ where: { organizationId: w.org.id, jobId: job.id } })).toBe(0);
    expect(ZJob.parse((await get(w.t.VIEWER, w.org.id, `/jobs/${job.id}`)).body)).toMatchObject({
      status: 'PLANNED',
      version: 1,
    });
  });

  it('operator must be an active member allowed to execute jobs; the slot must be ordered and inside the window', async () => {
    const w = await world();
    const other = await world('jobs-other');
    const job = await createJob(w, { windowStart: at(6), windowEnd: at(18) });
    for (const m of [
      w.org.users.VIEWER.membershipId,
      w.org.users.ACCOUNTANT.membershipId,
      w.org.users.MECHANIC.membershipId,
      other.org.users.OPERATOR.membershipId,
      await extraOperator(w.org.id, 'OPERATOR', 'SUSPENDED'),
    ]) {
      expectError(await assign(w, job.id, { operatorMembershipId: m }), 422, 'OPERATOR_NOT_ELIGIBLE');
    }
    const out = await assign(w, job.id, slot(5, 9));
    expectError(out, 422, 'OUTSIDE_JOB_WINDOW');
    expectError(await assign(w, job.id, slot(17, 19)), 422, 'OUTSIDE_JOB_WINDOW');
    const unordered = await assign(w, job.id, slot(9, 9));
    expectError(unordered, 400, 'VALIDATION_FAILED');
    expect(unordered.body.error.details[0].path).toBe('endsAt');
    // a dispatcher may operate too (their role has job.execute); slot == window is fine
    expectStatus(
      await assign(w, job.id, { operatorMembershipId: w.org.users.DISPATCHER.membershipId, ...slot(6, 18) }),
      200,
    );
  });

  it('back-to-back slots [8,12) and [12,16) of one machine and operator both succeed; an overlap is 409 with the conflict', async () => {
    const w = await world();
    const [j1, j2, j3] = [await createJob(w), await createJob(w), await createJob(w)];
    expectStatus(await assign(w, j1.id, slot(8, 12)), 200);
    expectStatus(await assign(w, j2.id, slot(12, 16)), 200);
    const clash = await assign(w, j3.id, slot(11, 13));
    expectError(clash, 409, 'BOOKING_CONFLICT');
    const conflicts = clash.body.error.details.conflicts as { resource: string; jobId: string }[];
    expect(conflicts.map((c) => `${c.resource}:${c.jobId}`).sort()).toEqual(
      [`machine:${j1.id}`, `machine:${j2.id}`, `operator:${j1.id}`, `operator:${j2.id}`].sort(),
    );
    expect(ZJob.parse((await get(w.t.VIEWER, w.org.id, `/jobs/${j3.id}`)).body)).toMatchObject({
      status: 'PLANNED',
      assignment: null,
    });
  });

  it('re-assigning releases the old assignment and its bookings; unassign → PLANNED frees them', async () => {
    const w = await world();
    const second = await machine(w.org.id, w.model.power, 'Second');
    const job = await assigned(w);
    const first = job.assignment!;
    const r = await assign(w, job.id, { primaryAssetId: second, ...slot(9, 11) });
    expectStatus(r, 200);
    const re = ZJob.parse(r.body);
    expect(re).toMatchObject({ status: 'SCHEDULED', version: 3 });
    expect(re.assignment!.machines[0]!.assetId).toBe(second);
    expect(await liveMachineBookings(w.org.id, w.tractor)).toBe(0);
    expect(await liveMachineBookings(w.org.id, second)).toBe(1);
    expect((await h.db.assignment.findUniqueOrThrow({ where: { id: first.id } })).releasedAt).not.toBeNull();
    const ev = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, entityId: job.id, action: 'job.assigned' },
      orderBy: { seq: 'asc' },
    });
    expect(ev[1]!.data).toMatchObject({
      before: { status: 'SCHEDULED', assignment: { id: first.id, machines: [{ assetId: w.tractor }] } },
      after: { status: 'SCHEDULED', assignment: { id: re.assignment!.id, machines: [{ assetId: second }] } },
    });
    // the old machine is bookable again in that slot
    expectStatus(
      await assign(w, (await createJob(w)).id, { operatorMembershipId: w.org.users.DISPATCHER.membershipId }),
      200,
    );

    const un = await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/unassign`, {});
    expectStatus(un, 200);
    expect(ZJob.parse(un.body)).toMatchObject({ status: 'PLANNED', assignment: null });
    expect(await liveMachineBookings(w.org.id, second)).toBe(0);
    expect(
      await h.db.operatorBooking.count({
        where: { organizationId: w.org.id, assignmentId: re.assignment!.id, releasedAt: null },
      }),
    ).toBe(0);
    expect(
      await h.db.auditEvent.count({ where: { organizationId: w.org.id, entityId: job.id, action: 'job.unassigned' } }),
    ).toBe(1);
  });

  it('cancel releases the bookings: the machine and operator are bookable again', async () => {
    const w = await world();
    const job = await assigned(w);
    const c = await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'hail' });
    expectStatus(c, 200);
    expect(ZJob.parse(c.body)).toMatchObject({ status: 'CANCELLED', cancelReason: 'hail', assignment: null });
    expect(await liveMachineBookings(w.org.id, w.tractor)).toBe(0);
    expectStatus(await assign(w, (await createJob(w)).id), 200);
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: w.org.id, entityId: job.id, action: 'job.cancelled' },
    });
    expect(ev.data).toMatchObject({
      before: { status: 'SCHEDULED', assignment: { id: job.assignment!.id } },
      after: { status: 'CANCELLED', assignment: null },
    });
  });

  it('meter going backwards on start → 422 METER_BACKWARDS, the job stays SCHEDULED and nothing is written', async () => {
    const w = await world();
    const job = await assigned(w);
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/meter-readings`, { readingHours: 500 }),
      201,
    );
    const auditBefore = await h.db.auditEvent.count({ where: { organizationId: w.org.id } });
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 499.9 }),
      422,
      'METER_BACKWARDS',
    );
    expect(ZJob.parse((await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`)).body)).toMatchObject({
      status: 'SCHEDULED',
      version: job.version,
      startMeterHours: null,
      startedAt: null,
    });
    expect(await h.db.meterReading.count({ where: { organizationId: w.org.id, assetId: w.tractor } })).toBe(1);
    expect(await h.db.auditEvent.count({ where: { organizationId: w.org.id } })).toBe(auditBefore);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 500 }), 200);
  });

  it('the service assign with an itemKey is idempotent: a retry returns the job as it is', async () => {
    const w = await world();
    const job = await createJob(w);
    const svc = h.app.get(AssignmentsService);
    const ctx: OrgContext = {
      requestId: 'test',
      organizationId: w.org.id,
      principal: { kind: 'USER', userId: w.org.users.DISPATCHER.id, sessionId: randomUUID(), isPlatformAdmin: false },
      membershipId: w.org.users.DISPATCHER.membershipId,
      actorUserId: w.org.users.DISPATCHER.id,
      role: 'DISPATCHER',
      permissions: permissionsOf('DISPATCHER'),
      dataScope: 'ORG',
      teamIds: [],
    };
    const input = {
      primaryAssetId: w.tractor,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      ...slot(8, 12),
    };
    const key = `draft-item-${tag()}`;
    const [a, b] = await Promise.all([
      svc.assign(ctx, job.id, input, { itemKey: key }),
      svc.assign(ctx, job.id, input, { itemKey: key }),
    ]);
    const c = await svc.assign(ctx, job.id, input, { itemKey: key });
    expect(a.assignment!.id).toBe(b.assignment!.id);
    expect(c.assignment!.id).toBe(a.assignment!.id);
    expect(c.version).toBe(2);
    expect(await h.db.assignment.count({ where: { organizationId: w.org.id, jobId: job.id } })).toBe(1);
  });
});

describe('Idempotency-Key on job transitions (the field app retries a start on a slow network)', () => {
  const withKey = (token: string, org: string, rest: string, key: string, body: unknown = {}) =>
    call(h.base, 'POST', orgPath(org, rest), { token, body, headers: { 'idempotency-key': key } });
  const started = (orgId: string, jobId: string) =>
    h.db.auditEvent.count({ where: { organizationId: orgId, entityId: jobId, action: 'job.started' } });

  it('a retried start with the same key gets the first answer, not 409 INVALID_TRANSITION; the job starts once', async () => {
    const w = await world();
    const job = await assigned(w);
    const key = randomUUID();
    const first = await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 100 });
    expectStatus(first, 200);
    expect(ZJob.parse(first.body)).toMatchObject({ status: 'IN_PROGRESS', version: 3, startMeterHours: 100 });
    const again = await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 100 });
    expectReplayOf(first, again);
    expect(await started(w.org.id, job.id)).toBe(1);
    expect(await h.db.meterReading.count({ where: { organizationId: w.org.id, assetId: w.tractor } })).toBe(1);
    expect((await h.db.job.findUniqueOrThrow({ where: { id: job.id } })).version).toBe(3);
    // without a key (or with a new one) the retry is a new request and the state machine answers
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 100 }),
      409,
      'INVALID_TRANSITION',
    );
    expectError(
      await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, randomUUID(), { meterHours: 100 }),
      409,
      'INVALID_TRANSITION',
    );
  });

  it('the same key with another body → 422 IDEMPOTENCY_KEY_REUSED, the job unchanged', async () => {
    const w = await world();
    const job = await assigned(w);
    const key = randomUUID();
    expectStatus(await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 100 }), 200);
    expectError(
      await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 101 }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    // the key belongs to that start: completing with it is another request too
    expectError(
      await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, key, { meterHours: 104 }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(ZJob.parse((await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`)).body)).toMatchObject({
      status: 'IN_PROGRESS',
      version: 3,
      startMeterHours: 100,
    });
    expect(await started(w.org.id, job.id)).toBe(1);
  });

  it('two concurrent starts with one key: one runs, the other replays it or is told to retry (never INVALID_TRANSITION)', async () => {
    const w = await world();
    const job = await assigned(w);
    const key = randomUUID();
    const results = await Promise.all(
      [0, 1].map(() => withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 100 })),
    );
    const ran = expectOneRan(results, 200);
    expect(ZJob.parse(ran.body).status).toBe('IN_PROGRESS');
    expect(await started(w.org.id, job.id)).toBe(1);
    expectReplayOf(ran, await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, key, { meterHours: 100 }));
  });

  it('assign, complete and cancel honour the key too', async () => {
    const w = await world();
    const job = await createJob(w);
    const body = { primaryAssetId: w.tractor, operatorMembershipId: w.org.users.OPERATOR.membershipId, ...slot(8, 12) };
    const k1 = randomUUID();
    const a = await withKey(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, k1, body);
    expectStatus(a, 200);
    expectReplayOf(a, await withKey(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, k1, body));
    expect(await h.db.assignment.count({ where: { organizationId: w.org.id, jobId: job.id } })).toBe(1);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { startedAt: earlier() }), 200);
    const k2 = randomUUID();
    const done = { areaDoneHa: 1, actualHours: 2 };
    const c = await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, k2, done);
    expectStatus(c, 200);
    expectReplayOf(c, await withKey(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, k2, done));
    const other = await createJob(w);
    const k3 = randomUUID();
    const x = await withKey(w.t.DISPATCHER, w.org.id, `/jobs/${other.id}/cancel`, k3, { reason: 'rain' });
    expectStatus(x, 200);
    expectReplayOf(x, await withKey(w.t.DISPATCHER, w.org.id, `/jobs/${other.id}/cancel`, k3, { reason: 'rain' }));
    const actions = await h.db.auditEvent.groupBy({
      by: ['action'],
      where: { organizationId: w.org.id, entityType: 'job' },
      _count: true,
    });
    expect(Object.fromEntries(actions.map((g) => [g.action, g._count]))).toMatchObject({
      'job.assigned': 1,
      'job.completed': 1,
      'job.cancelled': 1,
    });
  });
});

describe('deadlock victims', () => {
  /**
   * A real deadlock, made on purpose: our transaction takes lock 1 then waits for lock 2, which a
   * second connection holds while it waits for lock 1. Postgres aborts the one that waited first
   * (ours) with 40P01. The same happens, rarely and under load, when racing bookings insert into
   * the exclusion constraint at the same instant.
   */
  async function deadlockOnce(prisma: PrismaService, k1: number, k2: number) {
    const other = h.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${k2})`;
        await new Promise((r) => setTimeout(r, 300));
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${k1})`;
      },
      { timeout: 20_000, maxWait: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 50));
    try {
      await prisma.client.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${k1})`;
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(${k2})`;
        },
        { timeout: 20_000, maxWait: 10_000 },
      );
    } finally {
      await other;
    }
  }

  it('booking work that loses a deadlock runs again (and a deadlock left over is a 503 to retry, not a 500)', async () => {
    const bookings = h.app.get(BookingsService);
    const prisma = h.app.get(PrismaService);
    const k1 = Math.floor(Math.random() * 1e9);
    const k2 = k1 + 1;
    let attempts = 0;
    const out = await bookings.refusalsAsConflict(
      randomUUID(),
      { assetIds: [], range: { startsAt: new Date(at(8)), endsAt: new Date(at(9)) } },
      async () => {
        attempts++;
        if (attempts === 1) await deadlockOnce(prisma, k1, k2);
        return 'written';
      },
    );
    expect(out).toBe('written');
    expect(attempts).toBe(2);

    let caught: unknown;
    try {
      await deadlockOnce(prisma, k1 + 2, k1 + 3);
    } catch (err) {
      caught = err;
    }
    expect(caught, 'the deadlock happened').toBeDefined();
    expect(normalizeError(caught)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', internal: false });
  }, 30_000);
});

describe('double booking under concurrency', () => {
  it('20 parallel assignments of one machine to 20 jobs with overlapping slots: exactly one wins, 19 get 409 BOOKING_CONFLICT', async () => {
    const w = await world();
    const jobs = await Promise.all(Array.from({ length: 20 }, () => createJob(w)));
    const operators = await Promise.all(jobs.map(() => extraOperator(w.org.id)));
    const results = await Promise.all(
      jobs.map((j, i) =>
        assign(w, j.id, { operatorMembershipId: operators[i], startsAt: at(8 + (i % 4)), endsAt: at(13 + (i % 3)) }),
      ),
    );
    const codes = results.map((r) => r.status).sort();
    const odd = JSON.stringify(
      results.filter((r) => r.status !== 200 && r.status !== 409).map((r) => [r.status, r.body]),
    );
    expect(
      codes.filter((c) => c === 200),
      odd,
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      odd,
    ).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) {
      expectError(r, 409, 'BOOKING_CONFLICT');
      expect(r.body.error.details.conflicts.length).toBeGreaterThan(0);
      expect(r.body.error.details.conflicts[0]).toMatchObject({ resource: 'machine', resourceId: w.tractor });
    }
    expect(await liveMachineBookings(w.org.id, w.tractor)).toBe(1);
    expect(await h.db.assignment.count({ where: { organizationId: w.org.id, releasedAt: null } })).toBe(1);
    expect(await h.db.job.count({ where: { organizationId: w.org.id, status: 'SCHEDULED' } })).toBe(1);
  });

  it('20 parallel assignments of one operator with different machines: exactly one wins', async () => {
    const w = await world();
    const jobs = await Promise.all(Array.from({ length: 20 }, () => createJob(w)));
    const tractors = await Promise.all(jobs.map(() => machine(w.org.id, w.model.power)));
    const results = await Promise.all(
      jobs.map((j, i) => assign(w, j.id, { primaryAssetId: tractors[i], ...slot(8 + (i % 3), 12 + (i % 2)) })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const lost = results.filter((r) => r.status !== 200);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expectError(r, 409, 'BOOKING_CONFLICT');
      expect(r.body.error.details.conflicts).toContainEqual(
        expect.objectContaining({ resource: 'operator', resourceId: w.org.users.OPERATOR.membershipId }),
      );
    }
    expect(
      await h.db.operatorBooking.count({
        where: { organizationId: w.org.id, membershipId: w.org.users.OPERATOR.membershipId, releasedAt: null },
      }),
    ).toBe(1);
    expect(await h.db.machineBooking.count({ where: { organizationId: w.org.id, releasedAt: null } })).toBe(1);
  });
});

describe('bulk assign', () => {
  it('good items are written, bad ones reported, nothing half-written', async () => {
    const w = await world();
    const [j1, j2, j3, j4] = [
      await createJob(w),
      await createJob(w, { operationType: 'HARVESTING' }),
      await createJob(w),
      await createJob(w),
    ];
    const op = w.org.users.OPERATOR.membershipId;
    const other = await extraOperator(w.org.id);
    const r = await post(w.t.DISPATCHER, w.org.id, '/jobs/assign-bulk', {
      items: [
        { jobId: j1.id, primaryAssetId: w.tractor, operatorMembershipId: op, ...slot(8, 12) },
        { jobId: j2.id, primaryAssetId: w.tractor, operatorMembershipId: op, ...slot(13, 15) }, // tractor cannot harvest
        { jobId: j3.id, primaryAssetId: w.tractor, operatorMembershipId: other, ...slot(10, 14) }, // tractor taken by item 0
        {
          jobId: j4.id,
          primaryAssetId: w.tractor,
          implementAssetIds: [w.seeder],
          operatorMembershipId: other,
          ...slot(12, 16),
        },
      ],
    });
    expectStatus(r, 200);
    const { results } = ZAssignBulkResponse.parse(r.body);
    expect(results.map((x) => [x.index, x.jobId, x.ok])).toEqual([
      [0, j1.id, true],
      [1, j2.id, false],
      [2, j3.id, false],
      [3, j4.id, true],
    ]);
    expect(results[1]).toMatchObject({ ok: false, error: { code: 'CAPABILITY_MISMATCH' } });
    expect(results[2]).toMatchObject({
      ok: false,
      error: { code: 'BOOKING_CONFLICT', details: { conflicts: [expect.objectContaining({ jobId: j1.id })] } },
    });
    expect(results[3]).toMatchObject({ ok: true, job: { status: 'SCHEDULED' } });
    for (const bad of [j2, j3]) {
      expect(await h.db.assignment.count({ where: { organizationId: w.org.id, jobId: bad.id } })).toBe(0);
      expect((await h.db.job.findUniqueOrThrow({ where: { id: bad.id } })).status).toBe('PLANNED');
    }
    // an unknown job id in an item is that item's 404; more than 100 items is a 400
    const other2 = await world('jobs-other');
    const foreign = await createJob(other2);
    const r2 = await post(w.t.DISPATCHER, w.org.id, '/jobs/assign-bulk', {
      items: [{ jobId: foreign.id, primaryAssetId: w.tractor, operatorMembershipId: op, ...slot(20, 21) }],
    });
    expect(ZAssignBulkResponse.parse(r2.body).results[0]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const tooMany = Array.from({ length: 101 }, () => ({
      jobId: j1.id,
      primaryAssetId: w.tractor,
      operatorMembershipId: op,
      ...slot(8, 9),
    }));
    expectError(
      await post(w.t.DISPATCHER, w.org.id, '/jobs/assign-bulk', { items: tooMany }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('assignment calendar', () => {
  it('lists live assignments overlapping the period, filtered by machine and operator, ordered by start, paged', async () => {
    const w = await world();
    const second = await machine(w.org.id, w.model.power, 'Second');
    const a = await assigned(w, slot(8, 10));
    const b = await assigned(w, {
      primaryAssetId: second,
      operatorMembershipId: w.org.users.DISPATCHER.membershipId,
      ...slot(6, 9),
    });
    const c = await assigned(w, slot(12, 14));
    await post(w.t.DISPATCHER, w.org.id, `/jobs/${c.id}/unassign`, {});
    const q = (extra = '') =>
      get(
        w.t.VIEWER,
        w.org.id,
        `/assignments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(23))}${extra}`,
      );
    const all = ZListAssignmentsResponse.parse((await q()).body);
    expect(all.items.map((x) => x.jobId)).toEqual([b.id, a.id]);
    expect(all.items[0]).toMatchObject({
      job: { id: b.id, status: 'SCHEDULED', operationType: 'TILLAGE', fieldId: w.field.id },
      machines: [{ assetId: second, name: 'Second' }],
    });
    expect(ZListAssignmentsResponse.parse((await q(`&assetId=${w.tractor}`)).body).items.map((x) => x.jobId)).toEqual([
      a.id,
    ]);
    expect(
      ZListAssignmentsResponse.parse(
        (await q(`&operatorMembershipId=${w.org.users.DISPATCHER.membershipId}`)).body,
      ).items.map((x) => x.jobId),
    ).toEqual([b.id]);
    const p1 = ZListAssignmentsResponse.parse((await q('&limit=1')).body);
    const p2 = ZListAssignmentsResponse.parse((await q(`&limit=1&cursor=${p1.nextCursor}`)).body);
    expect([...p1.items, ...p2.items].map((x) => x.jobId)).toEqual([b.id, a.id]);
    expect(p2.nextCursor).toBeNull();
    // [from, to) half-open: a period ending when the slot starts does not see it
    const none = await get(
      w.t.VIEWER,
      w.org.id,
      `/assignments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(6))}`,
    );
    expect(ZListAssignmentsResponse.parse(none.body).items).toEqual([]);
    expectError(
      await get(w.t.VIEWER, w.org.id, `/assignments?from=${encodeURIComponent(at(0))}`),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await get(
        w.t.VIEWER,
        w.org.id,
        `/assignments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent('2027-09-01T00:00:00Z')}`,
      ),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('tenancy, roles and data scope', () => {
  it("another org's job, field or machine is a 404 on every jobs route", async () => {
    const w = await world();
    const other = await world('jobs-other');
    const theirs = await assigned(other);
    const theirPlanned = await createJob(other);
    const d = w.t.OWNER;
    const j = `/jobs/${theirs.id}`;
    expectError(await get(d, w.org.id, j), 404, 'NOT_FOUND');
    expectError(await patch(d, w.org.id, j, { version: 1, title: 'x' }), 404, 'NOT_FOUND');
    expectError(await assign(w, theirPlanned.id, {}, d), 404, 'NOT_FOUND');
    expectError(await post(d, w.org.id, `${j}/unassign`, {}), 404, 'NOT_FOUND');
    expectError(await post(d, w.org.id, `${j}/start`, {}), 404, 'NOT_FOUND');
    expectError(await post(d, w.org.id, `${j}/complete`, { areaDoneHa: 1, actualHours: 1 }), 404, 'NOT_FOUND');
    expectError(await post(d, w.org.id, `${j}/cancel`, { reason: 'x' }), 404, 'NOT_FOUND');
    const viaField = await post(d, w.org.id, '/jobs', {
      fieldId: other.field.id,
      operationType: 'TILLAGE',
      estimatedHours: 1,
      ...WINDOW,
    });
    expectError(viaField, 404, 'NOT_FOUND');
    expect(viaField.body.error.details).toEqual({ field: 'fieldId' });
    const bulk = ZAssignBulkResponse.parse(
      (
        await post(d, w.org.id, '/jobs/assign-bulk', {
          items: [
            {
              jobId: theirPlanned.id,
              primaryAssetId: w.tractor,
              operatorMembershipId: w.org.users.OPERATOR.membershipId,
              ...slot(8, 9),
            },
          ],
        })
      ).body,
    );
    expect(bulk.results[0]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(
      ZListJobsResponse.parse((await get(d, w.org.id, '/jobs?limit=200')).body).items.map((x) => x.id),
    ).not.toContain(theirs.id);
    const cal = await get(
      d,
      w.org.id,
      `/assignments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(23))}&assetId=${other.tractor}`,
    );
    expect(ZListAssignmentsResponse.parse(cal.body).items).toEqual([]);
    // and nothing of theirs moved
    expect(ZJob.parse((await get(other.t.VIEWER, other.org.id, j)).body)).toMatchObject({
      status: 'SCHEDULED',
      version: theirs.version,
    });
  });

  it('roles: OPERATOR cannot create or assign, ACCOUNTANT has no jobs, VIEWER only reads, DISPATCHER does it all', async () => {
    const w = await world();
    const job = await createJob(w, {}, w.t.DISPATCHER);
    const jobBody = { fieldId: w.field.id, operationType: 'TILLAGE', estimatedHours: 1, ...WINDOW };
    expectError(await post(w.t.OPERATOR, w.org.id, '/jobs', jobBody), 403, 'FORBIDDEN');
    expectError(await assign(w, job.id, {}, w.t.OPERATOR), 403, 'FORBIDDEN');
    expectError(await post(w.t.OPERATOR, w.org.id, '/jobs/assign-bulk', { items: [] }), 403, 'FORBIDDEN');
    expectError(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'x' }), 403, 'FORBIDDEN');
    expectError(await patch(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`, { version: 1, title: 'x' }), 403, 'FORBIDDEN');

    const range = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(23))}`;
    for (const [method, path] of [
      ['GET', '/jobs'],
      ['GET', `/jobs/${job.id}`],
      ['GET', `/assignments?${range}`],
      ['POST', '/jobs'],
      ['POST', `/jobs/${job.id}/start`],
    ] as const) {
      expectError(
        await call(h.base, method, orgPath(w.org.id, path), {
          token: w.t.ACCOUNTANT,
          body: method === 'POST' ? jobBody : undefined,
        }),
        403,
        'FORBIDDEN',
      );
    }

    expectStatus(await get(w.t.VIEWER, w.org.id, '/jobs'), 200);
    expectStatus(await get(w.t.VIEWER, w.org.id, `/jobs/${job.id}`), 200);
    expectStatus(await get(w.t.VIEWER, w.org.id, `/assignments?${range}`), 200);
    expectError(await post(w.t.VIEWER, w.org.id, '/jobs', jobBody), 403, 'FORBIDDEN');
    expectError(await assign(w, job.id, {}, w.t.VIEWER), 403, 'FORBIDDEN');
    expectError(await post(w.t.VIEWER, w.org.id, `/jobs/${job.id}/start`, {}), 403, 'FORBIDDEN');
    expectError(await post(w.t.VIEWER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'x' }), 403, 'FORBIDDEN');

    const d = w.t.DISPATCHER;
    expectStatus(await patch(d, w.org.id, `/jobs/${job.id}`, { version: 1, notes: 'n' }), 200);
    expectStatus(await assign(w, job.id, { operatorMembershipId: w.org.users.DISPATCHER.membershipId }, d), 200);
    expectStatus(await post(d, w.org.id, `/jobs/${job.id}/start`, { startedAt: earlier() }), 200);
    expectStatus(await post(d, w.org.id, `/jobs/${job.id}/complete`, { areaDoneHa: 1, actualHours: 1 }), 200);
    const j2 = await createJob(w, {}, d);
    expectStatus(await post(d, w.org.id, `/jobs/${j2.id}/cancel`, { reason: 'x' }), 200);
  });

  it('an OPERATOR sees exactly the jobs assigned to them, and only the machines of their assignments', async () => {
    const w = await world();
    const second = await machine(w.org.id, w.model.power, 'Not mine');
    const mine = await assigned(w, { implementAssetIds: [w.seeder] });
    const notMine = await assigned(w, {
      primaryAssetId: second,
      operatorMembershipId: w.org.users.DISPATCHER.membershipId,
    });
    const unassigned = await createJob(w);
    const op = w.t.OPERATOR;

    expect(ZListJobsResponse.parse((await get(op, w.org.id, '/jobs')).body).items.map((j) => j.id)).toEqual([mine.id]);
    expectStatus(await get(op, w.org.id, `/jobs/${mine.id}`), 200);
    expectError(await get(op, w.org.id, `/jobs/${notMine.id}`), 404, 'NOT_FOUND');
    expectError(await get(op, w.org.id, `/jobs/${unassigned.id}`), 404, 'NOT_FOUND');
    expectError(await post(op, w.org.id, `/jobs/${notMine.id}/start`, {}), 404, 'NOT_FOUND');
    const cal = ZListAssignmentsResponse.parse(
      (await get(op, w.org.id, `/assignments?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(23))}`)).body,
    );
    expect(cal.items.map((a) => a.jobId)).toEqual([mine.id]);

    const assets = ZListAssetsResponse.parse((await get(op, w.org.id, '/assets?limit=200')).body)
      .items.map((a) => a.id)
      .sort();
    expect(assets).toEqual([w.tractor, w.seeder].sort());
    expectStatus(await get(op, w.org.id, `/assets/${w.tractor}`), 200);
    expectError(await get(op, w.org.id, `/assets/${second}`), 404, 'NOT_FOUND');

    // their own job they can run
    expectStatus(await post(op, w.org.id, `/jobs/${mine.id}/start`, { meterHours: 10, startedAt: earlier() }), 200);
    expectStatus(await post(op, w.org.id, `/jobs/${mine.id}/complete`, { meterHours: 12, areaDoneHa: 5 }), 200);
    // re-assigned away from them, it disappears from their view
    await post(w.t.DISPATCHER, w.org.id, `/jobs/${notMine.id}/unassign`, {});
    await assign(w, unassigned.id, { primaryAssetId: second, ...slot(13, 14) });
    expect(
      ZListJobsResponse.parse((await get(op, w.org.id, '/jobs')).body)
        .items.map((j) => j.id)
        .sort(),
    ).toEqual([mine.id, unassigned.id].sort());
    await post(w.t.DISPATCHER, w.org.id, `/jobs/${unassigned.id}/cancel`, { reason: 'x' });
    expectError(await get(op, w.org.id, `/jobs/${unassigned.id}`), 404, 'NOT_FOUND');
  });
});

describe('assign options (issue #12: pickers that know availability)', () => {
  it('lists machines with capability and bookings in the window, operators with teams and bookings; the job’s own slot is not busy', async () => {
    const w = await world('pickers');
    const team = await h.db.team.create({ data: { organizationId: w.org.id, name: `North ${tag()}` } });
    await h.db.teamMember.create({
      data: { organizationId: w.org.id, membershipId: w.org.users.OPERATOR.membershipId, teamId: team.id },
    });
    // another job books the tractor and the operator 08–12 on day one
    const other = await assigned(w);
    const job = await createJob(w, { operationType: 'SOWING_PLANTING' });

    const r = await get(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign-options`);
    expectStatus(r, 200);
    const o = ZAssignOptionsResponse.parse(r.body);
    expect(o).toMatchObject({ from: WINDOW.windowStart, to: WINDOW.windowEnd, truncated: false });
    const byId = new Map(o.machines.map((m) => [m.id, m]));
    expect(byId.get(w.tractor)).toMatchObject({
      kind: 'POWER_UNIT',
      capable: false,
      busy: [{ startsAt: at(8), endsAt: at(12), kind: 'JOB', jobId: other.id }],
    });
    expect(byId.get(w.seeder)).toMatchObject({ kind: 'IMPLEMENT', capable: true, busy: [] });
    expect(byId.get(w.harvester)).toMatchObject({ capable: false, busy: [] });
    const operator = o.operators.find((x) => x.membershipId === w.org.users.OPERATOR.membershipId)!;
    expect(operator).toMatchObject({
      teams: [{ id: team.id, name: team.name }],
      busy: [{ startsAt: at(8), endsAt: at(12), jobId: other.id }],
    });
    // only people who may run jobs are offered
    const offered = new Set(o.operators.map((x) => x.membershipId));
    expect(offered.has(w.org.users.ACCOUNTANT.membershipId)).toBe(false);
    expect(offered.has(w.org.users.VIEWER.membershipId)).toBe(false);

    // the job that holds the booking does not see its own slot as busy (re-assigning keeps it)
    const own = ZAssignOptionsResponse.parse(
      (await get(w.t.DISPATCHER, w.org.id, `/jobs/${other.id}/assign-options`)).body,
    );
    expect(own.machines.find((m) => m.id === w.tractor)!.busy).toEqual([]);
    expect(own.operators.find((x) => x.membershipId === w.org.users.OPERATOR.membershipId)!.busy).toEqual([]);
  });

  it('needs job.schedule; another org’s job is 404', async () => {
    const w = await world('pickers');
    const job = await createJob(w);
    expectError(await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/assign-options`), 403, 'FORBIDDEN');
    const v = await world('pickers-other');
    expectError(await get(v.t.DISPATCHER, v.org.id, `/jobs/${job.id}/assign-options`), 404, 'NOT_FOUND');
  });
});

describe('consequences of a machine going down (issue #12)', () => {
  it('a scheduled job shows its machine’s status; ?machineDown=true lists the jobs a down machine affects', async () => {
    const w = await world('down');
    const job = await assigned(w);
    expect(job.assignment!.machines[0]).toMatchObject({ assetId: w.tractor, status: 'ACTIVE' });
    const untouched = await assigned(
      w,
      { primaryAssetId: w.harvester, ...slot(13, 15) },
      { operationType: 'HARVESTING' },
    );
    const down = async () =>
      ZListJobsResponse.parse((await get(w.t.DISPATCHER, w.org.id, '/jobs?machineDown=true')).body).items.map(
        (j) => j.id,
      );
    expect(await down()).toEqual([]);

    // a fault report takes the tractor down: the job says so and is listed, the other is not
    const wo = await post(w.t.OPERATOR, w.org.id, '/work-orders', {
      assetId: w.tractor,
      type: 'CORRECTIVE',
      title: 'Hydraulic leak',
      causesDowntime: true,
      priority: 1,
    });
    expectStatus(wo, 201);
    const now = ZJob.parse((await get(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}`)).body);
    expect(now.assignment!.machines[0]!.status).toBe('IN_MAINTENANCE');
    expect(await down()).toEqual([job.id]);
    expect(await down()).not.toContain(untouched.id);
    expectError(await get(w.t.DISPATCHER, w.org.id, '/jobs?machineDown=maybe'), 400, 'VALIDATION_FAILED');
  });

  it('?assetId= lists the jobs whose live assignment uses that machine (the cost form’s job picker)', async () => {
    const w = await world('by-machine');
    const job = await assigned(w);
    const other = await assigned(w, { primaryAssetId: w.harvester, ...slot(13, 15) }, { operationType: 'HARVESTING' });
    const ids = async (assetId: string) =>
      ZListJobsResponse.parse((await get(w.t.DISPATCHER, w.org.id, `/jobs?assetId=${assetId}`)).body).items.map(
        (j) => j.id,
      );
    expect(await ids(w.tractor)).toEqual([job.id]);
    expect(await ids(w.harvester)).toEqual([other.id]);
    // another org's machine matches nothing; a malformed id is a 400
    const v = await world('by-machine-other');
    expect(await ids(v.tractor)).toEqual([]);
    expectError(await get(w.t.DISPATCHER, w.org.id, '/jobs?assetId=nope'), 400, 'VALIDATION_FAILED');
  });
});
