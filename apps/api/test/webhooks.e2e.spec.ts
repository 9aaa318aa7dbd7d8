import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import {
  ZWebhookDelivery,
  ZWebhookPayload,
  ZWebhookSecretResponse,
  type TWebhookDelivery,
} from '@amms/contracts/webhooks';
import { WebhookEvents } from '../src/platform/outbox/webhook-events.js';
import { call, createOrg, startApp, testConfig, type Harness, type TestOrg } from './harness.js';
import { combineModel, orgApi, tag } from './support/world.js';
import { expectError, expectStatus, loginAll, orgPath } from './assertions.js';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './env.js';
import { eventually as fixtureEventually } from './draft-fixtures.js';
import { MIGRATOR_JS, WORKER_JS, appendTail, killProcess, startWorkerProcess } from './processes.js';

/**
 * Webhooks end to end: the API writes events in the business transaction, the REAL worker
 * (dist/worker.js: `npm run build -w @amms/api` first) relays and delivers them to a receiver on
 * loopback (allowed through WEBHOOK_ALLOW_HOSTS=127.0.0.1), which verifies them with the
 * `standardwebhooks` package. Own database (the worker's relay takes every outbox row of it).
 * Retries are fast here: 3 attempts, 150 ms base backoff; an endpoint is disabled at its first
 * final failure (WEBHOOK_DISABLE_AFTER_MS=0) so that rule runs too.
 */
// <the test database>_wh: each checkout's TEST_DATABASE_URL gives its own (parallel runs never share a relay)
const WH_DB = TEST_DATABASE_URL.replace(/\/([^/?]+)(\?|$)/, '/$1_wh$2');
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_RETRY_BASE_MS: '150',
  WEBHOOK_DISABLE_AFTER_MS: '0',
  WEBHOOK_TIMEOUT_MS: '5000',
};

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let h: Harness;
let db: PrismaClient;
let worker: ChildProcess | undefined;
let workerLog = '';
let receiver: Server;
let receiverBase = '';
const received: Received[] = [];

const eventually = <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000) =>
  fixtureEventually(read, ok, timeoutMs, 100, () => `worker log:\n${workerLog.slice(-3000)}`);

beforeAll(async () => {
  if (!existsSync(WORKER_JS)) throw new Error('dist/worker.js missing: run `npm run build -w @amms/api` first');
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], {
    env: { ...process.env, DATABASE_URL: WH_DB },
    stdio: 'ignore',
  });
  // /ok/* answers 200, /fail/* 500, /redirect/* 302 to /ok (never followed)
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/ok')) res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      else if (req.url?.startsWith('/redirect')) res.writeHead(302, { location: '/ok/redirected' }).end();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const addr = receiver.address();
  receiverBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  h = await startApp({ DATABASE_URL: WH_DB, ...WEBHOOK_ENV });
  db = createPrismaClient(WH_DB, { max: 3 });
  worker = await startWorkerProcess(
    {
      DATABASE_URL: WH_DB,
      REDIS_URL: TEST_REDIS_URL,
      JWT_ACCESS_SECRET: testConfig().auth.accessSecret,
      ...WEBHOOK_ENV,
    },
    (chunk) => (workerLog = appendTail(workerLog, chunk)),
  );
}, 120_000);

afterAll(async () => {
  await killProcess(worker);
  await h?.close();
  await db?.$disconnect();
  await new Promise((r) => receiver?.close(r));
});

const post = (token: string, org: string, rest: string, body: unknown = {}) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body, headers: { 'idempotency-key': randomUUID() } });
const { get } = orgApi(() => h);
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

interface World {
  org: TestOrg;
  t: Awaited<ReturnType<typeof loginAll>>;
  fieldId: string;
  assetId: string;
}

async function world(): Promise<World> {
  const org = await createOrg(db, 'wh');
  const t = await loginAll(h.base, org);
  const model = await combineModel(db, org.id);
  const asset = await db.asset.create({
    data: { organizationId: org.id, modelId: model.id, name: `收割机 ${tag()}`, serialNumber: `SN-${tag()}` },
  });
  const f = await post(t.OWNER, org.id, '/fields', { name: `西岗 ${tag()}`, areaHa: 10 });
  expectStatus(f, 201);
  return { org, t, fieldId: f.body.id, assetId: asset.id };
}

