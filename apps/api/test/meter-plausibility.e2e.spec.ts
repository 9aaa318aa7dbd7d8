import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAssetDetail, ZListMeterReadingsResponse, ZMeterReading } from '@amms/contracts/assets';
import { ZJob } from '@amms/contracts/jobs';
import { ZDueResponse } from '@amms/contracts/maintenance';
import { startApp, type Harness } from './harness.js';
import { assignedJob, fieldWorld, HOUR, machineRow, orgApi, tag, type FieldWorld } from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

/**
 * Issue #12, bugs 1 and 2: an absurd engine-hour reading (666.5 → 99999) was accepted, could not
 * be corrected, and completing the job afterwards asked for a duration although both readings
 * existed; 6 h of work with 0 minutes elapsed was accepted.
 */
let h: Harness;
beforeAll(async () => {
  h = await startApp({ METER_MAX_HOURS_PER_DAY_IMPLEMENT: '12' });
});
afterAll(() => h?.close());

const { get, post } = orgApi(() => h);
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

type World = FieldWorld;
const world = () => fieldWorld(h, 'meter');
/** A job assigned to the OPERATOR on the tractor, its slot around now. */
const scheduledJob = (w: World) => assignedJob(h, w, new Date(Date.now() - 30 * HOUR), new Date(Date.now() + 2 * HOUR));

