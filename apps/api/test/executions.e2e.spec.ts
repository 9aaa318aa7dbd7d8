import { execFileSync, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { ZAgentRun, ZDraft, ZDraftDetail, ZExecution, type TExecution } from '@amms/contracts/drafts';
import { itemKeyOf } from '../src/planning/scheduler/scheduler.js';
import { ExecutionStreams } from '../src/executions/execution-stream.js';
import { AssignmentsService } from '../src/jobs/assignments.service.js';
import { ChangeSignals } from '../src/platform/redis/change-signals.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { loadMember } from '../src/tenancy/memberships.repository.js';
import { call, startApp, testConfig, type Harness } from './harness.js';
import { orgApi } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';
import { follow } from './sse.js';
import {
  eventually as fixtureEventually,
  harvestJob,
  hourlyDraft,
  nextWeek,
  world as fixtureWorld,
} from './draft-fixtures.js';
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
 * Execution runs in the REAL worker process (dist/worker.js: build first with
 * `npm run build -w @amms/api`). This file owns a database (amms_test_exec: the worker's outbox
 * relay must not take other test files' outbox rows) and a private redis-server (killed in the
 * Redis-down test).
 */
const EXEC_DB = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/amms_test_exec$1');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let h: Harness;
let db: PrismaClient;
let redis: ChildProcess | undefined;
let redisPort: number;
let worker: ChildProcess | undefined;
let workerLog = '';

const kill = killProcess;
const startWorker = (extra: Record<string, string> = {}) =>
  startWorkerProcess(
    {
      DATABASE_URL: EXEC_DB,
      REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
      JWT_ACCESS_SECRET: testConfig().auth.accessSecret,
      // chunks of 5 items (one transaction each): the kill test below stops a 30-item run between chunks
      WORKER_EXECUTION_CHUNK: '5',
      ...extra,
    },
    (chunk) => (workerLog = appendTail(workerLog, chunk)),
  );

const eventually = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000, everyMs = 100) =>
  fixtureEventually(read, ok, timeoutMs, everyMs, () => `worker log:\n${workerLog.slice(-3000)}`);

beforeAll(async () => {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  const env = { ...process.env, DATABASE_URL: EXEC_DB };
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], { env, stdio: 'ignore' });
  redisPort = await freePort();
  redis = startRedis(redisPort);
  await waitForPort(redisPort);
  // event streams re-read only on the worker's nudges here (their fallback timer is a minute)
  h = await startApp({
    DATABASE_URL: EXEC_DB,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    EXECUTION_STREAM_POLL_MS: '60000',
  });
  db = createPrismaClient(EXEC_DB, { max: 3 });
  worker = await startWorker();
}, 120_000);

afterAll(async () => {
  await kill(worker);
  await h?.close();
  await db?.$disconnect();
  await kill(redis);
});

const { get } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown = {}, key?: string | null) =>
  call(h.base, 'POST', orgPath(org, rest), {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key ?? randomUUID() },
  });
const execute = (token: string, org: string, draftId: string, version: number, key?: string | null) =>
  post(token, org, `/drafts/${draftId}/execute`, { version }, key);

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

const world = (combines = 2) => fixtureWorld(h.base, db, combines);
const job = harvestJob;

const liveBookings = async (orgId: string) => ({
  machine: await db.machineBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
  operator: await db.operatorBooking.count({ where: { organizationId: orgId, releasedAt: null } }),
  assignments: await db.assignment.count({ where: { organizationId: orgId, releasedAt: null } }),
});

