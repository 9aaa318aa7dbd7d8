import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPartDetail, TStockLocation } from '@amms/contracts/inventory';
import type { TRole } from '@amms/contracts/permissions';
import { bullConnection } from '../src/platform/queue/connection.js';
import { createOrg, type TestOrg } from './harness.js';
import { expectStatus, loginAll } from './assertions.js';
import { workerEnv, type WorkerEnv } from './support/worker-env.js';
import { orgApi, tag } from './support/world.js';

/**
 * The agent writes a purchase draft on its own weekly (worker/weekly-purchase.ts), with the REAL
 * worker: a scheduler per org, and a `purchase.weekly` job that drafts through the agent's
 * PURCHASE intent when the low-stock projection has lines and no PURCHASE draft is open, once a week.
 */
let env: WorkerEnv;
let queue: Queue;
const api = orgApi(() => env.h);
interface World {
  org: TestOrg;
  t: Record<TRole, string>;
}
let low: World;
let stocked: World;

async function world(label: string, onHand: number, reorderPoint: number): Promise<World> {
  const org = await createOrg(env.db, label);
  const t = await loginAll(env.h.base, org);
  const part = await api.post(t.OWNER, org.id, '/parts', {
    partNumber: `P-${tag()}`,
    makerPartNumber: `RE${tag()}`,
    nameZh: '机油滤清器',
    category: 'FILTER',
    suppliers: [{ name: '农机配件公司', priceMinor: '4500', leadTimeDays: 5, preferred: true }],
  });
  expectStatus(part, 201);
  const partId = (part.body as TPartDetail).id;
  const loc = await api.post(t.OWNER, org.id, '/stock-locations', { name: '总库', kind: 'STORE' });
  const locationId = (loc.body as TStockLocation).id;
  const receipt = { type: 'RECEIPT', partId, locationId, quantity: onHand, unitCostMinor: '4500' };
  expectStatus(await api.post(t.DISPATCHER, org.id, '/stock-movements', receipt), 201);
  expectStatus(
    await api.put(t.OWNER, org.id, '/stock/reorder', { partId, locationId, reorderPoint, reorderQty: 10 }),
    200,
  );
  return { org, t };
}

beforeAll(async () => {
  env = await workerEnv({ suffix: 'weekly6', startWorker: false });
  low = await world('weekly-low', 1, 3);
  stocked = await world('weekly-stocked', 20, 3);
  // started after the orgs exist: its start schedules every org
  await env.startWorker();
  queue = new Queue('amms-drafts', { connection: bullConnection(env.redisUrl) });
}, 240_000);

afterAll(async () => {
  await queue?.close();
  await env?.close();
});

async function runJob(organizationId: string, id: string): Promise<unknown> {
  await queue.add('purchase.weekly', { organizationId }, { jobId: `weekly-test-${id}` });
  const job = await env.eventually(
    () => queue.getJob(`weekly-test-${id}`),
    (j) => !!j && (j.finishedOn ?? 0) > 0,
    120_000,
    500,
  );
  expect(job!.failedReason, env.log()).toBeUndefined();
  return job!.returnvalue;
}

const purchaseDrafts = (organizationId: string) =>
  env.db.draft.findMany({ where: { organizationId, kind: 'PURCHASE' }, select: { id: true, createdByUserId: true } });

describe('the weekly purchase draft', () => {
  it('every org has its weekly scheduler (Monday morning, the org’s zone)', async () => {
    const schedulers = await queue.getJobSchedulers(0, -1);
    for (const w of [low, stocked])
      expect(schedulers).toContainEqual(
        expect.objectContaining({ key: `purchase-weekly-${w.org.id}`, pattern: '0 7 * * 1', tz: 'Asia/Shanghai' }),
      );
  });

  it('drafts once when stock runs low and no purchase draft is open; the store keeper’s draft; once a week', async () => {
    const first = await runJob(low.org.id, `a-${tag()}`);
    expect(first).toMatchObject({ status: 'COMPLETED', draftId: expect.any(String) });
    const drafts = await purchaseDrafts(low.org.id);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.createdByUserId).toBe(low.org.users.DISPATCHER.id);
    // the store keeper reads it like any draft of theirs: lines for the low part with reasons
    const d = await api.get(low.t.DISPATCHER, low.org.id, `/drafts/${drafts[0]!.id}`);
    expectStatus(d, 200);
    expect(JSON.stringify(d.body)).toContain('PURCHASE_LINE');
    // while that draft is open, no second one
    expect(await runJob(low.org.id, `b-${tag()}`)).toEqual({ skipped: 'open-draft' });
    // rejected: still none again this week
    await env.db.draft.update({ where: { id: drafts[0]!.id }, data: { status: 'REJECTED' } });
    expect(await runJob(low.org.id, `c-${tag()}`)).toEqual({ skipped: 'done-this-week' });
    expect(await purchaseDrafts(low.org.id)).toHaveLength(1);
    const receipts = await env.db.auditEvent.count({
      where: { organizationId: low.org.id, action: 'purchase.weekly_drafted' },
    });
    expect(receipts).toBe(1);
  }, 300_000);

  it('nothing low: no draft', async () => {
    expect(await runJob(stocked.org.id, `d-${tag()}`)).toEqual({ skipped: 'nothing-low' });
    expect(await purchaseDrafts(stocked.org.id)).toHaveLength(0);
  }, 180_000);
});