const reading = (w: World, readingHours: number, readAt: string, extra: Record<string, unknown> = {}) =>
  post(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/meter-readings`, { readingHours, readAt, ...extra });

describe('meter plausibility (bug 1)', () => {
  it('666.5 → 99999 an hour later is 422 METER_IMPLAUSIBLE with the numbers; nothing is written', async () => {
    const w = await world();
    expectStatus(await reading(w, 666.5, ago(2)), 201);
    const before = await h.db.auditEvent.count({ where: { organizationId: w.org.id } });
    const r = await reading(w, 99999, ago(1));
    expectError(r, 422, 'METER_IMPLAUSIBLE');
    expect(r.body.error.details).toMatchObject({ latestHours: 666.5, readingHours: 99999, maxHoursPerDay: 24 });
    // one hour at 24 h/day + 1 h grace
    expect(r.body.error.details.maxPlausibleHours).toBe(668.5);
    expect(await h.db.meterReading.count({ where: { assetId: w.tractor } })).toBe(1);
    expect(await h.db.auditEvent.count({ where: { organizationId: w.org.id } })).toBe(before);
  });

  it('a jump that fits in the time elapsed is accepted; the hours per day follow the model kind (config)', async () => {
    const w = await world();
    expectStatus(await reading(w, 100, ago(48)), 201);
    // two days at 24 h/day: up to 148 (+ grace)
    expectStatus(await reading(w, 145, ago(0)), 201);
    const impl = await machineRow(h.db, w.org.id, 'Harrow', { name: 'I', kind: 'IMPLEMENT' });
    const path = `/assets/${impl}/meter-readings`;
    expectStatus(await post(w.t.DISPATCHER, w.org.id, path, { readingHours: 10, readAt: ago(24) }), 201);
    // METER_MAX_HOURS_PER_DAY_IMPLEMENT=12 in this app: one day allows 10 + 12 + 1
    const r = await post(w.t.DISPATCHER, w.org.id, path, { readingHours: 30, readAt: ago(0) });
    expectError(r, 422, 'METER_IMPLAUSIBLE');
    expect(r.body.error.details).toMatchObject({ maxHoursPerDay: 12, maxPlausibleHours: 23 });
    expectStatus(await post(w.t.DISPATCHER, w.org.id, path, { readingHours: 22.9, readAt: ago(0) }), 201);
  });

  it('confirmJump ("meter replaced / corrected") accepts the jump; it is kept on the reading and audited', async () => {
    const w = await world();
    expectStatus(await reading(w, 666.5, ago(2)), 201);
    const r = await reading(w, 2000, ago(1), { confirmJump: true });
    expectStatus(r, 201);
    expect(ZMeterReading.parse(r.body)).toMatchObject({ readingHours: 2000, jumpConfirmed: true, voidedAt: null });
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: w.org.id, action: 'asset.meter_recorded' },
      orderBy: { seq: 'desc' },
    });
    expect(ev.data).toMatchObject({
      before: { readingHours: 666.5 },
      after: { readingHours: 2000, jumpConfirmed: true },
    });
  });

  it('a supervisor voids a wrong reading: audited, ignored by the latest reading, the due list and the next check; an operator may not', async () => {
    const w = await world();
    expectStatus(await reading(w, 666.5, ago(3)), 201);
    const bad = ZMeterReading.parse((await reading(w, 99999, ago(2), { confirmJump: true })).body);
    const plan = await post(w.t.OWNER, w.org.id, '/maintenance-plans', {
      name: `500 h service ${tag()}`,
      assetId: w.tractor,
      intervalHours: 500,
      checklist: [{ label: 'oil' }],
    });
    expectStatus(plan, 201);
    const dueBefore = ZDueResponse.parse((await get(w.t.DISPATCHER, w.org.id, '/maintenance/due')).body).items.find(
      (d) => d.assetId === w.tractor,
    );
    expect(dueBefore?.currentHours).toBe(99999);

    const path = `/assets/${w.tractor}/meter-readings/${bad.id}/void`;
    expectError(await post(w.t.OPERATOR, w.org.id, path, { reason: 'typo' }), 403, 'FORBIDDEN');
    expectError(await post(w.t.DISPATCHER, w.org.id, path, {}), 400, 'VALIDATION_FAILED');
    const v = await post(w.t.DISPATCHER, w.org.id, path, { reason: 'typo: 99999 instead of 669.9' });
    expectStatus(v, 200);
    expect(ZMeterReading.parse(v.body)).toMatchObject({
      id: bad.id,
      voidReason: 'typo: 99999 instead of 669.9',
      voidedByUserId: w.org.users.DISPATCHER.id,
    });
    expectError(await post(w.t.DISPATCHER, w.org.id, path, { reason: 'again' }), 409, 'CONFLICT');

    const detail = ZAssetDetail.parse((await get(w.t.VIEWER, w.org.id, `/assets/${w.tractor}`)).body);
    expect(detail.latestMeterReading?.readingHours).toBe(666.5);
    const list = ZListMeterReadingsResponse.parse(
      (await get(w.t.VIEWER, w.org.id, `/assets/${w.tractor}/meter-readings`)).body,
    );
    expect(list.items.map((r) => [r.readingHours, r.voidedAt !== null])).toEqual([
      [99999, true],
      [666.5, false],
    ]);
    const dueAfter = ZDueResponse.parse((await get(w.t.DISPATCHER, w.org.id, '/maintenance/due')).body).items.find(
      (d) => d.assetId === w.tractor,
    );
    expect(dueAfter?.currentHours).toBe(666.5);
    // the next reading is checked against 666.5 again
    expectStatus(await reading(w, 668, ago(1)), 201);
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: w.org.id, action: 'asset.meter_voided' },
    });
    expect(ev).toMatchObject({ actorUserId: w.org.users.DISPATCHER.id, entityId: w.tractor });
    expect(ev.data).toMatchObject({
      reason: 'typo: 99999 instead of 669.9',
      meterReadingId: bad.id,
      before: { readingHours: 99999 },
      after: { latestReadingHours: 666.5 },
    });
    // another org's reading is a 404
    const other = await world();
    expectError(
      await post(other.t.DISPATCHER, other.org.id, `/assets/${other.tractor}/meter-readings/${bad.id}/void`, {
        reason: 'x',
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('starting a job with an absurd meter is refused; confirmed, then voided, the job start meter is cleared', async () => {
    const w = await world();
    const job = await scheduledJob(w);
    expectStatus(await reading(w, 666.5, ago(26)), 201);
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 99999, startedAt: ago(25) }),
      422,
      'METER_IMPLAUSIBLE',
    );
    const s = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, {
      meterHours: 99999,
      startedAt: ago(25),
      confirmMeterJump: true,
    });
    expectStatus(s, 200);
    const started = await h.db.meterReading.findFirstOrThrow({ where: { assetId: w.tractor, source: 'JOB' } });
    expect(started.jumpConfirmed).toBe(true);
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/meter-readings/${started.id}/void`, {
        reason: 'operator typo',
      }),
      200,
    );
    const after = ZJob.parse((await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`)).body);
    expect(after.startMeterHours).toBeNull();
  });
});

describe('job completion is consistent with readings and clock time (bug 2)', () => {
  it('an end meter below the (absurd) start meter says so: 422 METER_BACKWARDS, not "fill in the duration"', async () => {
    const w = await world();
    const job = await scheduledJob(w);
    expectStatus(await reading(w, 666.5, ago(26)), 201);
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, {
        meterHours: 99999,
        startedAt: ago(25),
        confirmMeterJump: true,
      }),
      200,
    );
    const r = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { meterHours: 672, areaDoneHa: 5 });
    expectError(r, 422, 'METER_BACKWARDS');
    expect(r.body.error.details).toEqual({ latestHours: 99999, readingHours: 672 });
  });

  it('both readings give the hours; 6 h worked with 0 minutes elapsed is 422 JOB_HOURS_INCONSISTENT', async () => {
    const w = await world();
    const job = await scheduledJob(w);
    expectStatus(await reading(w, 666.5, ago(30)), 201);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 666.5 }), 200);
    const zero = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { actualHours: 6, areaDoneHa: 5 });
    expectError(zero, 422, 'JOB_HOURS_INCONSISTENT');
    expect(zero.body.error.details).toMatchObject({ reason: 'exceeds_elapsed', actualHours: 6 });
    expect(zero.body.error.details.elapsedHours).toBeLessThan(0.1);
    const stillRunning = ZJob.parse((await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`)).body);
    expect(stillRunning.status).toBe('IN_PROGRESS');
  });

  it('hours more than the meter advanced are refused; the meter delta alone completes the job', async () => {
    const w = await world();
    const job = await scheduledJob(w);
    expectStatus(await reading(w, 666.5, ago(30)), 201);
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { meterHours: 666.5, startedAt: ago(8) }),
      200,
    );
    const more = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      meterHours: 672,
      actualHours: 7,
      areaDoneHa: 5,
    });
    expectError(more, 422, 'JOB_HOURS_INCONSISTENT');
    expect(more.body.error.details).toMatchObject({ reason: 'exceeds_meter', meterDeltaHours: 5.5 });
    const ok = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { meterHours: 672, areaDoneHa: 5 });
    expectStatus(ok, 200);
    expect(ZJob.parse(ok.body)).toMatchObject({
      status: 'COMPLETED',
      actualHours: 5.5,
      startMeterHours: 666.5,
      endMeterHours: 672,
    });
  });
});
