import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ZJobPrestart,
  ZListPrestartChecksResponse,
  ZListPrestartListsResponse,
  ZPrestartCheck,
  type TJobPrestart,
} from '@amms/contracts/prestart';
import { ZJob } from '@amms/contracts/jobs';
import { expectError, expectStatus } from './assertions.js';
import { appForFile, assignedJob, fieldWorld, HOUR, orgApi, orgWorld, type FieldWorld } from './support/world.js';

/** Issue #31 §2: pre-start lists per model or kind, the operator's check, the start it gates, the fault it opens. */
const h = appForFile();
const { get, post, put } = orgApi(() => h);

const ITEMS = [
  { label: '发动机机油油位', blocksStart: true, sourceTitle: '6R 155 Operator’s Manual', sourcePage: '4' },
  { label: '冷却液液位', blocksStart: true },
  { label: '冷却器组无杂物', blocksStart: false },
];

async function world(label: string) {
  const w = await fieldWorld(h, label);
  const asset = await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor }, select: { modelId: true } });
  const job = await assignedJob(h, w, new Date(Date.now() - HOUR), new Date(Date.now() + 4 * HOUR));
  return { ...w, modelId: asset.modelId, job };
}

async function putModelList(w: FieldWorld & { modelId: string }, items = ITEMS) {
  const r = await put(w.t.ADMIN, w.org.id, '/prestart-lists', { modelId: w.modelId, items });
  expectStatus(r, 200);
  return ZListPrestartListsResponse.parse(r.body);
}

async function prestartOf(w: FieldWorld, jobId: string): Promise<TJobPrestart> {
  const r = await get(w.t.OPERATOR, w.org.id, `/jobs/${jobId}/prestart`);
  expectStatus(r, 200);
  return ZJobPrestart.parse(r.body);
}

const start = (w: FieldWorld, jobId: string, version: number, key = randomUUID()) =>
  post(w.t.OPERATOR, w.org.id, `/jobs/${jobId}/start`, { meterHours: 10, version }, key);

