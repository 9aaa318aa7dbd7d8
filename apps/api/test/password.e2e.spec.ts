import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ZMeResponse, ZOrgsResponse } from '@amms/contracts/auth';
import { ZAddMemberResponse } from '@amms/contracts/members';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { PASSWORD, call, createOrg, login, testConfig, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { TEST_REDIS_URL } from './env.js';
import { appForFile } from './support/world.js';

const h = appForFile();
const redis = new Redis(TEST_REDIS_URL);
afterAll(() => redis.disconnect());
const maxFailures = testConfig().auth.loginMaxFailuresPerEmail;

const NEW_PASSWORD = 'a-new-harvest-password-7';

const change = (token: string, body: unknown) => call(h.base, 'POST', '/api/v1/me/password', { token, body });
const me = (token: string) => call(h.base, 'GET', '/api/v1/me', { token });
const refresh = (refreshToken: string) => call(h.base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken } });
const loginRaw = (email: string, password: string) =>
  call(h.base, 'POST', '/api/v1/auth/login', { body: { email, password } });
const platformEvents = (userId: string, action: string) =>
  h.db.auditEvent.findMany({
    where: { chain: 'platform', entityType: 'user', entityId: userId, action },
    orderBy: { seq: 'asc' },
  });

/** An org owner adds a brand-new user: the one-time password of the response, like the admin page does. */
async function addNewMember(org: TestOrg): Promise<{ email: string; userId: string; oneTimePassword: string }> {
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  const email = `otp-${randomUUID().slice(0, 8)}@pwd.test`;
  const r = await call(h.base, 'POST', orgPath(org.id, '/members'), {
    token: owner,
    body: { email, name: 'New Hand', role: 'DISPATCHER' },
  });
  expectStatus(r, 201);
  const body = ZAddMemberResponse.parse(r.body);
  const user = await h.db.user.findUniqueOrThrow({ where: { email } });
  return { email, userId: user.id, oneTimePassword: body.oneTimePassword! };
}

