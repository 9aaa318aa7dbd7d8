// The world of the webhook e2e files: the API writes events in the business transaction, the REAL
// worker (support/worker-env.ts, own database `<test database>_<suffix>`) relays and delivers them to a
// receiver on loopback (allowed through WEBHOOK_ALLOW_HOSTS=127.0.0.1). Retries are fast here:
// 3 attempts, 150 ms base backoff; an endpoint is disabled at its first final failure
// (WEBHOOK_DISABLE_AFTER_MS=0) so that rule runs too. The receiver answers 200 under /ok/*, 500 under
// /fail/*, and 302 to /ok/redirected under /redirect/* (never followed).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { ZWebhookDelivery, ZWebhookSecretResponse, type TWebhookDelivery } from '@amms/contracts/webhooks';
import { call, createOrg, type TestOrg } from '../harness.js';
import { expectStatus, loginAll, orgPath } from '../assertions.js';
import { combineModel, orgApi, tag } from './world.js';
import { workerEnvForFile } from './worker-env.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhooksWorld {
  org: TestOrg;
  t: Awaited<ReturnType<typeof loginAll>>;
  fieldId: string;
  assetId: string;
}

export function webhooksForFile(suffix: string) {
  const env = workerEnvForFile({
    suffix,
    env: {
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_RETRY_BASE_MS: '150',
      WEBHOOK_DISABLE_AFTER_MS: '0',
      WEBHOOK_TIMEOUT_MS: '5000',
    },
  });
  const received: Received[] = [];
  let receiver: Server | undefined;
  let receiverBase = '';
  beforeAll(async () => {
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
    await new Promise<void>((r) => receiver!.listen(0, '127.0.0.1', r));
    const addr = receiver.address();
    receiverBase = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => new Promise((r) => receiver?.close(r)));

  const post = (token: string, org: string, rest: string, body: unknown = {}) =>
    call(env.h.base, 'POST', orgPath(org, rest), { token, body, headers: { 'idempotency-key': randomUUID() } });
  const { get } = orgApi(() => env.h);
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  async function world(): Promise<WebhooksWorld> {
    const org = await createOrg(env.db, 'wh');
    const t = await loginAll(env.h.base, org);
    const model = await combineModel(env.db, org.id);
    const asset = await env.db.asset.create({
      data: { organizationId: org.id, modelId: model.id, name: `收割机 ${tag()}`, serialNumber: `SN-${tag()}` },
    });
    const f = await post(t.OWNER, org.id, '/fields', { name: `西岗 ${tag()}`, areaHa: 10 });
    expectStatus(f, 201);
    return { org, t, fieldId: f.body.id, assetId: asset.id };
  }

  /** an endpoint on the receiver under `path` */
  async function endpoint(w: WebhooksWorld, path: string, eventTypes: string[], token = w.t.ADMIN) {
    const r = await post(token, w.org.id, '/webhooks', {
      url: `${receiverBase}${path}`,
      eventTypes,
      description: 'test receiver',
    });
    expectStatus(r, 201);
    return ZWebhookSecretResponse.parse(r.body);
  }

  const createJob = async (w: WebhooksWorld) => {
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

  const deliveries = async (w: WebhooksWorld, endpointId: string, token = w.t.ADMIN): Promise<TWebhookDelivery[]> => {
    const r = await get(token, w.org.id, `/webhooks/${endpointId}/deliveries?limit=100`);
    expectStatus(r, 200);
    return (r.body.items as unknown[]).map((d) => ZWebhookDelivery.parse(d));
  };

  return {
    env,
    get,
    post,
    world,
    endpoint,
    createJob,
    deliveries,
    later,
    /** the receiver's base URL (known once the file's hooks ran) */
    receiverBase: () => receiverBase,
    receivedAt: (path: string) => received.filter((r) => r.path === path),
    eventually: <T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000) =>
      env.eventually(read, ok, timeoutMs, 100),
  };
}

export const settled = (ds: TWebhookDelivery[]) => ds.every((d) => d.status !== 'PENDING' && d.status !== 'RETRYING');

export const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});