describe('pre-start lists', () => {
  it('are replaced per model or kind by ORG-scoped planners; bad input and the wrong role are refused', async () => {
    const w = await world('pslist');
    const lists = await putModelList(w);
    expect(lists.items).toHaveLength(1);
    expect(lists.items[0]!.modelId).toBe(w.modelId);
    expect(lists.items[0]!.items.map((i) => i.label)).toEqual(ITEMS.map((i) => i.label));
    expect(lists.items[0]!.items[0]).toMatchObject({ sourceTitle: '6R 155 Operator’s Manual', sourcePage: '4' });

    const kind = await put(w.t.ADMIN, w.org.id, '/prestart-lists', {
      kind: 'IMPLEMENT',
      items: [{ label: 'Guards in place', blocksStart: true }],
    });
    expectStatus(kind, 200);
    expect(ZListPrestartListsResponse.parse(kind.body).items).toHaveLength(2);

    // replace = the new list only, in its order
    const again = await putModelList(w, [ITEMS[2]!, ITEMS[0]!]);
    expect(again.items.find((l) => l.modelId === w.modelId)!.items.map((i) => i.label)).toEqual([
      ITEMS[2]!.label,
      ITEMS[0]!.label,
    ]);

    expectError(
      await put(w.t.ADMIN, w.org.id, '/prestart-lists', { modelId: w.modelId, kind: 'IMPLEMENT', items: [] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await put(w.t.ADMIN, w.org.id, '/prestart-lists', { modelId: w.modelId, items: [{ label: '' }] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await put(w.t.OPERATOR, w.org.id, '/prestart-lists', { modelId: w.modelId, items: [] }),
      403,
      'FORBIDDEN',
    );
    // another org's model is not found
    const other = await orgWorld(h, 'pslist2');
    expectError(
      await put(other.t.ADMIN, other.org.id, '/prestart-lists', { modelId: w.modelId, items: ITEMS }),
      404,
      'NOT_FOUND',
    );
    const theirs = await get(other.t.ADMIN, other.org.id, '/prestart-lists');
    expect(ZListPrestartListsResponse.parse(theirs.body).items).toEqual([]);
  });
});

describe('the check before a start', () => {
  it('is required, a failed blocking item refuses the start and opens a fault report; a passing check clears it', async () => {
    const w = await world('psgate');
    await putModelList(w);
    const p0 = await prestartOf(w, w.job.id);
    expect(p0.assetId).toBe(w.tractor);
    expect(p0.items).toHaveLength(3);
    expect(p0.cleared).toBe(false);

    expectError(await start(w, w.job.id, w.job.version), 409, 'PRESTART_REQUIRED');

    // every item once: a missing or unknown item is refused, nothing written
    const [oil, coolant, debris] = p0.items;
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, {
        answers: [{ itemId: oil!.id, result: 'OK' }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, {
        answers: [...p0.items.map((i) => ({ itemId: i.id, result: 'OK' })), { itemId: randomUUID(), result: 'OK' }],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await h.db.prestartCheck.count({ where: { jobId: w.job.id } })).toBe(0);

    // coolant low (blocks): the check is kept, a fault report opened with the item, the machine is down
    const seenAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const key = randomUUID();
    const body = {
      answers: [
        { itemId: oil!.id, result: 'OK' },
        { itemId: coolant!.id, result: 'FAILED', note: '液位低于下刻线' },
        { itemId: debris!.id, result: 'OK' },
      ],
      occurredAt: seenAt,
    };
    const failed = await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, body, key);
    expectStatus(failed, 201);
    const check = ZPrestartCheck.parse(failed.body);
    expect(check).toMatchObject({ blocking: true, failedCount: 1, assetId: w.tractor });
    expect(check.performedAt).toBe(seenAt);
    expect(check.workOrderId).not.toBeNull();
    expect(check.workOrderNumber).toBeGreaterThan(0);
    const wo = await h.db.workOrder.findUniqueOrThrow({ where: { id: check.workOrderId! } });
    expect(wo).toMatchObject({ type: 'CORRECTIVE', assetId: w.tractor, causesDowntime: true });
    expect(wo.title).toContain('冷却液液位');
    expect(wo.description).toContain('液位低于下刻线');
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor } })).status).toBe('IN_MAINTENANCE');

    // the same write again (offline replay): the same check, still one fault report
    const replay = await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, body, key);
    expectStatus(replay, 201);
    expect(ZPrestartCheck.parse(replay.body).id).toBe(check.id);
    expect(await h.db.workOrder.count({ where: { organizationId: w.org.id, assetId: w.tractor } })).toBe(1);

    const blocked = await start(w, w.job.id, w.job.version);
    expectError(blocked, 409, 'PRESTART_BLOCKED');
    expect((blocked.body as { error: { details: { items: string[] } } }).error.details.items).toEqual(['冷却液液位']);
    expect((await prestartOf(w, w.job.id)).cleared).toBe(false);

    // topped up and checked again: the start goes through
    const ok = await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, {
      answers: p0.items.map((i) => ({ itemId: i.id, result: 'OK' })),
    });
    expectStatus(ok, 201);
    expect(ZPrestartCheck.parse(ok.body)).toMatchObject({ blocking: false, failedCount: 0, workOrderId: null });
    const after = await prestartOf(w, w.job.id);
    expect(after.cleared).toBe(true);
    expect(after.checks.map((c) => c.id)).toEqual([ZPrestartCheck.parse(ok.body).id, check.id]);
    const started = await start(w, w.job.id, w.job.version);
    expectStatus(started, 200);
    expect(ZJob.parse(started.body).status).toBe('IN_PROGRESS');

    // a started job is not checked again
    expectError(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, {
        answers: p0.items.map((i) => ({ itemId: i.id, result: 'OK' })),
      }),
      409,
      'INVALID_TRANSITION',
    );

    // the results are kept on the machine too
    const onMachine = await get(w.t.DISPATCHER, w.org.id, `/assets/${w.tractor}/prestart-checks`);
    expectStatus(onMachine, 200);
    expect(ZListPrestartChecksResponse.parse(onMachine.body).items).toHaveLength(2);
  });

  it('a failed item that does not block opens a report without downtime and lets the job start', async () => {
    const w = await world('psnonblock');
    await putModelList(w);
    const p = await prestartOf(w, w.job.id);
    const r = await post(w.t.OPERATOR, w.org.id, `/jobs/${w.job.id}/prestart-checks`, {
      answers: p.items.map((i) => ({ itemId: i.id, result: i.blocksStart ? 'OK' : 'FAILED' })),
    });
    expectStatus(r, 201);
    const c = ZPrestartCheck.parse(r.body);
    expect(c.blocking).toBe(false);
    const wo = await h.db.workOrder.findUniqueOrThrow({ where: { id: c.workOrderId! } });
    expect(wo.causesDowntime).toBe(false);
    expect((await h.db.asset.findUniqueOrThrow({ where: { id: w.tractor } })).status).toBe('ACTIVE');
    expectStatus(await start(w, w.job.id, w.job.version), 200);
  });

  it("a kind's list applies to models without their own; a machine without any list starts as before", async () => {
    const w = await world('pskind');
    // no list at all: the start needs no check
    expect((await prestartOf(w, w.job.id)).cleared).toBe(true);
    const kind = await put(w.t.ADMIN, w.org.id, '/prestart-lists', {
      kind: 'POWER_UNIT',
      items: [{ label: 'Lights work', blocksStart: true }],
    });
    expectStatus(kind, 200);
    const p = await prestartOf(w, w.job.id);
    expect(p.items.map((i) => i.label)).toEqual(['Lights work']);
    expectError(await start(w, w.job.id, w.job.version), 409, 'PRESTART_REQUIRED');
    // the model's own list wins over the kind's
    await putModelList(w);
    expect((await prestartOf(w, w.job.id)).items.map((i) => i.label)).toEqual(ITEMS.map((i) => i.label));
  });

  it("another org's job and machine are not found", async () => {
    const w = await world('psorg');
    await putModelList(w);
    const other = await orgWorld(h, 'psorg2');
    expectError(await get(other.t.OPERATOR, other.org.id, `/jobs/${w.job.id}/prestart`), 404, 'NOT_FOUND');
    expectError(
      await post(other.t.OPERATOR, other.org.id, `/jobs/${w.job.id}/prestart-checks`, {
        answers: [{ itemId: randomUUID(), result: 'OK' }],
      }),
      404,
      'NOT_FOUND',
    );
    expectError(await get(other.t.ADMIN, other.org.id, `/assets/${w.tractor}/prestart-checks`), 404, 'NOT_FOUND');
  });
});
