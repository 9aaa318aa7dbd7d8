import { describe, expect, it } from 'vitest';
import { ZExecution } from '@amms/contracts/drafts';
import { expectStatus } from './assertions.js';
import { harvestJob, hourlyDraft, world as fixtureWorld } from './draft-fixtures.js';
import { executionsApi } from './support/executions.js';
import { workerEnvForFile } from './support/worker-env.js';

/**
 * Executions in chunks (WORKER_EXECUTION_CHUNK): a run of items is written in one transaction
 * (assignments, bookings, receipts, audit events). The REAL worker process with chunks of 10
 * (support/worker-env.ts: own database and redis-server).
 */
const CHUNK = 10;
const env = workerEnvForFile({ suffix: 'exec_chunks', workerEnv: { WORKER_EXECUTION_CHUNK: String(CHUNK) } });
const { get, post, finished } = executionsApi(env);

const counts = async (orgId: string, executionId: string) => ({
  receipts: await env.db.executionReceipt.count({ where: { executionId } }),
  assignments: await env.db.assignment.count({ where: { organizationId: orgId } }),
  machine: await env.db.machineBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
  operator: await env.db.operatorBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
});

/** execution.receipt / job.assigned events of the org, in chain order */
const trail = (orgId: string) =>
  env.db.auditEvent.findMany({
    where: { organizationId: orgId, action: { in: ['job.assigned', 'execution.receipt'] } },
    orderBy: { seq: 'asc' },
    select: { action: true, entityId: true, data: true },
  });

describe('draft execution in chunks', () => {
  it('23 items over three chunks, a booking taken inside the second: that item CONFLICT, the rest of its chunk still written; one receipt, assignment and booking per item; audit events per item in item order; chain intact', async () => {
    const w = await fixtureWorld(env.h.base, env.db, 3);
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
    const jobs = await env.db.job.findMany({ where: { id: { in: d.items.map((x) => x.jobId) } } });
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
    const w = await fixtureWorld(env.h.base, env.db, 3);
    const d = await hourlyDraft(w, 30);
    // item 15's receipt insert sleeps, holding the second chunk's transaction open
    const fn = `slow_receipt_${w.org.id.replace(/-/g, '')}`;
    await env.db.$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."organizationId" = '${w.org.id}' AND NEW."itemIndex" = 15 THEN PERFORM pg_sleep(4); END IF; RETURN NEW; END $$`);
    await env.db.$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE INSERT ON "ExecutionReceipt" FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    let id: string;
    try {
      const r = await post(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}/execute`, { version: 1 });
      expectStatus(r, 202);
      id = ZExecution.parse(r.body).id;
      await env.eventually(
        () =>
          env.db.$queryRawUnsafe<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${new URL(env.dbUrl).pathname.slice(1)}' AND wait_event = 'PgSleep'`,
          ),
        (rows) => rows[0]!.n > 0,
        60_000,
        20,
      );
      await env.killWorker();
      // the first chunk committed whole; of the second, no assignment, booking or receipt
      expect(await counts(w.org.id, id)).toEqual({
        receipts: CHUNK,
        assignments: CHUNK,
        machine: CHUNK,
        operator: CHUNK,
      });
      expect((await env.db.execution.findUniqueOrThrow({ where: { id } })).status).toBe('RUNNING');
    } finally {
      // waits for the killed worker's transaction to end (rolled back once its sleep returns)
      await env.db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${fn} ON "ExecutionReceipt"`);
      await env.db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${fn}()`);
      await env.startWorker();
    }
    const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts.map((x) => x.itemIndex)).toEqual([...Array(30).keys()]);
    expect(await counts(w.org.id, id)).toEqual({ receipts: 30, assignments: 30, machine: 30, operator: 30 });
    const actions = (await trail(w.org.id)).map((e) => e.action);
    expect(actions.filter((a) => a === 'job.assigned')).toHaveLength(30);
    expect(actions.filter((a) => a === 'execution.receipt')).toHaveLength(30);
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.started' } })).toBe(1);
    expect(await env.db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(
      1,
    );
    expect((await get(w.t.OWNER, w.org.id, '/audit-events/verify')).body.ok).toBe(true);
  }, 120_000);
});
