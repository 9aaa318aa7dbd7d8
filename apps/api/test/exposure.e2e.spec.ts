// What the API port shows to anyone who can reach it: whose X-Forwarded-For is believed
// (TRUSTED_PROXIES), /metrics (METRICS_TOKEN), the OpenAPI docs (API_DOCS), /ready's failures.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApp, type Harness } from './harness.js';
import { expectError, expectStatus } from './assertions.js';
import { freePort } from './processes.js';

const TOKEN = 'scrape-token-for-tests-0123456789';
let plain: Harness; // NODE_ENV=test, nothing configured
let trusting: Harness; // TRUSTED_PROXIES=127.0.0.1 (the test plays the proxy), METRICS_TOKEN set, docs off
let prod: Harness; // NODE_ENV=production, nothing else configured

beforeAll(async () => {
  [plain, trusting, prod] = await Promise.all([
    startApp(),
    startApp({ TRUSTED_PROXIES: '127.0.0.1', METRICS_TOKEN: TOKEN, API_DOCS: 'off' }),
    startApp({ NODE_ENV: 'production' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), trusting?.close(), prod?.close()]);
});

/** the IP the API recorded for a failed login (the platform audit chain keeps it) */
async function ipSeenFor(h: Harness, forwardedFor: string): Promise<unknown> {
  const email = `ghost-${randomUUID()}@nowhere.test`;
  const r = await call(h.base, 'POST', '/api/v1/auth/login', {
    body: { email, password: 'whatever-1' },
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expectError(r, 401, 'INVALID_CREDENTIALS');
  const event = await h.db.auditEvent.findFirstOrThrow({
    where: { organizationId: null, action: 'auth.login.failed', data: { path: ['email'], equals: email } },
  });
  return (event.data as { ip: unknown }).ip;
}

describe('client IP (TRUSTED_PROXIES)', () => {
  it('by default no X-Forwarded-For is believed, not even from loopback: the client IP is the peer address', async () => {
    expect(await ipSeenFor(plain, '203.0.113.7')).toBe('127.0.0.1');
    expect(await ipSeenFor(plain, '203.0.113.7, 198.51.100.1')).toBe('127.0.0.1');
  });

  it('from a configured proxy the forwarded address is the client IP (the right-most one the proxy added)', async () => {
    expect(await ipSeenFor(trusting, '203.0.113.7')).toBe('203.0.113.7');
    // an address the client put in front of the proxy's own entry is not believed
    expect(await ipSeenFor(trusting, '10.6.6.6, 203.0.113.8')).toBe('203.0.113.8');
  });

  it('a proxy list that does not contain the peer changes nothing', async () => {
    const other = await startApp({ TRUSTED_PROXIES: '10.20.30.40,fd00::/8' });
    try {
      expect(await ipSeenFor(other, '203.0.113.9')).toBe('127.0.0.1');
    } finally {
      await other.close();
    }
  });
});

describe('/metrics', () => {
  it('with METRICS_TOKEN: only `Authorization: Bearer <token>` gets the metrics, anything else is a 401', async () => {
    expectError(await call(trusting.base, 'GET', '/metrics'), 401, 'UNAUTHENTICATED');
    expectError(await call(trusting.base, 'GET', '/metrics', { token: `${TOKEN}x` }), 401, 'UNAUTHENTICATED');
    expectError(await call(trusting.base, 'GET', '/metrics', { token: TOKEN.slice(0, -1) }), 401, 'UNAUTHENTICATED');
    expectError(
      await call(trusting.base, 'GET', '/metrics', { headers: { authorization: TOKEN } }),
      401,
      'UNAUTHENTICATED',
    );
    const ok = await call<string>(trusting.base, 'GET', '/metrics', { token: TOKEN });
    expectStatus(ok, 200);
    expect(ok.body).toContain('# TYPE amms_http_request_duration_seconds histogram');
  });

  it('without a token: a 404 in production (and when NODE_ENV is unset), open in development/test', async () => {
    expectError(await call(prod.base, 'GET', '/metrics'), 404, 'ROUTE_NOT_FOUND');
    expectStatus(await call(plain.base, 'GET', '/metrics'), 200);
  });
});

describe('/api/docs (API_DOCS)', () => {
  it('off by default in production, on in development/test, API_DOCS=off turns it off anywhere', async () => {
    for (const path of ['/api/docs', '/api/docs-json']) {
      expectError(await call(prod.base, 'GET', path), 404, 'ROUTE_NOT_FOUND');
      expectError(await call(trusting.base, 'GET', path), 404, 'ROUTE_NOT_FOUND');
      expectStatus(await call(plain.base, 'GET', path), 200);
    }
  });
});

describe('/ready', () => {
  it('names the failing dependency with a generic reason, never the driver message', async () => {
    const deadRedisPort = await freePort();
    const db = `amms_missing_${randomUUID().slice(0, 8)}`;
    const broken = await startApp({
      DATABASE_URL: `postgresql://postgres@127.0.0.1:5432/${db}`,
      REDIS_URL: `redis://127.0.0.1:${deadRedisPort}/0`,
    });
    try {
      const r = await call(broken.base, 'GET', '/ready');
      expectStatus(r, 503);
      expect(r.body.status).toBe('not_ready');
      for (const name of ['postgres', 'redis', 'queue']) {
        expect(r.body.checks[name]).toEqual({
          ok: false,
          ms: expect.any(Number),
          error: expect.stringMatching(/^(unreachable|timeout)$/),
        });
      }
      const text = JSON.stringify(r.body);
      expect(text).not.toContain(db);
      expect(text).not.toContain(String(deadRedisPort));
      expect(text).not.toMatch(/ECONNREFUSED|does not exist|writeable|postgres@/);
    } finally {
      await broken.close();
    }
  });
});
