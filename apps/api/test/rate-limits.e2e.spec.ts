// Route rate limits (platform/rate-limit): per member and per org, counted in Redis, 429
// RATE_LIMITED with Retry-After. Small limits through the environment, as an operator would set them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExecutionStreams } from '../src/executions/execution-stream.js';
import { parseConfig } from '../src/platform/config/config.js';
import { RATE_LIMIT_DEFAULTS } from '../src/platform/rate-limit/limits.js';
import { call, createOrg, login, startApp, testConfig, type Harness, type Res } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { follow, pendingExecution } from './sse.js';

let h: Harness;

beforeAll(async () => {
  h = await startApp({
    RATE_LIMIT_AGENT_RUN_PER_MEMBER: '2',
    RATE_LIMIT_AGENT_RUN_PER_ORG: '3',
    RATE_LIMIT_AUDIT_VERIFY_PER_MEMBER: '1',
    RATE_LIMIT_AUDIT_VERIFY_PER_ORG: '2',
    RATE_LIMIT_AUDIT_VERIFY_WINDOW_SECONDS: '120',
    RATE_LIMIT_UPLOAD_PER_MEMBER: '1',
    RATE_LIMIT_STREAM_PER_MEMBER: '2',
    RATE_LIMIT_STREAM_PER_ORG: '3',
    EXECUTION_STREAM_POLL_MS: '200',
  });
});
afterAll(() => h?.close());

function expectLimited(r: Res, limit: string, per: 'member' | 'org', maxWait: number): void {
  expectError(r, 429, 'RATE_LIMITED');
  const retryAfter = Number(r.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWait);
  expect((r.body as { error: { details: unknown } }).error.details).toEqual({
    limit,
    per,
    retryAfterSeconds: retryAfter,
  });
}

const GOAL = '下周安排收割';

