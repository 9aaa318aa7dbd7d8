import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { ZExecution, type TExecution } from '@amms/contracts/drafts';
import { call, startApp, testConfig, type Harness } from './harness.js';
import { orgApi } from './support/world.js';
import { expectStatus, orgPath } from './assertions.js';
import { TEST_DATABASE_URL } from './env.js';
import { eventually as fixtureEventually, harvestJob, hourlyDraft, world as fixtureWorld } from './draft-fixtures.js';
import {
  MIGRATOR_JS,
  WORKER_JS,
  appendTail,
  freePort,
  killProcess,
  startRedis,
  startWorkerProcess,
  waitForPort,
} from './processes.js';

/**
 * Executions in chunks (WORKER_EXECUTION_CHUNK): a run of items is written in one transaction
 * (assignments, bookings, receipts, audit events). The real worker process (dist/worker.js) with
 * chunks of 10; an own database (the worker's outbox relay) and an own redis-server.
 */
const DB_NAME = 'amms_test_exec_chunks';
const EXEC_DB = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, `/${DB_NAME}$1`);
const CHUNK = 10;

let h: Harness;
let db: PrismaClient;
let redis: ChildProcess | undefined;
let redisPort: number;
let worker: ChildProcess | undefined;
let workerLog = '';

const startWorker = () =>
  startWorkerProcess(
    {
      DATABASE_URL: EXEC_DB,
      REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
      JWT_ACCESS_SECRET: testConfig().auth.accessSecret,
      WORKER_EXECUTION_CHUNK: String(CHUNK),
    },
    (chunk) => (workerLog = appendTail(workerLog, chunk)),
  );

const eventually = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000, everyMs = 100) =>
  fixtureEventually(read, ok, timeoutMs, everyMs, () => `worker log:\n${workerLog.slice(-3000)}`);

beforeAll(async () => {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  execFileSync(process.execPath, [MIGRATOR_JS, 'createdb'], {
    env: { ...process.env, DATABASE_URL: EXEC_DB },
    stdio: 'ignore',
  });
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: EXEC_DB },
    stdio: 'ignore',
  });
  redisPort = await freePort();
  redis = startRedis(redisPort);
  await waitForPort(redisPort);
  h = await startApp({ DATABASE_URL: EXEC_DB, REDIS_URL: `redis://127.0.0.1:${redisPort}/0` });
  db = createPrismaClient(EXEC_DB, { max: 3 });
  worker = await startWorker();
}, 120_000);

afterAll(async () => {
  await killProcess(worker);
  await h?.close();
  await db?.$disconnect();
  await killProcess(redis);
});

const { get } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown = {}) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers: { 'idempotency-key': randomUUID() } });

async function execution(token: string, orgId: string, id: string): Promise<TExecution> {
  const r = await get(token, orgId, `/executions/${id}`);
  expectStatus(r, 200);
  return ZExecution.parse(r.body);
}
const finished = (token: string, orgId: string, id: string, timeoutMs?: number) =>
  eventually(
    () => execution(token, orgId, id),
    (e) => !['PENDING', 'RUNNING'].includes(e.status),
    timeoutMs,
  );

const counts = async (orgId: string, executionId: string) => ({
  receipts: await db.executionReceipt.count({ where: { executionId } }),
  assignments: await db.assignment.count({ where: { organizationId: orgId } }),
  machine: await db.machineBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
  operator: await db.operatorBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
});

/** execution.receipt / job.assigned events of the org, in chain order */
const trail = (orgId: string) =>
  db.auditEvent.findMany({
    where: { organizationId: orgId, action: { in: ['job.assigned', 'execution.receipt'] } },
    orderBy: { seq: 'asc' },
    select: { action: true, entityId: true, data: true },
  });

