import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { ZExecution, type TExecution } from '@amms/contracts/drafts';
import { call, createOrg, login, testConfig } from './harness.js';
import { expectStatus, orgPath } from './assertions.js';
import { TEST_DATABASE_URL } from './env.js';
import { hourlyDraft, world, type World } from './draft-fixtures.js';
import { eventually } from './support/eventually.js';
import { follow } from './sse.js';
import {
  API_JS,
  MIGRATOR_JS,
  WORKER_JS,
  appendTail,
  freePort,
  killProcess,
  startApiProcess,
  startRedis,
  startWorkerProcess,
  stopGracefully,
  waitForPort,
} from './processes.js';

/**
 * Scale-out invariants with real processes: two API processes and two workers on one
 * machine against one Postgres and one Redis. Builds on dist/ (`npm run build -w @amms/api`).
 * Owns a database (amms_test_scale: these workers' outbox relay must not take other files' rows)
 * and a private redis-server.
 */
const SCALE_DB = TEST_DATABASE_URL.replace(/\/[^/?]+(\?|$)/, '/amms_test_scale$1');
const MAX_LOGIN_FAILURES = 3;

let db: PrismaClient;
let redis: ChildProcess | undefined;
const apis: { base: string; p: ChildProcess }[] = [];
const workers: ChildProcess[] = [];
let output = '';
const log = (chunk: string) => (output = appendTail(output, chunk));
let env: Record<string, string>;

beforeAll(async () => {
  for (const f of [API_JS, WORKER_JS])
    if (!existsSync(f)) throw new Error(`${f} missing: run \`npm run build -w @amms/api\` first`);
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: SCALE_DB },
    stdio: 'ignore',
  });
  const redisPort = await freePort();
  redis = startRedis(redisPort);
  await waitForPort(redisPort);
  env = {
    DATABASE_URL: SCALE_DB,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    JWT_ACCESS_SECRET: testConfig().auth.accessSecret,
    LOGIN_MAX_FAILURES_PER_EMAIL: String(MAX_LOGIN_FAILURES),
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    // streams wake only on the workers' pub/sub nudges here (the fallback timer is a minute)
    EXECUTION_STREAM_POLL_MS: '60000',
  };
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    apis.push({ base: `http://127.0.0.1:${port}`, p: await startApiProcess(port, env, log) });
  }
  for (let i = 0; i < 2; i++) workers.push(await startWorkerProcess(env, log));
  db = createPrismaClient(SCALE_DB, { max: 3 });
}, 180_000);

afterAll(async () => {
  for (const p of [...workers, ...apis.map((a) => a.p)]) await killProcess(p);
  await db?.$disconnect();
  await killProcess(redis);
});

const [A, B] = [() => apis[0]!.base, () => apis[1]!.base];
const tail = () => `process output:\n${output.slice(-3000)}`;

async function executionOn(base: string, w: World, id: string): Promise<TExecution> {
  const r = await call(base, 'GET', orgPath(w.org.id, `/executions/${id}`), { token: w.t.DISPATCHER });
  expectStatus(r, 200);
  return ZExecution.parse(r.body);
}

