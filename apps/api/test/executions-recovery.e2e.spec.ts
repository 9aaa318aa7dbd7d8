import { describe, expect, it } from 'vitest';
import { ZExecution } from '@amms/contracts/drafts';
import { call } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { hourlyDraft, world as fixtureWorld } from './draft-fixtures.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/**
 * Draft execution when processes fail (support/worker-env.ts: the REAL worker, own database and
 * redis-server): the worker down while an execution waits, a job failing past its attempts, SIGKILL
 * mid-run, Redis down. Chunks of 5 items (one transaction each): the kill test stops a 30-item run
 * between chunks.
 */
const env = workerEnvForFile({ suffix: 'exec_recovery', workerEnv: { WORKER_EXECUTION_CHUNK: '5' } });
const { get, execute, execution, finished, liveBookings } = executionsApi(env);
const world = (combines = 2) => fixtureWorld(env.h.base, env.db, combines);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('draft execution survives its processes failing', () => {
  it('the initiator demoted to VIEWER while the execution waits (worker down) → REFUSED when the restarted worker picks it up', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2, 'ADMIN');
    await env.killWorker();
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      const m = await env.db.membership.findUniqueOrThrow({ where: { id: w.org.users.DISPATCHER.membershipId } });
      expectStatus(
        await call(env.h.base, 'PATCH', orgPath(w.org.id, `/members/${m.id}`), {
          token: w.t.OWNER,
          body: { role: 'VIEWER', version: m.version },
        }),
        200,
      );
      await env.startWorker();
      const done = await finished(w.t.OWNER, w.org.id, id);
      expect(done).toMatchObject({ status: 'REFUSED', receipts: [] });
      expect(done.error).toMatch(/draft\.execute/);
      expect(await liveBookings(w.org.id)).toEqual({ machine: 0, operator: 0, assignments: 0 });
    } finally {
      if (!env.worker) await env.startWorker();
    }
  });

  it("an execution that fails past the worker's attempts is given up, not left RUNNING: receipts as the items really stand (a write that landed is SUCCEEDED), PARTIAL, audited, chain intact", async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // a fault the executor cannot handle (not an item refusal): receipts from item 1 on cannot be
    // written — except the ones the give-up path writes — so every attempt of the job throws
    const fn = `fail_receipts_${w.org.id.replace(/-/g, '')}`;
    await env.db.$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."organizationId" = '${w.org.id}' AND NEW."itemIndex" >= 1 AND NEW.detail->>'code' IS DISTINCT FROM 'WORKER_GAVE_UP' AND NOT (NEW.detail ? 'recoveredAfter')
      THEN RAISE EXCEPTION 'injected receipt failure'; END IF; RETURN NEW; END $$`);
    await env.db.$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE INSERT ON "ExecutionReceipt" FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    await env.killWorker();
    await env.startWorker({ WORKER_JOB_ATTEMPTS: '2' });
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id, 60_000);
      expect(done.status).toBe('PARTIAL');
      expect(done.error).toMatch(
        /^The worker gave up after 2 failed attempts; the last error is in the worker log \(job .+\)$/,
      );
      expect(env.log()).toContain('injected receipt failure');
      // item 0: normal receipt; item 1: assigned before the receipt failed → recovered as SUCCEEDED; item 2: never written
      expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'FAILED']);
      expect(done.receipts[1]!.detail).toMatchObject({ recoveredAfter: 'WORKER_GAVE_UP' });
      expect(done.receipts[1]!.recordId).toBe(d.items[1]!.jobId);
      expect(done.receipts[2]!.detail).toMatchObject({ code: 'WORKER_GAVE_UP' });
      expect(done.counts).toEqual({ succeeded: 2, conflict: 0, failed: 1, pending: 0 });
      expect(await liveBookings(w.org.id)).toEqual({ machine: 2, operator: 2, assignments: 2 });
      expect((await env.db.draft.findUniqueOrThrow({ where: { id: d.id } })).status).toBe('EXECUTED');
      expect(
        await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.abandoned' } }),
      ).toBe(1);
      expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(
        0,
      );
      expect((await get(w.t.OWNER, w.org.id, '/audit-events/verify')).body.ok).toBe(true);
    } finally {
      await env.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${fn} ON "ExecutionReceipt"`);
      await env.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${fn}()`);
      await env.killWorker();
      await env.startWorker();
    }
  }, 120_000);

  it('SIGKILL of the worker mid-execution (30 items), restart → completes; no duplicate assignments or bookings, no lost items', async () => {
    const w = await world(3);
    const d = await hourlyDraft(w, 30);
    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const id = ZExecution.parse(r.body).id;
    // kill as soon as the first receipts exist, well before the last
    const atKill = await env.eventually(
      () => env.db.executionReceipt.count({ where: { executionId: id } }),
      (n) => n >= 1,
      30_000,
      5,
    );
    await env.killWorker();
    const written = await env.db.executionReceipt.count({ where: { executionId: id } });
    expect(atKill).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(30);
    expect((await env.db.execution.findUnique({ where: { id } }))!.status).toBe('RUNNING');

    await env.startWorker();
    const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts).toHaveLength(30);
    expect(new Set(done.receipts.map((x) => x.itemKey)).size).toBe(30);
    expect(done.receipts.map((x) => x.itemIndex)).toEqual([...Array(30).keys()]);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 30, operator: 30, assignments: 30 });
    expect(await env.db.assignment.count({ where: { organizationId: w.org.id } })).toBe(30);
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.started' } })).toBe(1);
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.receipt' } })).toBe(
      30,
    );
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(
      1,
    );
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expect(verify.body.ok).toBe(true);
  }, 120_000);

  it('Redis down when executing: 202 and the outbox row waits; Redis back → the execution completes', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2);
    await env.killRedis();
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      const row = await env.db.outboxEvent.findFirst({ where: { organizationId: w.org.id, name: 'draft.execute' } });
      expect(row).toMatchObject({
        queue: 'amms-drafts',
        dispatchedAt: null,
        payload: { organizationId: w.org.id, executionId: id },
      });
      await sleep(1000);
      expect((await execution(w.t.DISPATCHER, w.org.id, id)).status).toBe('PENDING');
      await env.restartRedis();
      const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
      expect(done.status).toBe('SUCCEEDED');
      expect((await env.db.outboxEvent.findUnique({ where: { id: row!.id } }))!.dispatchedAt).not.toBeNull();
    } finally {
      await env.restartRedis();
    }
  }, 120_000);
});