describe('draft execution in chunks', () => {
  it('23 items over three chunks, a booking taken inside the second: that item CONFLICT, the rest of its chunk still written; one receipt, assignment and booking per item; audit events per item in item order; chain intact', async () => {
    const w = await fixtureWorld(h.base, db, 3);
    const d = await hourlyDraft(w, 23);
    // item 14 (mid second chunk): its combine taken by another job with another operator
    const slot = d.items[14]!;
    const other = await harvestJob(w, slot.startsAt, slot.endsAt);
    expectStatus(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${other}/assign`, {
        primaryAssetId: slot.primaryAssetId,
        operatorMembershipId: w.org.users.DISPATCHER.membershipId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
      }),
      200,
    );
    const r = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/execute`, { version: 1 });
    expectStatus(r, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id, 60_000);
    expect(done.status).toBe('PARTIAL');
    expect(done.receipts.map((x) => x.itemIndex)).toEqual([...Array(23).keys()]);
    expect(done.receipts.map((x) => x.status)).toEqual(
      [...Array(23).keys()].map((i) => (i === 14 ? 'CONFLICT' : 'SUCCEEDED')),
    );
    expect(done.receipts[14]!.detail).toMatchObject({ code: 'BOOKING_CONFLICT' });
    for (const [i, x] of done.receipts.entries()) if (i !== 14) expect(x.recordId).toBe(d.items[i]!.jobId);
    // 22 of the draft + the one that took item 14's slot
    expect(await counts(w.org.id, done.id)).toEqual({ receipts: 23, assignments: 23, machine: 23, operator: 23 });
    const jobs = await db.job.findMany({ where: { id: { in: d.items.map((x) => x.jobId) } } });
    expect(jobs.filter((j) => j.status === 'SCHEDULED')).toHaveLength(22);
    // per item: job.assigned then its receipt, items in order (the conflict has no job.assigned)
    const events = await trail(w.org.id);
    const want = d.items.flatMap((item, i) =>
      i === 14
        ? [['execution.receipt', 14]]
        : [
            ['job.assigned', item.jobId],
            ['execution.receipt', i],
          ],
    );
    expect(
      events
        .slice(1)
        .map((e) => [e.action, e.action === 'job.assigned' ? e.entityId : (e.data as { itemIndex: number }).itemIndex]),
    ).toEqual(want);
    expect((await get(w.t.OWNER, w.org.id, '/audit-events/verify')).body.ok).toBe(true);
  }, 120_000);

  it('SIGKILL while a chunk’s transaction is open: nothing of that chunk is visible (the chunk before is whole); restart → all 30 items, none twice', async () => {
    const w = await fixtureWorld(h.base, db, 3);
    const d = await hourlyDraft(w, 30);
    // item 15's receipt insert sleeps, holding the second chunk's transaction open
    const fn = `slow_receipt_${w.org.id.replace(/-/g, '')}`;
    await db.$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."organizationId" = '${w.org.id}' AND NEW."itemIndex" = 15 THEN PERFORM pg_sleep(4); END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE INSERT ON "ExecutionReceipt" FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    let id: string;
    try {
      const r = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/execute`, { version: 1 });
      expectStatus(r, 202);
      id = ZExecution.parse(r.body).id;
      await eventually(
        () =>
          db.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${DB_NAME}' AND wait_event = 'PgSleep'`,
          ),
        (rows) => rows[0]!.n > 0,
        60_000,
        20,
      );
      await killProcess(worker);
      // the first chunk committed whole; of the second, no assignment, booking or receipt
      expect(await counts(w.org.id, id)).toEqual({
        receipts: CHUNK,
        assignments: CHUNK,
        machine: CHUNK,
        operator: CHUNK,
      });
      expect((await db.execution.findUniqueOrThrow({ where: { id } })).status).toBe('RUNNING');
    } finally {
      // waits for the killed worker's transaction to end (rolled back once its sleep returns)
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${fn} ON "ExecutionReceipt"`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${fn}()`);
      await killProcess(worker);
      worker = await startWorker();
    }
    const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts.map((x) => x.itemIndex)).toEqual([...Array(30).keys()]);
    expect(await counts(w.org.id, id)).toEqual({ receipts: 30, assignments: 30, machine: 30, operator: 30 });
    const actions = (await trail(w.org.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'job.assigned')).toHaveLength(30);
    expect(actions.filter((a) => a === 'execution.receipt')).toHaveLength(30);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.started' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(1);
    expect((await get(w.t.OWNER, w.org.id, '/audit-events/verify')).body.ok).toBe(true);
  }, 120_000);
});
