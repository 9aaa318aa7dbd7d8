// Redis killed under a running app (a private redis-server this file starts): what still works and
// how. No write needs Redis: sessions, idempotency keys, audit and the outbox live in Postgres,
// so sign-in, refresh, idempotent creates (and their replays) and agent runs answer as usual;
// the rate limits stay in force, counted in the process; once Redis is back they count there
// again. The cache side (reads from Postgres, invalidations deferred to the outbox) is in
// cache.e2e.spec.ts; the queue catching up (a draft execution) in executions.e2e.spec.ts.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrg, login, startApp, type Harness } from './harness.js';
import { expectError, expectReplayOf, expectStatus, orgPath } from './assertions.js';
import { freePort, killProcess, startRedis, waitForPort } from './processes.js';

let h: Harness;
let redis: ChildProcess | undefined;
let port: number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  port = await freePort();
  redis = startRedis(port);
  await waitForPort(port);
  h = await startApp({
    REDIS_URL: `redis://127.0.0.1:${port}/0`,
    RATE_LIMIT_AGENT_RUN_PER_MEMBER: '2',
    RATE_LIMIT_AUDIT_VERIFY_PER_MEMBER: '1',
  });
});
afterAll(async () => {
  await h?.close();
  await killProcess(redis);
});

describe('Redis down: every write still lands (Postgres), limits stay in force', () => {
  it('sign-in, refresh, idempotent creates and replays, agent runs and audit verification answer; over-limit calls are 429; after a restart limits count in Redis again', async () => {
    const org = await createOrg(h.db, 'rdown');
    const before = await login(h.base, org.users.OWNER.email);
    expectStatus(
      await call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token: before.accessToken }),
      200,
    );

    await killProcess(redis);
    // the app notices the dead connection within a moment
    for (const until = Date.now() + 5_000; Date.now() < until && (await call(h.base, 'GET', '/ready')).status !== 503;)
      await sleep(100);
    expect((await call(h.base, 'GET', '/ready')).status).toBe(503);

    // sessions are Postgres rows: sign-in and refresh work
    const { accessToken: token } = await login(h.base, org.users.OWNER.email);
    expectStatus(
      await call(h.base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken: before.refreshToken } }),
      200,
    );

    // an idempotent create lands once; its replay comes from the key table (Postgres)
    const key = randomUUID();
    const create = () =>
      call(h.base, 'POST', orgPath(org.id, '/teams'), {
        token,
        body: { name: `down-${key.slice(0, 6)}` },
        headers: { 'idempotency-key': key },
      });
    const first = await create();
    expectStatus(first, 201);
    expectReplayOf(first, await create());
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(1);
    const audit = await h.db.auditEvent.count({ where: { organizationId: org.id, action: 'team.created' } });
    expect(audit).toBe(1);

    // an agent run writes its run (and audit) without Redis; the per-member limit still holds
    const run = () => call(h.base, 'POST', orgPath(org.id, '/agent/runs'), { token, body: { goal: '下周安排翻地' } });
    expectStatus(await run(), 201);
    expectStatus(await run(), 201);
    expectError(await run(), 429, 'RATE_LIMITED');
    expect(await h.db.agentRun.count({ where: { organizationId: org.id } })).toBe(2);
    // counted in this process now: the verification done before the outage is not seen, one more is allowed, then 429
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token }), 200);
    expectError(await call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token }), 429, 'RATE_LIMITED');

    // Redis back (empty: no persistence): the app reconnects by itself; limits count in Redis again
    redis = startRedis(port);
    await waitForPort(port);
    for (const until = Date.now() + 10_000; Date.now() < until && (await call(h.base, 'GET', '/ready')).status !== 200;)
      await sleep(100);
    expectStatus(await call(h.base, 'GET', '/ready'), 200);
    const again = (await login(h.base, org.users.ADMIN.email)).accessToken;
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token: again }), 200);
    expectError(
      await call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token: again }),
      429,
      'RATE_LIMITED',
    );
  });
});