describe('a new member on a one-time password', () => {
  it('is held at the change-password routes until the password is changed, then works everywhere', async () => {
    const org = await createOrg(h.db, 'pwd');
    const { email, userId, oneTimePassword } = await addNewMember(org);

    const t = await login(h.base, email, oneTimePassword);
    const first = ZMeResponse.parse((await me(t.accessToken)).body);
    expect(first.user.mustChangePassword).toBe(true);
    expect(first.memberships.map((m) => m.organization.id)).toEqual([org.id]);

    // every other route refuses them, org routes and outside-org routes alike, whatever the org id
    expectError(
      await call(h.base, 'GET', orgPath(org.id, '/members'), { token: t.accessToken }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    expectError(
      await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: t.accessToken, body: { name: 'x' } }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    expectError(
      await call(h.base, 'GET', orgPath(randomUUID(), '/assets'), { token: t.accessToken }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    expectError(await call(h.base, 'GET', '/api/v1/orgs', { token: t.accessToken }), 403, 'PASSWORD_CHANGE_REQUIRED');
    // refresh (public) still works: the change screen must survive an access token expiring
    const rotated = await refresh(t.refreshToken);
    expectStatus(rotated, 200);
    const token = rotated.body.accessToken as string;

    expectStatus(await change(token, { currentPassword: oneTimePassword, newPassword: NEW_PASSWORD }), 204);

    const after = ZMeResponse.parse((await me(token)).body);
    expect(after.user.mustChangePassword).toBe(false);
    // the same session goes on, now allowed everywhere its role allows
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/members'), { token }), 200);
    expect(ZOrgsResponse.parse((await call(h.base, 'GET', '/api/v1/orgs', { token })).body).items).toHaveLength(1);
    // the one-time password is gone, the new one signs in
    expectError(await loginRaw(email, oneTimePassword), 401, 'INVALID_CREDENTIALS');
    const again = await loginRaw(email, NEW_PASSWORD);
    expectStatus(again, 200);
    expect(again.body.user.mustChangePassword).toBe(false);

    const stored = await h.db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(stored.mustChangePassword).toBe(false);
    expect(stored.passwordHash).not.toContain(NEW_PASSWORD);
    const events = await platformEvents(userId, 'auth.password.changed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorType: 'USER', actorUserId: userId, organizationId: null });
    expect(events[0]!.data).toMatchObject({ wasOneTimePassword: true });
    expect(JSON.stringify(events[0])).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(events[0])).not.toContain(oneTimePassword);
  });

  it('can sign out before changing it', async () => {
    const org = await createOrg(h.db, 'pwd');
    const { email, oneTimePassword } = await addNewMember(org);
    const t = await login(h.base, email, oneTimePassword);
    expectStatus(
      await call(h.base, 'POST', '/api/v1/auth/logout', {
        token: t.accessToken,
        body: { refreshToken: t.refreshToken },
      }),
      204,
    );
    expectError(await me(t.accessToken), 401, 'TOKEN_INVALID');
  });

  it('API keys are not held back by a flagged user (not even the key creator)', async () => {
    const org = await createOrg(h.db, 'pwd');
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const created = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body: { name: 'sync', scopes: ['member.read'] },
    });
    expectStatus(created, 201);
    const { key } = ZCreateApiKeyResponse.parse(created.body);

    await h.db.user.update({ where: { id: org.users.OWNER.id }, data: { mustChangePassword: true } });
    // the flag is read with the session on every request: the owner's live token is held at once
    expectError(
      await call(h.base, 'GET', orgPath(org.id, '/members'), { token: owner }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    const asKey = await call(h.base, 'GET', orgPath(org.id, '/members'), { apiKey: key });
    expectStatus(asKey, 200);
    expect(asKey.body.items).toHaveLength(7);
    // and an unrelated member of the same org is not affected either
    const viewer = (await login(h.base, org.users.VIEWER.email)).accessToken;
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/members'), { token: viewer }), 200);
  });
});

describe('POST /me/password', () => {
  it('a wrong current password is a 400 CURRENT_PASSWORD_INCORRECT, changes nothing and is audited', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.DISPATCHER;
    const t = await login(h.base, u.email);
    const before = await h.db.user.findUniqueOrThrow({ where: { id: u.id } });

    const r = await change(t.accessToken, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expectError(r, 400, 'CURRENT_PASSWORD_INCORRECT');
    // still signed in: the form says "wrong", not "session gone"
    expectStatus(await me(t.accessToken), 200);
    expect((await h.db.user.findUniqueOrThrow({ where: { id: u.id } })).passwordHash).toBe(before.passwordHash);
    expectStatus(await loginRaw(u.email, PASSWORD), 200);
    expect(await platformEvents(u.id, 'auth.password.change_failed')).toHaveLength(1);
    expect(await platformEvents(u.id, 'auth.password.changed')).toHaveLength(0);
  });

  it('one guess per try: a wrong current password with the real one as the new password is a 400, counted, not a 204', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.DISPATCHER;
    const t = await login(h.base, u.email);
    // a thief with the access token guessing the password in BOTH fields: only currentPassword is checked
    const r = await change(t.accessToken, { currentPassword: 'my-first-guess-2026', newPassword: PASSWORD });
    expectError(r, 400, 'CURRENT_PASSWORD_INCORRECT');
    expect(await platformEvents(u.id, 'auth.password.change_failed')).toHaveLength(1);
    expect(Number(await redis.get(`amms:v1:rl:password:user:${u.id}`))).toBe(1);
  });

  it('repeating a change that landed (a lost answer) is a 400 CURRENT_PASSWORD_INCORRECT and changes nothing', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.DISPATCHER;
    const t = await login(h.base, u.email);
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    expectStatus(await change(t.accessToken, body), 204);
    const stored = (await h.db.user.findUniqueOrThrow({ where: { id: u.id } })).passwordHash;
    const other = await login(h.base, u.email, NEW_PASSWORD); // a session opened after the change

    expectError(await change(t.accessToken, body), 400, 'CURRENT_PASSWORD_INCORRECT');
    expect((await h.db.user.findUniqueOrThrow({ where: { id: u.id } })).passwordHash).toBe(stored);
    expect(await platformEvents(u.id, 'auth.password.changed')).toHaveLength(1);
    expectStatus(await me(other.accessToken), 200); // not signed out by the repeat
  });

  it('a weak new password is a 422 PASSWORD_TOO_WEAK with every reason', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.OPERATOR;
    const t = await login(h.base, u.email);
    const weak = async (newPassword: string, reasons: string[]) => {
      const r = await change(t.accessToken, { currentPassword: PASSWORD, newPassword });
      expectError(r, 422, 'PASSWORD_TOO_WEAK');
      expect(r.body.error.details).toEqual({ reasons });
    };
    await weak('short1', ['TOO_SHORT']);
    await weak('aaaaaaaaaaaa', ['TOO_FEW_DISTINCT']);
    await weak('Password123', ['TOO_COMMON']);
    // the email's local part (operator-xxxx) inside the password
    await weak(`my ${u.email.split('@')[0]} pw`, ['CONTAINS_EMAIL']);
    await weak('abab', ['TOO_SHORT', 'TOO_FEW_DISTINCT']);
    expectStatus(await loginRaw(u.email, PASSWORD), 200);
  });

  it('the same password again is a 422 PASSWORD_REUSED (NFKC-equal counts as the same)', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.MECHANIC;
    const t = await login(h.base, u.email);
    expectError(
      await change(t.accessToken, { currentPassword: PASSWORD, newPassword: PASSWORD }),
      422,
      'PASSWORD_REUSED',
    );
    // full-width letters normalize to the same password the hash was made from
    const fullWidth = Array.from(PASSWORD, (c) =>
      /[a-z]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c,
    ).join('');
    expect(fullWidth).not.toBe(PASSWORD);
    expectError(
      await change(t.accessToken, { currentPassword: PASSWORD, newPassword: fullWidth }),
      422,
      'PASSWORD_REUSED',
    );
  });

  it('malformed bodies are a 400 VALIDATION_FAILED naming the fields', async () => {
    const org = await createOrg(h.db, 'pwd');
    const t = await login(h.base, org.users.VIEWER.email);
    const r = await change(t.accessToken, { currentPassword: '', newPassword: 'x'.repeat(201), extra: 1 });
    expectError(r, 400, 'VALIDATION_FAILED');
    const paths = (r.body.error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(expect.arrayContaining(['currentPassword', 'newPassword']));
  });

  it('signs out every other session of the user; this one stays', async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.ACCOUNTANT;
    const here = await login(h.base, u.email);
    const phone = await login(h.base, u.email);
    const laptop = await login(h.base, u.email);
    const other = await login(h.base, org.users.VIEWER.email);

    expectStatus(await change(here.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), 204);

    // the other sessions: access tokens refused at once (the guard checks the session), refresh refused
    expectError(await me(phone.accessToken), 401, 'TOKEN_INVALID');
    expectError(await me(laptop.accessToken), 401, 'TOKEN_INVALID');
    expectError(await refresh(phone.refreshToken), 401, 'TOKEN_INVALID');
    // this session: both tokens keep working
    expectStatus(await me(here.accessToken), 200);
    expectStatus(await refresh(here.refreshToken), 200);
    // someone else's session is untouched
    expectStatus(await me(other.accessToken), 200);

    const revoked = await h.db.refreshToken.findMany({ where: { userId: u.id, revokeReason: 'PASSWORD_CHANGED' } });
    expect(revoked).toHaveLength(2);
    const [event] = await platformEvents(u.id, 'auth.password.changed');
    expect(event!.data).toMatchObject({ wasOneTimePassword: false, otherSessionTokensRevoked: 2 });
  });

  it(`counts wrong current passwords per user: after ${maxFailures} the right one is refused too (429)`, async () => {
    const org = await createOrg(h.db, 'pwd');
    const u = org.users.ADMIN;
    const t = await login(h.base, u.email);
    for (let i = 0; i < maxFailures; i++) {
      expectError(
        await change(t.accessToken, { currentPassword: `wrong-${i}`, newPassword: NEW_PASSWORD }),
        400,
        'CURRENT_PASSWORD_INCORRECT',
      );
    }
    const limited = await change(t.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expectStatus(await loginRaw(u.email, PASSWORD), 200);

    // once the window has passed (the counter key gone), the right password goes through
    await redis.del(`amms:v1:rl:password:user:${u.id}`);
    expectStatus(await change(t.accessToken, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }), 204);
  });

  it('is for signed-in users only (no token 401, an API key 403)', async () => {
    const org = await createOrg(h.db, 'pwd');
    expectError(
      await call(h.base, 'POST', '/api/v1/me/password', {
        body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      }),
      401,
      'UNAUTHENTICATED',
    );
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    const { key } = ZCreateApiKeyResponse.parse(
      (
        await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
          token: owner,
          body: { name: 'k', scopes: ['member.read'] },
        })
      ).body,
    );
    expectError(
      await call(h.base, 'POST', '/api/v1/me/password', {
        apiKey: key,
        body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      }),
      403,
      'FORBIDDEN',
    );
  });
});
