import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZJob } from '@amms/contracts/jobs';
import { ZWorkOrderDetailView, type TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { appForFile, assignedJob, fieldWorld, HOUR, orgApi, type FieldWorld } from './support/world.js';
import { expectError, expectStatus } from './assertions.js';

/**
 * Issue #17: writes queued by the field app while offline reach the API later. Each carries its
 * Idempotency-Key (a replay changes nothing) and `occurredAt` (recorded as when the person acted,
 * bounded: a little skew ahead, 7 days back; the audit keeps both times).
 */
const h = appForFile();

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const { post, patch } = orgApi(() => h);

type World = FieldWorld;
const world = () => fieldWorld(h, 'offline');
/** slot: hours from now (distinct per test: the operator and the tractor are booked by each) */
const scheduledJob = (w: World, slot: [number, number]) =>
  assignedJob(h, w, new Date(Date.now() + slot[0] * HOUR), new Date(Date.now() + slot[1] * HOUR));

const auditOf = (w: World, action: string, entityId: string) =>
  h.db.auditEvent.findFirstOrThrow({ where: { organizationId: w.org.id, action, entityId } });

describe('offline writes: occurredAt + Idempotency-Key', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  it('a job started offline 3 h ago is recorded as started then; the audit keeps both times; a replay changes nothing', async () => {
    const job = await scheduledJob(w, [-30, 2]);
    const at = ago(3 * HOUR);
    const key = randomUUID();
    const body = { meterHours: 120, version: job.version, occurredAt: at };
    const first = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, body, key);
    expectStatus(first, 200);
    const started = ZJob.parse(first.body);
    expect(started.status).toBe('IN_PROGRESS');
    expect(new Date(started.startedAt!).toISOString()).toBe(at);

    const again = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, body, key);
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(ZJob.parse(again.body).version).toBe(started.version);
    const audits = await h.db.auditEvent.findMany({
      where: { organizationId: w.org.id, action: 'job.started', entityId: job.id },
    });
    expect(audits).toHaveLength(1);
    const data = audits[0]!.data as { occurredAt?: string };
    expect(data.occurredAt).toBe(at);
    // the server's time stays the audit row's own
    expect(audits[0]!.createdAt.getTime()).toBeGreaterThan(Date.parse(at) + 2 * HOUR);

    const done = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, {
      meterHours: 122,
      areaDoneHa: 10,
      version: started.version,
      occurredAt: ago(HOUR),
    });
    expectStatus(done, 200);
    expect(ZJob.parse(done.body).actualHours).toBe(2);
  });

  it('occurredAt older than 7 days or ahead of the clock is 422 OCCURRED_AT_OUT_OF_RANGE; the job stays SCHEDULED', async () => {
    const job = await scheduledJob(w, [3, 4]);
    const old = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { occurredAt: ago(8 * 24 * HOUR) });
    expectError(old, 422, 'OCCURRED_AT_OUT_OF_RANGE');
    expect((old.body as { error: { details: { field: string } } }).error.details.field).toBe('occurredAt');
    const future = await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { occurredAt: ago(-10 * 60_000) });
    expectError(future, 422, 'OCCURRED_AT_OUT_OF_RANGE');
    const wo = await post(w.t.OWNER, w.org.id, '/work-orders', {
      type: 'CORRECTIVE',
      assetId: w.tractor,
      title: 'Old fault',
      occurredAt: ago(30 * 24 * HOUR),
    });
    expectError(wo, 422, 'OCCURRED_AT_OUT_OF_RANGE');
    const row = await h.db.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(row.status).toBe('SCHEDULED');
  });

  it('a fault reported offline: down since it was seen; one work order for one key; checklist ticks and submit replay', async () => {
    const at = ago(2 * HOUR);
    const key = randomUUID();
    const body = {
      type: 'CORRECTIVE',
      assetId: w.tractor,
      title: 'Hydraulic leak',
      assigneeMembershipId: w.org.users.MECHANIC.membershipId,
      checklist: [{ label: 'Look' }],
      occurredAt: at,
    };
    const first = await post(w.t.OWNER, w.org.id, '/work-orders', body, key);
    expectStatus(first, 201);
    const wo: TWorkOrderDetailView = ZWorkOrderDetailView.parse(first.body);
    expect(new Date(wo.downtimeStartedAt!).toISOString()).toBe(at);
    const again = await post(w.t.OWNER, w.org.id, '/work-orders', body, key);
    expectStatus(again, 201);
    expect((again.body as { id: string }).id).toBe(wo.id);
    expect(await h.db.workOrder.count({ where: { organizationId: w.org.id, title: 'Hydraulic leak' } })).toBe(1);
    expect(((await auditOf(w, 'workorder.created', wo.id)).data as { occurredAt?: string }).occurredAt).toBe(at);

    const started = await post(w.t.MECHANIC, w.org.id, `/work-orders/${wo.id}/start`, {});
    expectStatus(started, 200);
    const item = wo.checklist[0]!;
    const tickKey = randomUUID();
    const tick = { result: 'PASS', occurredAt: ago(HOUR) };
    const t1 = await patch(w.t.MECHANIC, w.org.id, `/work-orders/${wo.id}/checklist/${item.id}`, tick, tickKey);
    expectStatus(t1, 200);
    const t2 = await patch(w.t.MECHANIC, w.org.id, `/work-orders/${wo.id}/checklist/${item.id}`, tick, tickKey);
    expectStatus(t2, 200);
    expect(t2.headers.get('idempotent-replayed')).toBe('true');
    const ticks = await h.db.auditEvent.count({
      where: { organizationId: w.org.id, action: 'workorder.checklist_updated', entityId: wo.id },
    });
    expect(ticks).toBe(1);

    const submittedAt = ago(30 * 60_000);
    const s = await post(w.t.MECHANIC, w.org.id, `/work-orders/${wo.id}/submit`, { occurredAt: submittedAt });
    expectStatus(s, 200);
    expect(new Date(ZWorkOrderDetailView.parse(s.body).submittedAt!).toISOString()).toBe(submittedAt);
  });
});
