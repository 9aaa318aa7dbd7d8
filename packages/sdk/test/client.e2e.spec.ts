// The SDK against the real API (apps/api/dist on the test database): sign in with a password
// (Bearer), create a machine, mint an API key, then run the README's quickstart with that key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmmsApiError, createAmmsClient, idempotencyKey, pages, unwrap } from '@amms/sdk';
import { quickstart } from '../examples/quickstart.js';
import { PASSWORD, startApi, type ApiProcess } from './api-process.js';

let api: ApiProcess;
let token: string;
let apiKey: string;
const created: string[] = [];

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.stop();
});

describe('@amms/sdk against the running API', () => {
  it('signs in (public operation) and writes with a Bearer token, idempotently', async () => {
    const anonymous = createAmmsClient({ baseUrl: api.baseUrl });
    const session = unwrap(
      await anonymous.POST('/api/v1/auth/login', { body: { email: api.org.ownerEmail, password: PASSWORD } }),
    );
    expect(session.accessToken).toMatch(/\S{20,}/);
    token = session.accessToken;

    const orgId = api.org.id;
    const amms = createAmmsClient({ baseUrl: `${api.baseUrl}/`, auth: { bearer: async () => token } });
    const model = unwrap(
      await amms.POST('/api/v1/orgs/{orgId}/machine-models', {
        params: { path: { orgId } },
        body: {
          manufacturer: 'SDK Tractors',
          name: `T-${Date.now()}`,
          kind: 'SELF_PROPELLED',
          operationTypes: ['TILLAGE'],
        },
      }),
    );
    for (const serial of ['SDK-A', 'SDK-B']) {
      const key = idempotencyKey();
      const body = { modelId: model.id, name: `Machine ${serial}`, serialNumber: `${serial}-${model.id.slice(0, 8)}` };
      const first = await amms.POST('/api/v1/orgs/{orgId}/assets', {
        params: { path: { orgId }, header: { 'Idempotency-Key': key } },
        body,
      });
      const replay = await amms.POST('/api/v1/orgs/{orgId}/assets', {
        params: { path: { orgId }, header: { 'Idempotency-Key': key } },
        body,
      });
      expect(first.response.status).toBe(201);
      // the declared Idempotency-Key header reaches the API: the retry is the same machine, not a second one
      expect(unwrap(replay).id).toBe(unwrap(first).id);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
      created.push(unwrap(first).id);
    }

    const minted = unwrap(
      await amms.POST('/api/v1/orgs/{orgId}/api-keys', {
        params: { path: { orgId } },
        body: { name: 'sdk test', scopes: ['asset.read', 'webhook.manage'] },
      }),
    );
    expect(minted.key).toMatch(/^amms_/);
    apiKey = minted.key;
  });

  it('runs the quickstart with the API key: lists the machines, follows the cursor, reads the error envelope', async () => {
    const lines: string[] = [];
    // a public IP literal: passes the SSRF check without DNS (nothing is delivered in this test)
    const machines = await quickstart({
      baseUrl: api.baseUrl,
      orgId: api.org.id,
      apiKey,
      webhookUrl: 'https://93.184.215.14/amms-hook',
      log: (l) => lines.push(l),
    });
    expect(machines.map((m) => m.id).sort()).toEqual([...created].sort());
    expect(
      lines.some((l) =>
        l.startsWith('subscribed https://93.184.215.14/amms-hook (job.created, job.completed); secret starts whsec_'),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith('no such machine (request '))).toBe(true);

    // one machine per page: pages() follows nextCursor to the end
    const amms = createAmmsClient({ baseUrl: api.baseUrl, auth: { apiKey } });
    const seen: string[] = [];
    let requests = 0;
    for await (const m of pages((cursor) => {
      requests += 1;
      return amms.GET('/api/v1/orgs/{orgId}/assets', {
        params: { path: { orgId: api.org.id }, query: { limit: 1, cursor } },
      });
    }))
      seen.push(m.id);
    expect(seen.sort()).toEqual([...created].sort());
    expect(requests).toBeGreaterThanOrEqual(2);
  });

  it('maps error responses to AmmsApiError: another org is 404, a missing scope is 403, a bad key is 401', async () => {
    const amms = createAmmsClient({ baseUrl: api.baseUrl, auth: { apiKey } });
    const elsewhere = await amms.GET('/api/v1/orgs/{orgId}/assets', { params: { path: { orgId: api.otherOrgId } } });
    expect(elsewhere.response.status).toBe(404);
    expect(elsewhere.error?.error.code).toBe('NOT_FOUND');
    expect(() => unwrap(elsewhere)).toThrow(AmmsApiError);

    const write = await amms.POST('/api/v1/orgs/{orgId}/fields', {
      params: { path: { orgId: api.org.id } },
      body: { name: 'North', areaHa: 1.5 },
    });
    expect(write.response.status).toBe(403);
    try {
      unwrap(write);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AmmsApiError);
      expect((err as AmmsApiError).code).toBe('FORBIDDEN');
      expect((err as AmmsApiError).requestId).toBe(write.response.headers.get('x-request-id'));
    }

    const wrongKey = createAmmsClient({ baseUrl: api.baseUrl, auth: { apiKey: `${apiKey}x` } });
    const denied = await wrongKey.GET('/api/v1/orgs/{orgId}/assets', { params: { path: { orgId: api.org.id } } });
    expect(denied.response.status).toBe(401);
  });
});
