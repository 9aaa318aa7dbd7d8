import { createHash, createHmac, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ZLoginResponse, ZMeResponse, ZOrgsResponse, ZTokenPair } from '@amms/contracts/auth';
import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { PASSWORD, call, createOrg, login, startApp, testConfig } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { TEST_REDIS_URL } from './env.js';
import { appForFile } from './support/world.js';

const h = appForFile();
const redis = new Redis(TEST_REDIS_URL);
afterAll(() => redis.disconnect());
const secret = testConfig().auth.accessSecret;
const maxFailures = testConfig().auth.loginMaxFailuresPerEmail;

const loginRaw = (email: string, password: string) =>
  call(h.base, 'POST', '/api/v1/auth/login', { body: { email, password } });
const refresh = (refreshToken: string) => call(h.base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken } });
const me = (token: string) => call(h.base, 'GET', '/api/v1/me', { token });

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An HS256 JWT signed independently of the app, to forge expiry and secrets. */
function signJwt(payload: Record<string, unknown>, key = secret): string {
  const head = b64url({ alg: 'HS256', typ: 'JWT' });
  const body = b64url(payload);
  const sig = createHmac('sha256', key).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}
/** a fresh address of the IPv6 documentation range: per-IP counters of earlier runs never collide */
const docIp = () => `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
function claimsOf(token: string): { sub: string; sid: string; typ: string; exp: number; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('login', () => {
  it('returns tokens, the user and their active memberships with permissions', async () => {
    const org = await createOrg(h.db, 'auth');
    const r = await loginRaw(org.users.DISPATCHER.email.toUpperCase(), PASSWORD);
    expectStatus(r, 200);
    const body = ZLoginResponse.parse(r.body);
    expect(body.user).toMatchObject({ id: org.users.DISPATCHER.id, email: org.users.DISPATCHER.email });
    expect(body.memberships).toHaveLength(1);
    expect(body.memberships[0]).toMatchObject({ organization: { id: org.id }, role: 'DISPATCHER', status: 'ACTIVE' });
    expect([...body.memberships[0]!.permissions].sort()).toEqual([...ROLE_PERMISSIONS.DISPATCHER].sort());
    expect(body.expiresIn).toBe(testConfig().auth.accessTtlSeconds);
    const c = claimsOf(body.accessToken);
    expect(c).toMatchObject({ sub: org.users.DISPATCHER.id, typ: 'access' });
    expect(c.exp - c.iat).toBe(body.expiresIn);
    // the response must not carry secrets
    expect(JSON.stringify(r.body)).not.toMatch(/passwordHash|scrypt\$/);
    // the refresh token is stored only as a hash
    const stored = await h.db.refreshToken.findMany({ where: { userId: org.users.DISPATCHER.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(createHash('sha256').update(body.refreshToken).digest('hex'));
  });

  it('wrong password and unknown email answer identically (401 INVALID_CREDENTIALS)', async () => {
    const org = await createOrg(h.db, 'auth');
    const wrong = await loginRaw(org.users.OWNER.email, 'not-the-password');
    const unknown = await loginRaw(`nobody-${randomUUID()}@nowhere.test`, 'not-the-password');
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
    expectError(unknown, 401, 'INVALID_CREDENTIALS');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
    expect(Object.keys(unknown.body.error).sort()).toEqual(Object.keys(wrong.body.error).sort());
    expect(await h.db.refreshToken.count({ where: { userId: org.users.OWNER.id } })).toBe(0);
  });

  it('invalid input is a 400 with the failing fields, not a credential check', async () => {
    const r = await call(h.base, 'POST', '/api/v1/auth/login', { body: { email: 'not-an-email', password: '' } });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });

  it(`past ${maxFailures} failures for an email wrong passwords get 429 + retry-after, but the right one still signs in`, async () => {
    const org = await createOrg(h.db, 'auth');
    const email = org.users.VIEWER.email;
    for (let i = 0; i < maxFailures; i++) expectError(await loginRaw(email, `wrong-${i}`), 401, 'INVALID_CREDENTIALS');

    const limited = await loginRaw(email, 'wrong-again');
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(testConfig().auth.loginWindowSeconds);
    // the failures are counted in Redis with the window as TTL
    const key = `amms:v1:rl:login:email:${createHash('sha256').update(email).digest('hex').slice(0, 32)}`;
    expect(Number(await redis.get(key))).toBe(maxFailures + 1);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(testConfig().auth.loginWindowSeconds);

    // ten wrong guesses by someone else do not lock the owner of the account out
    const right = await loginRaw(email, PASSWORD);
    expectStatus(right, 200);
    ZLoginResponse.parse(right.body);
    // a success clears the count: the next mistake is an ordinary 401 again
    expect(await redis.get(key)).toBeNull();
    expectError(await loginRaw(email, 'typo'), 401, 'INVALID_CREDENTIALS');
    // every failure is audited, limited or not
    const failed = await h.db.auditEvent.count({
      where: { organizationId: null, action: 'auth.login.failed', entityId: org.users.VIEWER.id },
    });
    expect(failed).toBe(maxFailures + 2);
  });

  it('concurrent failures are each counted: no more than the limit are answered 401, and the right password still works', async () => {
    const org = await createOrg(h.db, 'auth');
    const email = org.users.VIEWER.email;
    const results = await Promise.all(Array.from({ length: 3 * maxFailures }, (_, i) => loginRaw(email, `guess-${i}`)));
    const checked = results.filter((r) => r.status === 401);
    const limited = results.filter((r) => r.status === 429);
    expect(checked.length).toBe(maxFailures);
    expect(checked.length + limited.length).toBe(results.length);
    for (const r of limited) expectError(r, 429, 'RATE_LIMITED');
    expectStatus(await loginRaw(email, PASSWORD), 200);
  });

  it('the per-IP limit still refuses every attempt from that address, the right password included', async () => {
    const perIp = 4;
    const limited = await startApp({ LOGIN_MAX_ATTEMPTS_PER_IP: String(perIp), TRUSTED_PROXIES: '127.0.0.1' });
    try {
      const org = await createOrg(limited.db, 'auth');
      const ip = docIp();
      const from = (addr: string, password: string) =>
        call(limited.base, 'POST', '/api/v1/auth/login', {
          body: { email: org.users.OWNER.email, password },
          headers: { 'x-forwarded-for': addr },
        });
      for (let i = 0; i < perIp; i++) expectError(await from(ip, `wrong-${i}`), 401, 'INVALID_CREDENTIALS');
      const r = await from(ip, PASSWORD);
      expectError(r, 429, 'RATE_LIMITED');
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      // the account itself is not locked: another address signs in
      expectStatus(await from(docIp(), PASSWORD), 200);
    } finally {
      await limited.close();
    }
  });

  it('unknown emails are limited the same way (no enumeration through the limiter)', async () => {
    const email = `ghost-${randomUUID()}@nowhere.test`;
    for (let i = 0; i < maxFailures; i++) expectError(await loginRaw(email, 'x'), 401, 'INVALID_CREDENTIALS');
    expectError(await loginRaw(email, 'x'), 429, 'RATE_LIMITED');
  });
});

describe('refresh', () => {
  it('rotates: a new pair, the old refresh token is then reuse and kills the whole session', async () => {
    const org = await createOrg(h.db, 'auth');
    const first = await login(h.base, org.users.OWNER.email);

    const r1 = await refresh(first.refreshToken);
    expectStatus(r1, 200);
    const second = ZTokenPair.parse(r1.body);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(claimsOf(second.accessToken).sid).toBe(claimsOf(first.accessToken).sid);
    expectStatus(await me(second.accessToken), 200);

    // replay of the rotated token
    expectError(await refresh(first.refreshToken), 401, 'REFRESH_TOKEN_REUSED');
    // …revoked the family: the newer refresh token and the session's access tokens are dead
    const r2 = await refresh(second.refreshToken);
    expect(r2.status).toBe(401);
    expectError(await me(second.accessToken), 401, 'TOKEN_INVALID');
    expectError(await me(first.accessToken), 401, 'TOKEN_INVALID');

    const family = await h.db.refreshToken.findMany({ where: { familyId: claimsOf(first.accessToken).sid } });
    expect(family).toHaveLength(2);
    expect(family.every((t) => t.revokedAt !== null && t.revokeReason === 'REUSE')).toBe(true);

    // another session of the same user is untouched
    const other = await login(h.base, org.users.OWNER.email);
    expectStatus(await me(other.accessToken), 200);
  });

  it('concurrent refreshes of one token: at most one succeeds', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(t.refreshToken)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(401);
      expect(['REFRESH_TOKEN_REUSED', 'TOKEN_INVALID']).toContain(r.body.error.code);
    }
    const parent = await h.db.refreshToken.findUniqueOrThrow({
      where: { tokenHash: createHash('sha256').update(t.refreshToken).digest('hex') },
    });
    expect(await h.db.refreshToken.count({ where: { parentId: parent.id } })).toBeLessThanOrEqual(1);
  });

  it('an unknown refresh token is TOKEN_INVALID; a malformed one is a 400', async () => {
    expectError(await refresh(`rt_${'x'.repeat(43)}`), 401, 'TOKEN_INVALID');
    expectError(await refresh('short'), 400, 'VALIDATION_FAILED');
  });

  it('an expired refresh token is TOKEN_EXPIRED', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    await h.db.refreshToken.updateMany({
      where: { familyId: claimsOf(t.accessToken).sid },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expectError(await refresh(t.refreshToken), 401, 'TOKEN_EXPIRED');
  });
});

describe('access tokens', () => {
  it('no Authorization header → 401 UNAUTHENTICATED (org route and /me)', async () => {
    const org = await createOrg(h.db, 'auth');
    expectError(await call(h.base, 'GET', '/api/v1/me'), 401, 'UNAUTHENTICATED');
    expectError(await call(h.base, 'GET', orgPath(org.id, '/members')), 401, 'UNAUTHENTICATED');
    expectError(
      await call(h.base, 'GET', '/api/v1/me', { headers: { authorization: 'Basic dXNlcjpwdw==' } }),
      401,
      'UNAUTHENTICATED',
    );
  });

  it('garbage → 401 TOKEN_INVALID', async () => {
    expectError(await me('garbage'), 401, 'TOKEN_INVALID');
    expectError(await me('a.b.c'), 401, 'TOKEN_INVALID');
  });

  it('a token signed by us with a past exp → 401 TOKEN_EXPIRED; the same claims unexpired work', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    const { sub, sid } = claimsOf(t.accessToken);
    const now = Math.floor(Date.now() / 1000);
    // control: our hand-made signature is accepted, so the refusal below is about expiry alone
    expectStatus(await me(signJwt({ sub, sid, typ: 'access', iat: now, exp: now + 60 })), 200);
    expectError(await me(signJwt({ sub, sid, typ: 'access', iat: now - 3600, exp: now - 60 })), 401, 'TOKEN_EXPIRED');
  });

  it('a wrong secret, alg none, a wrong typ or an unknown session → 401 TOKEN_INVALID', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    const { sub, sid } = claimsOf(t.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub, sid, typ: 'access', iat: now, exp: now + 60 };
    expectError(await me(signJwt(claims, 'another-secret-another-secret-another-1')), 401, 'TOKEN_INVALID');
    expectError(await me(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`), 401, 'TOKEN_INVALID');
    expectError(await me(signJwt({ ...claims, typ: 'refresh' })), 401, 'TOKEN_INVALID');
    expectError(await me(signJwt({ ...claims, sid: randomUUID() })), 401, 'TOKEN_INVALID');
    expectError(await me(signJwt({ ...claims, sub: org.users.VIEWER.id })), 401, 'TOKEN_INVALID');
  });

  it('logout revokes the session: its access and refresh tokens are refused after', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    const other = await login(h.base, org.users.OWNER.email);
    expectStatus(await me(t.accessToken), 200);
    const out = await call(h.base, 'POST', '/api/v1/auth/logout', {
      token: t.accessToken,
      body: { refreshToken: t.refreshToken },
    });
    expectStatus(out, 204);
    expectError(await me(t.accessToken), 401, 'TOKEN_INVALID');
    expect((await refresh(t.refreshToken)).status).toBe(401);
    // only that session
    expectStatus(await me(other.accessToken), 200);
  });

  it('logout without a body ends the session of the access token', async () => {
    const org = await createOrg(h.db, 'auth');
    const t = await login(h.base, org.users.OWNER.email);
    expectStatus(await call(h.base, 'POST', '/api/v1/auth/logout', { token: t.accessToken }), 204);
    expectError(await me(t.accessToken), 401, 'TOKEN_INVALID');
    expect((await refresh(t.refreshToken)).status).toBe(401);
  });

  it("logout with someone else's refresh token does not end their session", async () => {
    const org = await createOrg(h.db, 'auth');
    const mine = await login(h.base, org.users.OWNER.email);
    const theirs = await login(h.base, org.users.VIEWER.email);
    expectStatus(
      await call(h.base, 'POST', '/api/v1/auth/logout', {
        token: mine.accessToken,
        body: { refreshToken: theirs.refreshToken },
      }),
      204,
    );
    expectStatus(await me(theirs.accessToken), 200);
    expectStatus(await refresh(theirs.refreshToken), 200);
  });

  it('logout needs a session', async () => {
    expectError(await call(h.base, 'POST', '/api/v1/auth/logout', { body: {} }), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /me and /orgs', () => {
  it('show the user and only their active memberships', async () => {
    const a = await createOrg(h.db, 'auth');
    const b = await createOrg(h.db, 'auth');
    // the ADMIN of A is also a (suspended) VIEWER of B: B must not be listed
    await h.db.membership.create({
      data: { organizationId: b.id, userId: a.users.ADMIN.id, role: 'VIEWER', dataScope: 'ORG', status: 'SUSPENDED' },
    });
    const t = await login(h.base, a.users.ADMIN.email);

    const m = await me(t.accessToken);
    expectStatus(m, 200);
    const meBody = ZMeResponse.parse(m.body);
    expect(meBody.user.id).toBe(a.users.ADMIN.id);
    expect(meBody.memberships.map((x) => x.organization.id)).toEqual([a.id]);

    const o = await call(h.base, 'GET', '/api/v1/orgs', { token: t.accessToken });
    expectStatus(o, 200);
    const orgs = ZOrgsResponse.parse(o.body);
    expect(orgs.items.map((x) => [x.organization.id, x.role])).toEqual([[a.id, 'ADMIN']]);

    await h.db.membership.updateMany({
      where: { organizationId: b.id, userId: a.users.ADMIN.id },
      data: { status: 'ACTIVE' },
    });
    const again = ZOrgsResponse.parse((await call(h.base, 'GET', '/api/v1/orgs', { token: t.accessToken })).body);
    expect(again.items.map((x) => x.organization.id).sort()).toEqual([a.id, b.id].sort());
  });
});