async function endpoint(w: World, path: string, eventTypes: string[], token = w.t.ADMIN) {
  const r = await post(token, w.org.id, '/webhooks', {
    url: `${receiverBase}${path}`,
    eventTypes,
    description: 'test receiver',
  });
  expectStatus(r, 201);
  return ZWebhookSecretResponse.parse(r.body);
}

const createJob = async (w: World) => {
  const r = await post(w.t.DISPATCHER, w.org.id, '/jobs', {
    fieldId: w.fieldId,
    operationType: 'HARVESTING',
    estimatedHours: 2,
    windowStart: later(-24),
    windowEnd: later(24),
  });
  expectStatus(r, 201);
  return r.body as { id: string; version: number };
};

const deliveries = async (w: World, endpointId: string, token = w.t.ADMIN): Promise<TWebhookDelivery[]> => {
  const r = await get(token, w.org.id, `/webhooks/${endpointId}/deliveries?limit=100`);
  expectStatus(r, 200);
  return (r.body.items as unknown[]).map((d) => ZWebhookDelivery.parse(d));
};
const settled = (ds: TWebhookDelivery[]) => ds.every((d) => d.status !== 'PENDING' && d.status !== 'RETRYING');
const receivedAt = (path: string) => received.filter((r) => r.path === path);
const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

