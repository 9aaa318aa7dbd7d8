import { describe, expect, it } from 'vitest';
import { call, createOrg, PASSWORD } from './harness.js';
import { appForFile } from './support/world.js';
import { expectStatus } from './assertions.js';

const h = appForFile();

describe('operations endpoints', () => {
  it('/health answers 200 without auth', async () => {
    const r = await call(h.base, 'GET', '/health');
    expectStatus(r, 200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  it('/ready checks Postgres and Redis', async () => {
    const r = await call(h.base, 'GET', '/ready');
    expectStatus(r, 200);
    expect(r.body.status).toBe('ready');
    for (const name of ['postgres', 'redis', 'queue']) {
      expect(r.body.checks[name]).toMatchObject({ ok: true, ms: expect.any(Number) });
    }
  });

  it('/metrics exposes request durations and login outcomes in Prometheus text', async () => {
    const org = await createOrg(h.db, 'ops');
    await call(h.base, 'POST', '/api/v1/auth/login', { body: { email: org.users.VIEWER.email, password: PASSWORD } });
    await call(h.base, 'POST', '/api/v1/auth/login', { body: { email: org.users.VIEWER.email, password: 'wrong' } });
    await call(h.base, 'GET', '/api/v1/me');
    const r = await call(h.base, 'GET', '/metrics');
    expectStatus(r, 200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = r.body as string;
    expect(text).toContain('# TYPE amms_http_request_duration_seconds histogram');
    // labelled by the route pattern, not the raw url (bounded cardinality)
    expect(text).toMatch(
      /amms_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/me"[^}]*status="401"[^}]*\} [1-9]/,
    );
    expect(text).toMatch(/amms_auth_logins_total\{outcome="success"\} [1-9]/);
    expect(text).toMatch(/amms_auth_logins_total\{outcome="failure"\} [1-9]/);
    expect(text).not.toContain(org.id);
  });

  it('/api/docs-json is OpenAPI 3 with the login request body schema', async () => {
    const r = await call(h.base, 'GET', '/api/docs-json');
    expectStatus(r, 200);
    const doc = r.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    const login = doc.paths['/api/v1/auth/login']?.post;
    expect(login).toBeDefined();
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.properties.email.type).toBe('string');
    expect(schema.properties.password.type).toBe('string');
    // every org route is documented under its path
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/orgs/{orgId}/members', '/api/v1/orgs/{orgId}/members/{id}']),
    );
  });
});