describe('draft execution: request → outbox → worker → receipts', () => {
  it('happy path through a real agent run: receipts SUCCEEDED, jobs SCHEDULED with the draft machines, draft EXECUTED; the audit trail ends requested → started → receipts → finished', async () => {
    const w = await world(2);
    const at = nextWeek();
    for (const day of [1, 2]) await job(w, at(day, 0), at(day + 1, 0), 4);
    const run = await post(w.t.DISPATCHER, w.org.id, '/agent/runs', { goal: '安排下周的收获作业' });
    expectStatus(run, 201);
    const parsed = ZAgentRun.parse(run.body);
    const draft = parsed.draft!;
    expect(draft.items).toHaveLength(2);
    expectStatus(
      await post(
        w.t.DISPATCHER,
        w.org.id,
        `/drafts/${draft.id}/confirm`,
        { version: draft.version, contentHash: draft.contentHash },
        null,
      ),
      200,
    );

    const r = await execute(w.t.DISPATCHER, w.org.id, draft.id, draft.version);
    expectStatus(r, 202);
    const requested = ZExecution.parse(r.body);
    expect(requested).toMatchObject({
      draftId: draft.id,
      version: draft.version,
      itemsTotal: 2,
      initiatorMembershipId: w.org.users.DISPATCHER.membershipId,
    });
    expect(['PENDING', 'RUNNING', 'SUCCEEDED']).toContain(requested.status);
    expect(
      (await db.outboxEvent.findFirst({ where: { organizationId: w.org.id, name: 'draft.execute' } }))?.payload,
    ).toEqual({ organizationId: w.org.id, executionId: requested.id });

    const done = await finished(w.t.VIEWER, w.org.id, requested.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.counts).toEqual({ succeeded: 2, conflict: 0, failed: 0, pending: 0 });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
    expect(done.receipts.map((x) => [x.itemIndex, x.itemKey, x.status, x.recordType, x.recordId])).toEqual(
      draft.items.map((it, i) => [i, it.itemKey, 'SUCCEEDED', 'job', it.jobId]),
    );
    for (const [i, it] of draft.items.entries()) {
      const j = await get(w.t.DISPATCHER, w.org.id, `/jobs/${it.jobId}`);
      expect(j.body.status).toBe('SCHEDULED');
      expect(j.body.assignment.machines.map((m: { assetId: string }) => m.assetId)).toEqual([
        it.primaryAssetId,
        ...it.implementAssetIds,
      ]);
      expect(j.body.assignment.operatorMembershipId).toBe(it.operatorMembershipId);
      expect(done.receipts[i]!.detail.assignmentId).toBe(j.body.assignment.id);
    }
    const executed = ZDraftDetail.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${draft.id}`)).body);
    expect(executed.status).toBe('EXECUTED');
    // the draft lists its execution
    expect(executed.executions).toEqual([
      {
        id: requested.id,
        version: draft.version,
        status: 'SUCCEEDED',
        createdAt: requested.createdAt,
        finishedAt: done.finishedAt,
      },
    ]);

    // the draft's trail: run events, draft events, then the execution's, in chain order
    const trail = await get(w.t.OWNER, w.org.id, `/audit-events?entityType=draft&entityId=${draft.id}&limit=200`);
    expectStatus(trail, 200);
    const actions: string[] = trail.body.items.map((e: { action: string }) => e.action);
    expect(actions.indexOf('draft.confirmed')).toBeGreaterThan(-1);
    expect(actions.slice(actions.indexOf('draft.confirmed') + 1)).toEqual([
      'execution.requested',
      'execution.started',
      'execution.receipt',
      'execution.receipt',
      'execution.finished',
    ]);
    expect(trail.body.items.some((e: { entityType: string }) => e.entityType === 'agent_run')).toBe(true);
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expectStatus(verify, 200);
    expect(verify.body.ok).toBe(true);

    // executing the same version later: the same execution, 200
    const again = await execute(w.t.DISPATCHER, w.org.id, draft.id, draft.version);
    expectStatus(again, 200);
    expect(ZExecution.parse(again.body)).toMatchObject({ id: requested.id, status: 'SUCCEEDED' });
  });

  it('20 concurrent execute calls (different Idempotency-Keys) → one execution, all answers name it, no duplicate bookings', async () => {
    const w = await world(2);
    const d = await hourlyDraft(w, 4);
    const answers = await Promise.all(Array.from({ length: 20 }, () => execute(w.t.DISPATCHER, w.org.id, d.id, 1)));
    for (const a of answers) expect([200, 202], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const ids = new Set(answers.map((a) => ZExecution.parse(a.body).id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await db.execution.count({ where: { draftId: d.id } })).toBe(1);
    expect(await db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'draft.execute' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.requested' } })).toBe(1);
    const done = await finished(w.t.DISPATCHER, w.org.id, id!);
    expect(done.status).toBe('SUCCEEDED');
    expect(await liveBookings(w.org.id)).toEqual({ machine: 4, operator: 4, assignments: 4 });
    // the same Idempotency-Key replays the stored answer
    const key = randomUUID();
    const first = await execute(w.t.DISPATCHER, w.org.id, d.id, 1, key);
    const replay = await execute(w.t.DISPATCHER, w.org.id, d.id, 1, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(ZExecution.parse(replay.body).id).toBe(ZExecution.parse(first.body).id);
    // the execution already existed: answered 200, and the replay answers the same status
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
  });

  it('a machine booked by someone else between confirmation and execution → that item CONFLICT (BOOKING_CONFLICT), the others SUCCEEDED, PARTIAL', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // someone schedules another job on the same combine over item 1's slot, with another operator
    const slot = d.items[1]!;
    const other = await job(w, slot.startsAt, slot.endsAt);
    const taken = await post(w.t.DISPATCHER, w.org.id, `/jobs/${other}/assign`, {
      primaryAssetId: slot.primaryAssetId,
      operatorMembershipId: w.org.users.DISPATCHER.membershipId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    });
    expectStatus(taken, 200);

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.status).toBe('PARTIAL');
    expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'CONFLICT', 'SUCCEEDED']);
    expect(done.receipts[1]!.detail).toMatchObject({ code: 'BOOKING_CONFLICT' });
    expect(done.counts).toEqual({ succeeded: 2, conflict: 1, failed: 0, pending: 0 });
    expect((await get(w.t.DISPATCHER, w.org.id, `/jobs/${slot.jobId}`)).body.status).toBe('PLANNED');
    expect(ZDraft.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}`)).body).status).toBe('EXECUTED');
  });

  it('the confirming member removed from the org before execution → REFUSED and audited; no job written; the draft is OPEN again, unconfirmed', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2, 'ADMIN');
    expectStatus(
      await call(h.base, 'DELETE', orgPath(w.org.id, `/members/${w.org.users.ADMIN.membershipId}`), {
        token: w.t.OWNER,
      }),
      204,
    );

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.status).toBe('REFUSED');
    expect(done.error).toMatch(/confirmed/);
    expect(done.receipts).toEqual([]);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 0, operator: 0, assignments: 0 });
    for (const it of d.items)
      expect((await get(w.t.DISPATCHER, w.org.id, `/jobs/${it.jobId}`)).body.status).toBe('PLANNED');
    expect(ZDraft.parse((await get(w.t.DISPATCHER, w.org.id, `/drafts/${d.id}`)).body)).toMatchObject({
      status: 'OPEN',
      confirmedVersion: null,
    });
    const refused = await db.auditEvent.findFirst({
      where: { organizationId: w.org.id, action: 'execution.refused', entityId: done.id },
    });
    expect(refused).toMatchObject({ actorType: 'SYSTEM', entityType: 'execution' });
    expect(refused!.data).toMatchObject({ draftId: d.id, after: { status: 'REFUSED', draftStatus: 'OPEN' } });
    // the same version again: the same (refused) execution; running it needs a new version + confirmation
    const again = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(again, 200);
    expect(ZExecution.parse(again.body)).toMatchObject({ id: done.id, status: 'REFUSED' });
  });

  it('the initiator demoted to VIEWER while the execution waits (worker down) → REFUSED when the restarted worker picks it up', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2, 'ADMIN');
    await kill(worker);
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      const m = await db.membership.findUniqueOrThrow({ where: { id: w.org.users.DISPATCHER.membershipId } });
      expectStatus(
        await call(h.base, 'PATCH', orgPath(w.org.id, `/members/${m.id}`), {
          token: w.t.OWNER,
          body: { role: 'VIEWER', version: m.version },
        }),
        200,
      );
      worker = await startWorker();
      const done = await finished(w.t.OWNER, w.org.id, id);
      expect(done).toMatchObject({ status: 'REFUSED', receipts: [] });
      expect(done.error).toMatch(/draft\.execute/);
      expect(await liveBookings(w.org.id)).toEqual({ machine: 0, operator: 0, assignments: 0 });
    } finally {
      if (!worker || worker.exitCode !== null || worker.signalCode !== null) worker = await startWorker();
    }
  });

  it('refusals at the door: unconfirmed 409, stale version 409, no Idempotency-Key 400, VIEWER 403, another org 404; GET of another org’s execution 404', async () => {
    const w = await world(1);
    const at = nextWeek();
    const j = await job(w, at(1, 0), at(1, 2));
    // unconfirmed: a draft written but never confirmed
    const plain = {
      jobId: j,
      primaryAssetId: w.combines[0]!,
      implementAssetIds: [],
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: at(1, 0),
      endsAt: at(1, 1),
    };
    const unconfirmed = await db.draft.create({
      data: { organizationId: w.org.id, kind: 'SCHEDULE', title: 'u', currentVersion: 1 },
    });
    await db.draftVersion.create({
      data: {
        organizationId: w.org.id,
        draftId: unconfirmed.id,
        version: 1,
        items: [
          {
            ...plain,
            itemKey: itemKeyOf(plain, 1),
            job: null,
            primaryAssetName: null,
            implementNames: [],
            operatorName: null,
          },
        ],
        unplaced: [],
        validation: { ok: true, violations: [], warnings: [] },
        evidence: [],
        contentHash: 'a'.repeat(64),
      },
    });
    expectError(await execute(w.t.DISPATCHER, w.org.id, unconfirmed.id, 1), 409, 'DRAFT_NOT_CONFIRMED');

    const d = await hourlyDraft(w, 1);
    expectError(await execute(w.t.DISPATCHER, w.org.id, d.id, 2), 409, 'DRAFT_NOT_CONFIRMED');
    expectError(await execute(w.t.DISPATCHER, w.org.id, d.id, 1, null), 400, 'IDEMPOTENCY_KEY_INVALID');
    expectError(await execute(w.t.VIEWER, w.org.id, d.id, 1), 403, 'FORBIDDEN');
    const w2 = await world(1);
    expectError(await execute(w2.t.DISPATCHER, w2.org.id, d.id, 1), 404, 'NOT_FOUND');
    expectError(await execute(w2.t.DISPATCHER, w.org.id, d.id, 1), 404, 'NOT_FOUND');
    const bad = await execute(w.t.DISPATCHER, w.org.id, d.id, 0);
    expectError(bad, 400, 'VALIDATION_FAILED');

    const ok = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(ok, 202);
    const id = ZExecution.parse(ok.body).id;
    expectError(await get(w2.t.OWNER, w2.org.id, `/executions/${id}`), 404, 'NOT_FOUND');
    expectError(await get(w.t.OWNER, w.org.id, `/executions/${randomUUID()}`), 404, 'NOT_FOUND');
    await finished(w.t.DISPATCHER, w.org.id, id);
  });

  it('an item assigned before a crash but without its receipt gets one (no second assignment); a job edited since the draft → CONFLICT VERSION_CONFLICT', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // what a killed run leaves behind: item 0 assigned under its item key, no receipt
    const m = (await loadMember(db, w.org.id, w.org.users.DISPATCHER.membershipId))!;
    const ctx = memberContext(
      w.org.id,
      { kind: 'USER', userId: w.org.users.DISPATCHER.id, sessionId: randomUUID(), isPlatformAdmin: false },
      m,
      'test',
    );
    const it0 = d.items[0]!;
    const pre = await h.app.get(AssignmentsService).assign(
      ctx,
      it0.jobId,
      {
        primaryAssetId: it0.primaryAssetId,
        implementAssetIds: [],
        operatorMembershipId: it0.operatorMembershipId,
        startsAt: it0.startsAt,
        endsAt: it0.endsAt,
      },
      { itemKey: it0.itemKey },
    );
    // item 2's job is edited after the confirmation
    const j2 = (await get(w.t.DISPATCHER, w.org.id, `/jobs/${d.items[2]!.jobId}`)).body;
    expectStatus(
      await call(h.base, 'PATCH', orgPath(w.org.id, `/jobs/${j2.id}`), {
        token: w.t.DISPATCHER,
        body: { version: j2.version, title: 'changed' },
      }),
      200,
    );

    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
    expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'CONFLICT']);
    expect(done.receipts[0]!.detail.assignmentId).toBe(pre.assignment!.id);
    expect(done.receipts[2]!.detail).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(done.status).toBe('PARTIAL');
    expect(await db.assignment.count({ where: { organizationId: w.org.id } })).toBe(2);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 2, operator: 2, assignments: 2 });
  });

  it("an execution that fails past the worker's attempts is given up, not left RUNNING: receipts as the items really stand (a write that landed is SUCCEEDED), PARTIAL, audited, chain intact", async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 3);
    // a fault the executor cannot handle (not an item refusal): receipts from item 1 on cannot be
    // written — except the ones the give-up path writes — so every attempt of the job throws
    const fn = `fail_receipts_${w.org.id.replace(/-/g, '')}`;
    await db.$executeRawUnsafe(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW."organizationId" = '${w.org.id}' AND NEW."itemIndex" >= 1 AND NEW.detail->>'code' IS DISTINCT FROM 'WORKER_GAVE_UP' AND NOT (NEW.detail ? 'recoveredAfter')
      THEN RAISE EXCEPTION 'injected receipt failure'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE INSERT ON "ExecutionReceipt" FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
    );
    await kill(worker);
    worker = await startWorker({ WORKER_JOB_ATTEMPTS: '2' });
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const done = await finished(w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id, 60_000);
      expect(done.status).toBe('PARTIAL');
      expect(done.error).toMatch(
        /^The worker gave up after 2 failed attempts; the last error is in the worker log \(job .+\)$/,
      );
      expect(workerLog).toContain('injected receipt failure');
      // item 0: normal receipt; item 1: assigned before the receipt failed → recovered as SUCCEEDED; item 2: never written
      expect(done.receipts.map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'FAILED']);
      expect(done.receipts[1]!.detail).toMatchObject({ recoveredAfter: 'WORKER_GAVE_UP' });
      expect(done.receipts[1]!.recordId).toBe(d.items[1]!.jobId);
      expect(done.receipts[2]!.detail).toMatchObject({ code: 'WORKER_GAVE_UP' });
      expect(done.counts).toEqual({ succeeded: 2, conflict: 0, failed: 1, pending: 0 });
      expect(await liveBookings(w.org.id)).toEqual({ machine: 2, operator: 2, assignments: 2 });
      expect((await db.draft.findUniqueOrThrow({ where: { id: d.id } })).status).toBe('EXECUTED');
      expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.abandoned' } })).toBe(1);
      expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(0);
      expect((await get(w.t.OWNER, w.org.id, '/audit-events/verify')).body.ok).toBe(true);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${fn} ON "ExecutionReceipt"`);
      await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${fn}()`);
      await kill(worker);
      worker = await startWorker();
    }
  }, 120_000);

  it('SIGKILL of the worker mid-execution (30 items), restart → completes; no duplicate assignments or bookings, no lost items', async () => {
    const w = await world(3);
    const d = await hourlyDraft(w, 30);
    const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
    expectStatus(r, 202);
    const id = ZExecution.parse(r.body).id;
    // kill as soon as the first receipts exist, well before the last
    const atKill = await eventually(
      () => db.executionReceipt.count({ where: { executionId: id } }),
      (n) => n >= 1,
      30_000,
      5,
    );
    await kill(worker);
    const written = await db.executionReceipt.count({ where: { executionId: id } });
    expect(atKill).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(30);
    expect((await db.execution.findUnique({ where: { id } }))!.status).toBe('RUNNING');

    worker = await startWorker();
    const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.receipts).toHaveLength(30);
    expect(new Set(done.receipts.map((x) => x.itemKey)).size).toBe(30);
    expect(done.receipts.map((x) => x.itemIndex)).toEqual([...Array(30).keys()]);
    expect(await liveBookings(w.org.id)).toEqual({ machine: 30, operator: 30, assignments: 30 });
    expect(await db.assignment.count({ where: { organizationId: w.org.id } })).toBe(30);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.started' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.receipt' } })).toBe(30);
    expect(await db.auditEvent.count({ where: { organizationId: w.org.id, action: 'execution.finished' } })).toBe(1);
    const verify = await get(w.t.OWNER, w.org.id, '/audit-events/verify');
    expect(verify.body.ok).toBe(true);
  }, 120_000);

  it('Redis down when executing: 202 and the outbox row waits; Redis back → the execution completes', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2);
    await kill(redis);
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      const row = await db.outboxEvent.findFirst({ where: { organizationId: w.org.id, name: 'draft.execute' } });
      expect(row).toMatchObject({
        queue: 'amms-drafts',
        dispatchedAt: null,
        payload: { organizationId: w.org.id, executionId: id },
      });
      await sleep(1000);
      expect((await execution(w.t.DISPATCHER, w.org.id, id)).status).toBe('PENDING');
      redis = startRedis(redisPort);
      await waitForPort(redisPort);
      const done = await finished(w.t.DISPATCHER, w.org.id, id, 60_000);
      expect(done.status).toBe('SUCCEEDED');
      expect((await db.outboxEvent.findUnique({ where: { id: row!.id } }))!.dispatchedAt).not.toBeNull();
    } finally {
      if (!redis || redis.exitCode !== null || redis.signalCode !== null) {
        redis = startRedis(redisPort);
        await waitForPort(redisPort);
      }
    }
  }, 120_000);
});

