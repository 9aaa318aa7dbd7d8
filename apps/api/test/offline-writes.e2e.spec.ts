import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZJob, type TJob } from '@amms/contracts/jobs';
import { ZWorkOrderDetailView, type TWorkOrderDetailView } from '@amms/contracts/maintenance';
import { call, createOrg, startApp, type Harness, type TestOrg } from './harness.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import type { TRole } from '@amms/contracts/permissions';

/**
 * Issue #17: writes queued by the field app while offline reach the API later. Each carries its
 * Idempotency-Key (a replay changes nothing) and `occurredAt` (recorded as when the person acted,
 * bounded: a little skew ahead, 7 days back; the audit keeps both times).
 */
let h: Harness;
beforeAll(async () => {
  h = await startApp();
});
afterAll(() => h?.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const tag = () => randomUUID().slice(0, 8);
const post = (token: string, org: string, rest: string, body: unknown, key?: string) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers: key ? { 'idempotency-key': key } : {} });
const patch = (token: string, org: string, rest: string, body: unknown, key?: string) =>
  call(h.base, 'PATCH', orgPath(org, rest), { token, body, headers: key ? { 'idempotency-key': key } : {} });

interface World {
  org: TestOrg;
  t: Record<TRole, string>;
  tractor: string;
  fieldId: string;
}

async function world(): Promise<World> {
  const org = await createOrg(h.db, 'offline');
  const t = await loginAll(h.base, org);
  const model = await h.db.machineModel.create({
    data: {
      organizationId: org.id,
      manufacturer: `M-${tag()}`,
      name: 'T',
      kind: 'POWER_UNIT',
      operationTypes: ['TILLAGE'],
    },
  });
  const tractor = await h.db.asset.create({
    data: { organizationId: org.id, modelId: model.id, name: 'JD 6R', serialNumber: `SN-${tag()}` },
  });
  const f = await post(t.OWNER, org.id, '/fields', { name: `Field ${tag()}`, areaHa: 10 });
  expectStatus(f, 201);
  return { org, t, tractor: tractor.id, fieldId: (f.body as { id: string }).id };
}

/** slot: hours from now (distinct per test: the operator and the tractor are booked by each) */
async function scheduledJob(w: World, slot: [number, number]): Promise<TJob> {
  const now = Date.now();
  const j = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
    fieldId: w.fieldId,
    operationType: 'TILLAGE',
    estimatedHours: 6,
    windowStart: new Date(now - 2 * 86_400_000).toISOString(),
    windowEnd: new Date(now + 86_400_000).toISOString(),
  });
  expectStatus(j, 201);
  const a = await post(w.t.DISPATCHER, w.org.id, `/jobs/${(j.body as TJob).id}/assign`, {
    primaryAssetId: w.tractor,
    operatorMembershipId: w.org.users.OPERATOR.membershipId,
    startsAt: new Date(now + slot[0] * HOUR).toISOString(),
    endsAt: new Date(now + slot[1] * HOUR).toISOString(),
  });
  expectStatus(a, 200);
  return ZJob.parse(a.body);
}

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
