import { beforeEach, describe, expect, it } from 'vitest';
import { call, createOrg, login, type Res, type TestOrg } from './harness.js';
import { appForFile } from './support/world.js';
import { expectError, orgPath } from './assertions.js';

const h = appForFile();

/** What a request could have written in this org. */
async function footprint(orgId: string) {
  const [members, teams, keys, audit, idempotencyKeys] = await Promise.all([
    h.db.membership.count({ where: { organizationId: orgId } }),
    h.db.team.count({ where: { organizationId: orgId } }),
    h.db.apiKey.count({ where: { organizationId: orgId } }),
    h.db.auditEvent.count({ where: { organizationId: orgId } }),
    h.db.idempotencyKey.count({ where: { scope: { startsWith: `${orgId}:` } } }),
  ]);
  return { members, teams, keys, audit, idempotencyKeys };
}

/** No stack frames, source paths or internals in what the client sees. */
function expectNoLeak(r: Res) {
  const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  expect(text).not.toMatch(/\bat [\w$.<>]+ \(|\n\s+at |\.ts:\d+|\.js:\d+|node_modules|\/work\/|\/src\//);
  expect(text).not.toMatch(/prisma|SyntaxError|stack/i);
}

describe('malformed requests are refused with stable codes and write nothing', () => {
  // a fresh org (and its owner's token) for every test
  let org: TestOrg;
  let token: string;
  beforeEach(async () => {
    org = await createOrg(h.db, 'err');
    token = (await login(h.base, org.users.OWNER.email)).accessToken;
  });

  const cases: [string, () => Promise<Res>, number, string][] = [
    [
      'malformed JSON',
      () => call(h.base, 'POST', orgPath(org.id, '/teams'), { token, rawBody: '{"name": "x",' }),
      400,
      'MALFORMED_JSON',
    ],
    [
      'empty JSON body',
      () => call(h.base, 'POST', orgPath(org.id, '/teams'), { token, rawBody: '' }),
      400,
      'MALFORMED_JSON',
    ],
    [
      'malformed JSON on a public route',
      () => call(h.base, 'POST', '/api/v1/auth/login', { rawBody: '{email' }),
      400,
      'MALFORMED_JSON',
    ],
    [
      '2 MB body',
      () =>
        call(h.base, 'POST', orgPath(org.id, '/teams'), {
          token,
          body: { name: 'big', description: 'x'.repeat(2 * 1024 * 1024) },
        }),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'text/plain',
      () =>
        call(h.base, 'POST', orgPath(org.id, '/teams'), {
          token,
          rawBody: 'name=x',
          headers: { 'content-type': 'text/plain' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'form encoded',
      () =>
        call(h.base, 'POST', orgPath(org.id, '/teams'), {
          token,
          rawBody: 'name=x',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['unknown route', () => call(h.base, 'GET', '/api/v1/nope', { token }), 404, 'ROUTE_NOT_FOUND'],
    [
      'unknown method on a known path',
      () => call(h.base, 'PUT', orgPath(org.id, '/teams'), { token, body: { name: 'x' } }),
      404,
      'ROUTE_NOT_FOUND',
    ],
    ['unknown route without a token', () => call(h.base, 'POST', '/api/v1/orgs', { body: {} }), 404, 'ROUTE_NOT_FOUND'],
    [
      'id that is not a uuid',
      () => call(h.base, 'PATCH', orgPath(org.id, '/teams/123'), { token, body: { name: 'x' } }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'bad query',
      () => call(h.base, 'GET', orgPath(org.id, '/members?limit=100000'), { token }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'invalid Idempotency-Key',
      () =>
        call(h.base, 'POST', orgPath(org.id, '/teams'), {
          token,
          body: { name: 'k' },
          headers: { 'idempotency-key': 'has space' },
        }),
      400,
      'IDEMPOTENCY_KEY_INVALID',
    ],
  ];

  it.each(cases)('%s', async (_name, send, status, code) => {
    const before = await footprint(org.id);
    const r = await send();
    expectError(r, status, code);
    expectNoLeak(r);
    expect(await footprint(org.id)).toEqual(before);
  });

  it('wrong types → 400 VALIDATION_FAILED listing every failing field path', async () => {
    const before = await footprint(org.id);
    const r = await call(h.base, 'POST', orgPath(org.id, '/members'), {
      token,
      body: { email: 42, name: ['x'], role: 'KING', dataScope: 'WORLD', teamIds: ['not-a-uuid', 7] },
    });
    expectError(r, 400, 'VALIDATION_FAILED');
    const paths = (r.body.error.details as { path: string; message: string; code: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['dataScope', 'email', 'name', 'role', 'teamIds.0', 'teamIds.1']);
    for (const d of r.body.error.details)
      expect(d).toEqual({ path: expect.any(String), message: expect.any(String), code: expect.any(String) });
    expectNoLeak(r);
    expect(await footprint(org.id)).toEqual(before);
  });

  it('unknown fields are refused, not ignored', async () => {
    const before = await footprint(org.id);
    const r = await call(h.base, 'POST', orgPath(org.id, '/teams'), { token, body: { name: 'x', isAdmin: true } });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(await footprint(org.id)).toEqual(before);
  });

  it('a JSON array or scalar body is a validation error', async () => {
    for (const rawBody of ['[]', '"name"', '42', 'null', '[{"name":"x"}]']) {
      expectError(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token, rawBody }), 400, 'VALIDATION_FAILED');
    }
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe('request ids', () => {
  it('every response carries x-request-id, errors repeat it in the body', async () => {
    for (const r of [
      await call(h.base, 'GET', '/health'),
      await call(h.base, 'GET', '/api/v1/nope'),
      await call(h.base, 'GET', '/api/v1/me'),
    ]) {
      expect(r.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    }
    const r = await call(h.base, 'GET', '/api/v1/me');
    expect(r.body.error.requestId).toBe(r.headers.get('x-request-id'));
  });

  it('a well-formed incoming x-request-id is kept; a hostile one is replaced', async () => {
    const mine = await call(h.base, 'GET', '/api/v1/me', { headers: { 'x-request-id': 'trace-abc.123:xyz' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-abc.123:xyz');
    expect(mine.body.error.requestId).toBe('trace-abc.123:xyz');

    const hostile = await call(h.base, 'GET', '/api/v1/me', {
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(hostile.headers.get('x-request-id')).not.toContain('<');
    expect(hostile.body.error.requestId).toBe(hostile.headers.get('x-request-id'));
  });

  it('distinct requests get distinct ids', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, async () => (await call(h.base, 'GET', '/health')).headers.get('x-request-id')),
    );
    expect(new Set(ids).size).toBe(5);
  });
});