// real processes on a shared 2-core machine: generous per-test time (speed is not what is tested)
describe('two API processes and two workers on one Postgres and one Redis', { timeout: 180_000 }, () => {
  it('racing executes of one draft across both APIs give one execution, one receipt and one booking per item', async () => {
    const w = await world(A(), db, 2);
    const d = await hourlyDraft(w, 6);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(i % 2 ? B() : A(), 'POST', orgPath(w.org.id, `/drafts/${d.id}/execute`), {
          token: w.t.DISPATCHER,
          body: { version: 1 },
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    for (const a of answers) expect([200, 202], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const ids = new Set(answers.map((a) => ZExecution.parse(a.body).id));
    expect(ids.size).toBe(1);
    const id = [...ids][0]!;
    const done = await eventually(
      () => executionOn(B(), w, id),
      (e) => !['PENDING', 'RUNNING'].includes(e.status),
      60_000,
      200,
      tail,
    );
    expect(done.status).toBe('SUCCEEDED');
    expect(await db.execution.count({ where: { draftId: d.id } })).toBe(1);
    expect(await db.executionReceipt.count({ where: { executionId: id } })).toBe(6);
    expect(await db.assignment.count({ where: { organizationId: w.org.id, releasedAt: null } })).toBe(6);
    expect(await db.machineBooking.count({ where: { organizationId: w.org.id, releasedAt: null } })).toBe(6);
  });

  it('the live stream on API B follows receipts a worker writes for an execution requested on API A (Redis pub/sub nudges)', async () => {
    const w = await world(A(), db, 2);
    const d = await hourlyDraft(w, 5);
    // both workers paused: the stream connects while the execution is still PENDING
    for (const p of workers) p.kill('SIGSTOP');
    let s: Awaited<ReturnType<typeof follow>> | undefined;
    try {
      const r = await call(A(), 'POST', orgPath(w.org.id, `/drafts/${d.id}/execute`), {
        token: w.t.DISPATCHER,
        body: { version: 1 },
        headers: { 'idempotency-key': randomUUID() },
      });
      expectStatus(r, 202);
      const id = ZExecution.parse(r.body).id;
      s = await follow(B(), w.t.VIEWER, w.org.id, id);
      expect(s.res.status).toBe(200);
      await eventually(
        async () => s!.events.length,
        (n) => n >= 1,
        10_000,
      );
      expect(s.events[0]).toMatchObject({ event: 'execution', data: { status: 'PENDING' } });
    } finally {
      for (const p of workers) p.kill('SIGCONT');
    }
    // the fallback timer is a minute: only a nudge from a worker (through Redis) can wake B this soon
    expect(await s.endedWithin(30_000)).toBe(true);
    const last = s.events.at(-1)!;
    expect(last.data.status, tail()).toBe('SUCCEEDED');
    expect((last.data.receipts as unknown[]).length).toBe(5);
  });

  it("a write through API A is never served stale by API B's cache", async () => {
    const w = await world(A(), db, 1);
    const assetId = w.combines[0]!;
    const read = async (base: string) => {
      const r = await call(base, 'GET', orgPath(w.org.id, `/assets/${assetId}`), { token: w.t.VIEWER });
      expectStatus(r, 200);
      return r.body as { name: string; version: number };
    };
    const before = await read(B());
    await read(B()); // now cached by B (and shared in Redis)
    for (let i = 1; i <= 3; i++) {
      const current = await read(A());
      const u = await call(A(), 'PATCH', orgPath(w.org.id, `/assets/${assetId}`), {
        token: w.t.ADMIN,
        body: { version: current.version, name: `收割机 改名 ${i}` },
      });
      expectStatus(u, 200);
      expect((await read(B())).name).toBe(`收割机 改名 ${i}`);
    }
    expect(before.name).not.toBe('收割机 改名 1');
  });

  it('the per-email login limit is shared: failures on A and B add up', async () => {
    const org = await createOrg(db, 'scale');
    const email = org.users.VIEWER.email;
    const attempt = (base: string) =>
      call(base, 'POST', '/api/v1/auth/login', { body: { email, password: 'not-the-password-1' } });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) statuses.push((await attempt(i % 2 ? B() : A())).status);
    expect(statuses).toEqual(Array(MAX_LOGIN_FAILURES).fill(401));
    // the next wrong guess is refused on either process
    const onA = await attempt(A());
    const onB = await attempt(B());
    expect([onA.status, onB.status]).toEqual([429, 429]);
    expect(onB.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('SIGTERM on an API under write load: every answered write is committed once, nothing unanswered is committed, the process exits cleanly', async () => {
    const port = await freePort();
    const c = { base: `http://127.0.0.1:${port}`, p: await startApiProcess(port, env, log) };
    const org = await createOrg(db, 'drain');
    const token = (await login(c.base, org.users.OWNER.email)).accessToken;
    const run = randomUUID().slice(0, 6);
    const total = 120;
    const results: { name: string; status: number | 'network-error'; body?: unknown }[] = [];
    let next = 0;
    let sent = 0;
    let terminated: ReturnType<typeof stopGracefully> | undefined;
    const lane = async () => {
      while (next < total) {
        const name = `drain-${run}-${next++}`;
        if (++sent === 30) terminated = stopGracefully(c.p);
        try {
          const r = await call(c.base, 'POST', orgPath(org.id, '/fields'), {
            token,
            body: { name, areaHa: 1 },
            headers: { 'idempotency-key': randomUUID() },
          });
          results.push({ name, status: r.status, body: r.body });
        } catch {
          results.push({ name, status: 'network-error' });
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, lane));
    expect(terminated, 'SIGTERM was sent').toBeDefined();
    const stopped = await terminated!;
    expect(stopped.timedOut, 'drained and exited by itself').toBe(false);
    expect(stopped.code === 0 || stopped.signal === 'SIGTERM', JSON.stringify(stopped)).toBe(true);
    const rows = await db.field.findMany({
      where: { organizationId: org.id, name: { startsWith: `drain-${run}-` } },
      select: { name: true },
    });
    const count = new Map<string, number>();
    for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1);
    const answered = results.filter((r) => r.status === 201);
    // refused before anything ran: a 503 envelope on a kept-alive connection, or no connection at all
    const refused = results.filter(
      (r) =>
        r.status === 'network-error' ||
        (r.status === 503 && (r.body as { error?: { code?: string } })?.error?.code === 'SERVICE_UNAVAILABLE'),
    );
    expect(answered.length, 'some writes landed before the drain').toBeGreaterThanOrEqual(20);
    expect(refused.length, 'requests after the shutdown were refused').toBeGreaterThan(0);
    for (const r of answered) expect(count.get(r.name), r.name).toBe(1);
    for (const r of refused) expect(count.get(r.name) ?? 0, `${r.name} was committed but answered ${r.status}`).toBe(0);
    // nothing else: no 500 from a request whose database went away under it
    expect(
      results
        .filter((r) => !answered.includes(r) && !refused.includes(r))
        .map((r) => `${r.status} ${JSON.stringify(r.body)}`),
    ).toEqual([]);
  });
});