describe('rate limits: 429 RATE_LIMITED with Retry-After, per member and per org', () => {
  it('agent runs: the member limit first, then the org limit for everyone in it; another org is not affected', async () => {
    const org = await createOrg(h.db, 'rl');
    const other = await createOrg(h.db, 'rl');
    const [owner, admin, dispatcher, otherOwner] = await Promise.all([
      login(h.base, org.users.OWNER.email),
      login(h.base, org.users.ADMIN.email),
      login(h.base, org.users.DISPATCHER.email),
      login(h.base, other.users.OWNER.email),
    ]);
    const run = (token: string, orgId = org.id) =>
      call(h.base, 'POST', orgPath(orgId, '/agent/runs'), { token, body: { goal: GOAL } });
    expectStatus(await run(owner.accessToken), 201);
    expectStatus(await run(owner.accessToken), 201);
    expectLimited(await run(owner.accessToken), 'agent.run', 'member', 60);
    // the org has room for one more (3): the admin gets it, then the org is full for the dispatcher too
    expectStatus(await run(admin.accessToken), 201);
    expectLimited(await run(dispatcher.accessToken), 'agent.run', 'org', 60);
    // counted per org: the other org runs
    expectStatus(await run(otherOwner.accessToken, other.id), 201);
    // nothing was written for the refused runs
    expect(await h.db.agentRun.count({ where: { organizationId: org.id } })).toBe(3);
  });

  it('an API key is its own "member": its runs count against the key and the org', async () => {
    const org = await createOrg(h.db, 'rl');
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const minted = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body: { name: 'planner', scopes: ['agent.run', 'draft.read'] },
    });
    expectStatus(minted, 201);
    const run = (auth: { token?: string; apiKey?: string }) =>
      call(h.base, 'POST', orgPath(org.id, '/agent/runs'), { ...auth, body: { goal: GOAL } });
    expectStatus(await run({ apiKey: minted.body.key }), 201);
    expectStatus(await run({ apiKey: minted.body.key }), 201);
    expectLimited(await run({ apiKey: minted.body.key }), 'agent.run', 'member', 60);
    expectStatus(await run({ token: owner }), 201);
    expectLimited(await run({ token: owner }), 'agent.run', 'org', 60);
  });

  it('audit-chain verification: one per member per window, two per org; the window is configurable', async () => {
    const org = await createOrg(h.db, 'rl');
    const [owner, admin, dispatcher] = await Promise.all(
      (['OWNER', 'ADMIN', 'DISPATCHER'] as const).map(
        async (r) => (await login(h.base, org.users[r].email)).accessToken,
      ),
    );
    const verify = (token: string) => call(h.base, 'GET', orgPath(org.id, '/audit-events/verify'), { token });
    expectStatus(await verify(owner!), 200);
    const limited = await verify(owner!);
    expectLimited(limited, 'audit.verify', 'member', 120);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expectStatus(await verify(admin!), 200);
    expectLimited(await verify(dispatcher!), 'audit.verify', 'org', 120);
    // the audit list itself is not limited
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/audit-events'), { token: dispatcher! }), 200);
  });

  it('uploads (the machine import): one per member here; a refused import writes nothing', async () => {
    const org = await createOrg(h.db, 'rl');
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const models = await call(h.base, 'POST', orgPath(org.id, '/machine-models'), {
      token: owner,
      body: {
        manufacturer: `Mfr-${randomUUID().slice(0, 6)}`,
        name: 'R1',
        kind: 'POWER_UNIT',
        operationTypes: ['TILLAGE'],
      },
    });
    expectStatus(models, 201);
    const items = () => [
      {
        modelId: models.body.id,
        name: `T ${randomUUID().slice(0, 6)}`,
        serialNumber: `SN-${randomUUID().slice(0, 8)}`,
      },
    ];
    expectStatus(
      await call(h.base, 'POST', orgPath(org.id, '/assets/import'), { token: owner, body: { items: items() } }),
      200,
    );
    expectLimited(
      await call(h.base, 'POST', orgPath(org.id, '/assets/import'), { token: owner, body: { items: items() } }),
      'upload',
      'member',
      RATE_LIMIT_DEFAULTS.upload.windowSeconds,
    );
    expect(await h.db.asset.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it('event streams: concurrent streams per member and per org; a stream that ends frees its slot', async () => {
    const org = await createOrg(h.db, 'rl');
    const [e1, e2, e3] = [
      await pendingExecution(h.db, org),
      await pendingExecution(h.db, org),
      await pendingExecution(h.db, org),
    ];
    const [owner, viewer] = await Promise.all([
      login(h.base, org.users.OWNER.email),
      login(h.base, org.users.VIEWER.email),
    ]);
    const events = (token: string, id: string) =>
      call(h.base, 'GET', orgPath(org.id, `/executions/${id}/events`), { token });
    const a = await follow(h.base, owner.accessToken, org.id, e1!);
    const b = await follow(h.base, owner.accessToken, org.id, e2!);
    expect([a.res.status, b.res.status]).toEqual([200, 200]);
    expectLimited(await events(owner.accessToken, e3!), 'stream', 'member', 5);
    const c = await follow(h.base, viewer.accessToken, org.id, e3!);
    expect(c.res.status).toBe(200);
    expectLimited(await events(viewer.accessToken, e3!), 'stream', 'org', 5);
    // the first execution finishes: its stream ends (server side) and its slot is free again
    await h.db.execution.update({ where: { id: e1! }, data: { status: 'SUCCEEDED', finishedAt: new Date() } });
    expect(await a.endedWithin(10_000)).toBe(true);
    const until = Date.now() + 10_000;
    let d = await events(owner.accessToken, e1!);
    while (d.status !== 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      d = await events(owner.accessToken, e1!);
    }
    expectStatus(d, 200); // the finished execution: one event and the end
    // end the rest the same way (streams the client aborts keep the app from closing in tests)
    await h.db.execution.updateMany({
      where: { id: { in: [e2!, e3!] } },
      data: { status: 'SUCCEEDED', finishedAt: new Date() },
    });
    expect(await b.endedWithin(10_000)).toBe(true);
    expect(await c.endedWithin(10_000)).toBe(true);
    const streams = h.app.get(ExecutionStreams);
    for (const stop = Date.now() + 10_000; streams.openStreams > 0 && Date.now() < stop;)
      await new Promise((r) => setTimeout(r, 50));
    expect(streams.openStreams).toBe(0);
    // every slot was given back
    expectStatus(await events(owner.accessToken, e2!), 200);
    expectStatus(await events(owner.accessToken, e3!), 200);
  });

  it('configuration: defaults apply, bad values stop the boot', () => {
    expect(testConfig().rateLimits['agent.run']).toEqual(RATE_LIMIT_DEFAULTS['agent.run']);
    expect(() => parseConfig({ NODE_ENV: 'test', RATE_LIMIT_STREAM_PER_MEMBER: '0' })).toThrow(
      /RATE_LIMIT_STREAM_PER_MEMBER/,
    );
    expect(() => parseConfig({ NODE_ENV: 'test', RATE_LIMIT_EXPORT_WINDOW_SECONDS: 'soon' })).toThrow(
      /RATE_LIMIT_EXPORT_WINDOW_SECONDS/,
    );
  });
});
