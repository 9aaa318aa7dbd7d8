import { describe, expect, it } from 'vitest';
import { ZJob } from '@amms/contracts/jobs';
import { expectError, expectStatus } from './assertions.js';
import { appForFile, assignedJob, fieldWorld, HOUR, orgApi } from './support/world.js';

/**
 * Issue #31 §4.6: a job done only in part is recorded as such and stays open for the rest
 * (`partial: true` on complete); the full completion comes later and closes it.
 */
const h = appForFile();
const { get, post } = orgApi(() => h);

const liveBooking = (orgId: string, assetId: string) =>
  h.db.machineBooking.findFirst({ where: { organizationId: orgId, assetId, releasedAt: null } });

describe('partial completion', () => {
  it('records the part done, keeps the job IN_PROGRESS with its slot, then completes it', async () => {
    const w = await fieldWorld(h, 'partial');
    const now = Date.now();
    const job = await assignedJob(h, w, new Date(now - 6 * HOUR), new Date(now + 4 * HOUR));
    const started = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, {
      meterHours: 200,
      startedAt: new Date(now - 5 * HOUR).toISOString(),
      version: job.version,
    });
    expectStatus(started, 200);

    const part = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      meterHours: 202,
      areaDoneHa: 3.5,
      notes: 'rain',
      partial: true,
      occurredAt: new Date(now - 3 * HOUR).toISOString(),
      version: ZJob.parse(started.body).version,
    });
    expectStatus(part, 200);
    const open = ZJob.parse(part.body);
    expect(open).toMatchObject({
      status: 'IN_PROGRESS',
      completedAt: null,
      areaDoneHa: 3.5,
      actualHours: 2,
      endMeterHours: 202,
      completionNotes: 'rain',
    });
    // the slot is kept for the rest (a completion would have trimmed it to now)
    const booking = await liveBooking(w.org.id, w.tractor);
    expect(booking?.endsAt.getTime()).toBe(new Date(job.assignment!.endsAt).getTime());
    // audited as progress, not as a completion
    const audit = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, entityType: 'job', entityId: job.id },
      orderBy: { seq: 'asc' },
    });
    expect(audit.map((e) => e.action)).toEqual(['job.created', 'job.assigned', 'job.started', 'job.progress']);

    // the same checks as a completion: an end reading below the start is refused, nothing written
    const backwards = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      meterHours: 150,
      areaDoneHa: 4,
      partial: true,
    });
    expectError(backwards, 422, 'METER_BACKWARDS');
    expect(ZJob.parse((await get(w.t.OPERATOR, w.org.id, `/jobs/${job.id}`)).body).version).toBe(open.version);

    // the rest, later: the job is completed with the whole area and the meter since the start
    const done = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      meterHours: 204.5,
      areaDoneHa: 10,
      version: open.version,
    });
    expectStatus(done, 200);
    expect(ZJob.parse(done.body)).toMatchObject({ status: 'COMPLETED', areaDoneHa: 10, actualHours: 4.5 });
    const readings = await h.db.meterReading.findMany({
      where: { organizationId: w.org.id, assetId: w.tractor },
      orderBy: { readAt: 'asc' },
    });
    expect(readings.map((r) => Number(r.readingHours))).toEqual([200, 202, 204.5]);
  });

  it('a job that has not started cannot be recorded in part (409), another org’s is a 404', async () => {
    const w = await fieldWorld(h, 'partial-refused');
    const other = await fieldWorld(h, 'partial-other');
    const now = Date.now();
    const job = await assignedJob(h, w, new Date(now + HOUR), new Date(now + 3 * HOUR));
    const r = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      areaDoneHa: 1,
      actualHours: 1,
      partial: true,
    });
    expectError(r, 409, 'INVALID_TRANSITION');
    expectError(
      await post(other.t.OPERATOR, other.org.id, `/jobs/${job.id}/complete`, {
        areaDoneHa: 1,
        actualHours: 1,
        partial: true,
      }),
      404,
      'NOT_FOUND',
    );
  });
});