describe('webhooks: signed delivery by the worker', () => {
  it('a receiver on loopback gets signed job.created and job.completed events; standardwebhooks verifies them; the log says so', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep, secret } = await endpoint(w, path, [
      'job.created',
      'job.scheduled',
      'job.started',
      'job.completed',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(ep.secretHint).toBe(`${secret.slice(0, 10)}…`);
    // the secret is never in a later answer
    const again = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    expectStatus(again, 200);
    expect(JSON.stringify(again.body)).not.toContain(secret.slice(6));

    const job = await createJob(w);
    const assigned = await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/assign`, {
      primaryAssetId: w.assetId,
      operatorMembershipId: w.org.users.OPERATOR.membershipId,
      startsAt: later(-2),
      endsAt: later(2),
    });
    expectStatus(assigned, 200);
    expectStatus(await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/start`, { startedAt: later(-1) }), 200);
    expectStatus(
      await post(w.t.OPERATOR, w.org.id, `/jobs/${job.id}/complete`, { areaDoneHa: 4, actualHours: 0.5 }),
      200,
    );

    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n >= 4,
    );
    const wh = new Webhook(secret);
    const byType = new Map<string, { payload: ReturnType<typeof ZWebhookPayload.parse>; req: Received }>();
    for (const req of receivedAt(path)) {
      // throws unless the signature and timestamp are right for this secret
      const verified = ZWebhookPayload.parse(wh.verify(req.body, headersOf(req)));
      expect(req.headers['webhook-id']).toBe(verified.id);
      byType.set(verified.type, { payload: verified, req });
    }
    expect([...byType.keys()].sort()).toEqual(['job.completed', 'job.created', 'job.scheduled', 'job.started']);
    const created = byType.get('job.created')!.payload;
    expect(created.data).toMatchObject({ id: job.id, fieldId: w.fieldId });
    // data = the resource as GET returns it for the creator, read at delivery time
    const completed = byType.get('job.completed')!.payload;
    const now = await get(w.t.ADMIN, w.org.id, `/jobs/${job.id}`);
    expect(completed.data).toEqual(now.body);
    expect(completed.data).toMatchObject({ status: 'COMPLETED', areaDoneHa: 4 });
    // a wrong secret does not verify
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, not at all!!').toString('base64')}`).verify(
        byType.get('job.completed')!.req.body,
        headersOf(byType.get('job.completed')!.req),
      ),
    ).toThrow();

    const log = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 4 && ds.every((d) => d.status === 'SUCCEEDED'),
    );
    for (const d of log) {
      expect(d.attempts).toBe(1);
      expect(d.log).toHaveLength(1);
      expect(d.log[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: 'thanks', error: null });
      expect(d.log[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(log.find((d) => d.eventType === 'job.completed')?.resourceId).toBe(job.id);
  }, 120_000);

  it('a failing receiver gets retries with backoff, then the delivery is FAILED (log of every attempt) and the endpoint disabled with an audit row', async () => {
    const w = await world();
    const path = `/fail/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    const job = await createJob(w);
    const [failed] = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 1 && settled(ds),
    );
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      reason: 'MAX_ATTEMPTS',
      resourceId: job.id,
      nextAttemptAt: null,
    });
    expect(failed!.log.map((a) => [a.attempt, a.statusCode, a.responseExcerpt])).toEqual([
      [3, 500, 'receiver is down'],
      [2, 500, 'receiver is down'],
      [1, 500, 'receiver is down'],
    ]);
    // backoff: the attempts are spread out (≥ 0.9 × 150 ms, then ≥ 0.9 × 300 ms)
    const at = [...failed!.log].reverse().map((a) => Date.parse(a.at));
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(130);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(265);
    const hits = receivedAt(path);
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((r) => r.headers['webhook-id'])).size).toBe(1); // the same message each time

    const now = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    expect(now.body).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    expect(now.body.failingSince).not.toBeNull();
    const audit = await get(
      w.t.ADMIN,
      w.org.id,
      `/audit-events?action=webhook.disabled&entityType=webhook&entityId=${ep.id}`,
    );
    expectStatus(audit, 200);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ actorType: 'SYSTEM', data: { reason: 'FAILING' } });

    // a disabled endpoint hears nothing more; re-enabled, it does
    await createJob(w);
    const reenabled = await call(h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
      token: w.t.ADMIN,
      body: { version: now.body.version, enabled: true, url: `${receiverBase}/ok/${tag()}` },
    });
    expectStatus(reenabled, 200);
    expect(reenabled.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await createJob(w);
    const ds = await eventually(
      () => deliveries(w, ep.id),
      (x) => x.length === 2 && settled(x),
    );
    expect(ds.map((d) => d.status).sort()).toEqual(['FAILED', 'SUCCEEDED']);
  }, 120_000);

  it('a redirect is not followed (a failed attempt), and redeliver sends the same event again as a new delivery', async () => {
    const w = await world();
    const path = `/redirect/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    await createJob(w);
    const [failed] = await eventually(
      () => deliveries(w, ep.id),
      (ds) => ds.length === 1 && settled(ds),
    );
    expect(failed!.log[0]).toMatchObject({ statusCode: 302, error: 'redirect not followed' });
    expect(received.filter((r) => r.path === '/ok/redirected')).toHaveLength(0);

    // point it at a working receiver (re-enable), then redeliver the failed one
    const cur = await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`);
    const okPath = `/ok/${tag()}`;
    expectStatus(
      await call(h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
        token: w.t.ADMIN,
        body: { version: cur.body.version, url: `${receiverBase}${okPath}`, enabled: true },
      }),
      200,
    );
    const re = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/deliveries/${failed!.id}/redeliver`);
    expectStatus(re, 202);
    expect(re.body).toMatchObject({ status: 'PENDING', redeliveryOfId: failed!.id, eventId: failed!.eventId });
    await eventually(
      () => Promise.resolve(receivedAt(okPath).length),
      (n) => n === 1,
    );
    expect(receivedAt(okPath)[0]!.headers['webhook-id']).toBe(failed!.eventId);
    const one = await eventually(
      () => get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/deliveries/${re.body.id}`),
      (r) => r.body.status === 'SUCCEEDED',
    );
    expect(one.body.log).toHaveLength(1);
  }, 120_000);

  it('rotation: during the overlap both secrets sign (either verifies); the old one stops after it', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep, secret: oldSecret } = await endpoint(w, path, ['job.created']);
    const rot = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/rotate-secret`, { overlapSeconds: 3600 });
    expectStatus(rot, 200);
    const { secret: newSecret, endpoint: rotated } = ZWebhookSecretResponse.parse(rot.body);
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    await createJob(w);
    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n === 1,
    );
    const first = receivedAt(path)[0]!;
    expect(String(first.headers['webhook-signature']).split(' ')).toHaveLength(2);
    new Webhook(newSecret).verify(first.body, headersOf(first));
    new Webhook(oldSecret).verify(first.body, headersOf(first));

    const rot2 = await post(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}/rotate-secret`, { overlapSeconds: 0 });
    expectStatus(rot2, 200);
    const newest = ZWebhookSecretResponse.parse(rot2.body).secret;
    await createJob(w);
    await eventually(
      () => Promise.resolve(receivedAt(path).length),
      (n) => n === 2,
    );
    const second = receivedAt(path)[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    new Webhook(newest).verify(second.body, headersOf(second));
    expect(() => new Webhook(newSecret).verify(second.body, headersOf(second))).toThrow();
  }, 120_000);
});

describe('webhooks: what is never sent', () => {
  it('a rolled-back change sends nothing; the same emit committed is delivered', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.cancelled']);
    const job = await createJob(w);
    const before = await db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'webhook.deliver' } });
    await expect(
      db.$transaction(async (tx) => {
        await tx.job.update({
          where: { id: job.id },
          data: { status: 'CANCELLED', cancelledAt: new Date(), cancelReason: 'rolled back' },
        });
        await WebhookEvents.emit(tx, { organizationId: w.org.id }, 'job.cancelled', job.id);
        throw new Error('the change fails after the event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await db.webhookEvent.count({ where: { organizationId: w.org.id } })).toBe(0);
    expect(await db.outboxEvent.count({ where: { organizationId: w.org.id, name: 'webhook.deliver' } })).toBe(before);

    // a business refusal inside the service's transaction: nothing either (cancel of a job the version says changed)
    expectError(
      await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'x', version: 99 }),
      409,
      'VERSION_CONFLICT',
    );
    // the committed cancel is delivered, exactly once, after the refusals
    expectStatus(await post(w.t.DISPATCHER, w.org.id, `/jobs/${job.id}/cancel`, { reason: 'weather' }), 200);
    const ds = await eventually(
      () => deliveries(w, ep.id),
      (x) => x.length === 1 && settled(x),
    );
    expect(ds[0]).toMatchObject({ status: 'SUCCEEDED', eventType: 'job.cancelled' });
    expect(receivedAt(path)).toHaveLength(1);
    expect(JSON.parse(receivedAt(path)[0]!.body)).toMatchObject({
      type: 'job.cancelled',
      data: { id: job.id, status: 'CANCELLED', cancelReason: 'weather' },
    });
  }, 120_000);

  it('payloads follow the creator: data scope narrows them; a creator who lost access gets the delivery skipped, nothing sent', async () => {
    const w = await world();
    const path = `/ok/${tag()}`;
    const { endpoint: ep } = await endpoint(w, path, ['job.created']);
    await db.membership.update({ where: { id: w.org.users.ADMIN.membershipId }, data: { status: 'SUSPENDED' } });
    await createJob(w);
    const ds = await eventually(
      () => deliveries(w, ep.id, w.t.OWNER),
      (x) => x.length === 1 && settled(x),
    );
    expect(ds[0]).toMatchObject({ status: 'SKIPPED', reason: 'CREATOR_NO_ACCESS', attempts: 0, log: [] });

    // the owner's endpoint, then the owner narrowed to TEAM scope without teams: a team-less job is out of their sight
    const ownerPath = `/ok/${tag()}`;
    const { endpoint: mine } = await endpoint(w, ownerPath, ['job.created'], w.t.OWNER);
    await db.membership.update({ where: { id: w.org.users.OWNER.membershipId }, data: { dataScope: 'TEAM' } });
    await createJob(w);
    const hidden = await eventually(
      () => deliveries(w, mine.id, w.t.OWNER),
      (x) => x.length === 1 && settled(x),
    );
    expect(hidden[0]).toMatchObject({ status: 'SKIPPED', reason: 'RESOURCE_NOT_VISIBLE', attempts: 0 });
    expect(receivedAt(path)).toHaveLength(0);
    expect(receivedAt(ownerPath)).toHaveLength(0);
  }, 120_000);

  it('private, loopback and link-local targets are refused when created (422 WEBHOOK_URL_REFUSED); only the allowed host passes', async () => {
    const w = await world();
    const refused = [
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://172.16.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://localhost:8080/hook',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook', // IPv4-mapped loopback: not the allowed "127.0.0.1"
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://127.0.0.2/hook',
    ];
    for (const url of refused) {
      const r = await post(w.t.ADMIN, w.org.id, '/webhooks', { url, eventTypes: ['job.created'] });
      expect([url, r.status, r.body?.error?.code]).toEqual([url, 422, 'WEBHOOK_URL_REFUSED']);
    }
    // not http(s), credentials in the URL: 400
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'https://user:pw@example.com/x']) {
      expectError(
        await post(w.t.ADMIN, w.org.id, '/webhooks', { url, eventTypes: ['job.created'] }),
        400,
        'VALIDATION_FAILED',
      );
    }
    expect(await db.webhookEndpoint.count({ where: { organizationId: w.org.id } })).toBe(0);
    // a PATCH to a private target is refused the same way
    const { endpoint: ep } = await endpoint(w, `/ok/${tag()}`, ['job.created']);
    const p = await call(h.base, 'PATCH', orgPath(w.org.id, `/webhooks/${ep.id}`), {
      token: w.t.ADMIN,
      body: { version: ep.version, url: 'http://10.0.0.1/x' },
    });
    expectError(p, 422, 'WEBHOOK_URL_REFUSED');
    expect((await get(w.t.ADMIN, w.org.id, `/webhooks/${ep.id}`)).body.url).toBe(ep.url);
  }, 60_000);
});

describe('webhooks: who manages them', () => {
  it('admins only; another org’s endpoint and deliveries are 404; a deleted endpoint is gone', async () => {
    const a = await world();
    const b = await world();
    const { endpoint: ep } = await endpoint(b, `/ok/${tag()}`, ['job.created']);
    for (const role of ['DISPATCHER', 'ACCOUNTANT', 'VIEWER', 'OPERATOR'] as const) {
      expectError(await get(b.t[role], b.org.id, '/webhooks'), 403, 'FORBIDDEN');
    }
    expectStatus(await get(b.t.OWNER, b.org.id, '/webhooks'), 200);
    // A's admin, A's path, B's ids
    expectError(await get(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}`), 404, 'NOT_FOUND');
    expectError(await get(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}/deliveries`), 404, 'NOT_FOUND');
    expectError(await post(a.t.ADMIN, a.org.id, `/webhooks/${ep.id}/rotate-secret`, {}), 404, 'NOT_FOUND');
    expectError(
      await call(h.base, 'PATCH', orgPath(a.org.id, `/webhooks/${ep.id}`), {
        token: a.t.ADMIN,
        body: { version: 1, enabled: false },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(h.base, 'DELETE', orgPath(a.org.id, `/webhooks/${ep.id}`), { token: a.t.ADMIN }),
      404,
      'NOT_FOUND',
    );
    const list = await get(a.t.ADMIN, a.org.id, '/webhooks');
    expect(JSON.stringify(list.body)).not.toContain(ep.id);
    // B's own delete: gone from the list, 404 after
    expect((await call(h.base, 'DELETE', orgPath(b.org.id, `/webhooks/${ep.id}`), { token: b.t.ADMIN })).status).toBe(
      204,
    );
    expectError(await get(b.t.ADMIN, b.org.id, `/webhooks/${ep.id}`), 404, 'NOT_FOUND');
    expect((await get(b.t.ADMIN, b.org.id, '/webhooks')).body.items).toHaveLength(0);
  }, 60_000);
});