describe('following an execution live: GET /executions/:id/events (Server-Sent Events)', () => {
  it('snapshot on connect, then the receipts as the worker commits them (woken by its pub/sub nudges: the timer here is a minute), the final status, and the end', async () => {
    const w = await world(2);
    const d = await hourlyDraft(w, 6);
    await kill(worker); // the execution waits, so the stream sees it from PENDING on
    let s: Awaited<ReturnType<typeof follow>> | undefined;
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      s = await follow(h.base, w.t.VIEWER, w.org.id, id);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(s.res.headers.get('cache-control')).toContain('no-transform');
      await eventually(
        async () => s!.events.length,
        (n) => n >= 1,
        10_000,
      );
      expect(s.events[0]).toMatchObject({ event: 'execution', data: { id, status: 'PENDING', receipts: [] } });
      expect(await s.endedWithin(300)).toBe(false); // still open while nothing happens
    } finally {
      worker = await startWorker();
    }
    expect(await s!.endedWithin(30_000)).toBe(true);
    const last = s!.events.at(-1)!;
    expect(last.event).toBe('execution');
    const final = ZExecution.parse(last.data);
    expect(final.status).toBe('SUCCEEDED');
    expect(final.receipts).toHaveLength(6);
    // exactly what a GET says, and every event a valid execution with receipts that only grow
    expect(final).toEqual(await execution(w.t.VIEWER, w.org.id, final.id));
    const counts = s!.events.map((e) => ZExecution.parse(e.data).receipts.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(s!.events.length).toBeGreaterThanOrEqual(2);
    // woken by the nudge, not by the one-minute timer
    expect(last.at - Date.parse(final.finishedAt!)).toBeLessThan(5_000);
    await eventually(
      async () => h.app.get(ExecutionStreams).openStreams,
      (n) => n === 0,
      5_000,
    );
  }, 120_000);

  it('with no nudge reaching it (an API on another Redis), its timer alone still brings every receipt and the end', async () => {
    const other = await startApp({ DATABASE_URL: EXEC_DB, REDIS_URL: TEST_REDIS_URL, EXECUTION_STREAM_POLL_MS: '250' });
    try {
      const w = await world(1);
      const d = await hourlyDraft(w, 3);
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      expectStatus(r, 202);
      const s = await follow(other.base, w.t.DISPATCHER, w.org.id, ZExecution.parse(r.body).id);
      expect(await s.endedWithin(30_000)).toBe(true);
      expect(ZExecution.parse(s.events.at(-1)!.data)).toMatchObject({
        status: 'SUCCEEDED',
        counts: { succeeded: 3, pending: 0 },
      });
      expect(other.app.get(ExecutionStreams).openStreams).toBe(0);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('rights are checked again at every wake-up: the member removed while following gets `event: error` NOT_FOUND and the stream ends; a client that leaves frees its stream', async () => {
    const w = await world(1);
    const d = await hourlyDraft(w, 2);
    const nudger = new Redis(`redis://127.0.0.1:${redisPort}/0`);
    await kill(worker);
    try {
      const r = await execute(w.t.DISPATCHER, w.org.id, d.id, 1);
      const id = ZExecution.parse(r.body).id;
      const viewer = await follow(h.base, w.t.VIEWER, w.org.id, id);
      const leaving = await follow(h.base, w.t.OWNER, w.org.id, id);
      await eventually(
        async () => viewer.events.length + leaving.events.length,
        (n) => n >= 2,
        10_000,
      );
      expect(h.app.get(ExecutionStreams).openStreams).toBeGreaterThanOrEqual(2);

      leaving.close();
      expectStatus(
        await call(h.base, 'DELETE', orgPath(w.org.id, `/members/${w.org.users.VIEWER.membershipId}`), {
          token: w.t.OWNER,
        }),
        204,
      );
      await nudger.publish(`amms:changed:execution:${id}`, '1');
      expect(await viewer.endedWithin(10_000)).toBe(true);
      expect(viewer.events.at(-1)).toMatchObject({ event: 'error', data: { error: { code: 'NOT_FOUND' } } });
      await eventually(
        async () => ({
          streams: h.app.get(ExecutionStreams).openStreams,
          topics: h.app.get(ChangeSignals).activeTopics,
        }),
        (n) => n.streams === 0 && n.topics === 0,
        10_000,
      );
    } finally {
      nudger.disconnect();
      worker = await startWorker();
    }
  }, 120_000);

  it("refusals come before the stream, as plain errors: another org's execution or an unknown id → 404, no draft.read → 403", async () => {
    const a = await world(1);
    const b = await world(1);
    const d = await hourlyDraft(a, 1);
    const id = ZExecution.parse((await execute(a.t.DISPATCHER, a.org.id, d.id, 1)).body).id;
    await finished(a.t.DISPATCHER, a.org.id, id);
    expectError(await get(b.t.OWNER, b.org.id, `/executions/${id}/events`), 404, 'NOT_FOUND');
    expectError(await get(b.t.OWNER, a.org.id, `/executions/${id}/events`), 404, 'NOT_FOUND');
    expectError(await get(a.t.OWNER, a.org.id, `/executions/${randomUUID()}/events`), 404, 'NOT_FOUND');
    expectError(await get(a.t.OPERATOR, a.org.id, `/executions/${id}/events`), 403, 'FORBIDDEN');
    // a finished execution: one event, then the end
    const s = await follow(h.base, a.t.OWNER, a.org.id, id);
    expect(await s.endedWithin(5_000)).toBe(true);
    expect(s.events.map((e) => [e.event, e.data.status])).toEqual([['execution', 'SUCCEEDED']]);
  }, 120_000);
});
