import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMeResponse } from '@amms/contracts/auth';
import { ZPasswordResetResponse } from '@amms/contracts/members';
import { PASSWORD, call, createOrg, login, startApp, type Harness, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/** A small limit so the rate-limit test needs few (hashing) requests; the other tests stay far below it. */
const RESETS_PER_ADMIN = 6;
let h: Harness;

beforeAll(async () => {
  h = await startApp({ PASSWORD_RESETS_PER_ADMIN: String(RESETS_PER_ADMIN) });
});
afterAll(() => h?.close());

const NEW_PASSWORD = 'after-the-reset-harvest-9';
const reset = (token: string, orgId: string, membershipId: string) =>
  call(h.base, 'POST', orgPath(orgId, `/members/${membershipId}/password-reset`), { token });
const loginRaw = (email: string, password: string) =>
  call(h.base, 'POST', '/api/v1/auth/login', { body: { email, password } });
const adminToken = async (org: TestOrg) => (await login(h.base, org.users.ADMIN.email)).accessToken;

describe('POST /members/:id/password-reset', () => {
  it('gives a one-time password once, signs the user out everywhere, and the forced change follows', async () => {
    const org = await createOrg(h.db, 'reset');
    const target = org.users.OPERATOR;
    const before = await login(h.base, target.email);
    const admin = await adminToken(org);

    const r = await reset(admin, org.id, target.membershipId);
    expectStatus(r, 200);
    const body = ZPasswordResetResponse.parse(r.body);
    expect(body.member.id).toBe(target.membershipId);
    // the same shape as a new member's one-time password (the same generator)
    expect(body.oneTimePassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(r.headers.get('idempotent-replayed')).toBeNull();

    // every session of the user is gone: access token and refresh token
    expectError(await call(h.base, 'GET', '/api/v1/me', { token: before.accessToken }), 401, 'TOKEN_INVALID');
    expectStatus(
      await call(h.base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken: before.refreshToken } }),
      401,
    );
    const revoked = await h.db.refreshToken.findMany({ where: { userId: target.id } });
    expect(revoked.length).toBeGreaterThan(0);
    expect(revoked.every((t) => t.revokedAt !== null && t.revokeReason === 'PASSWORD_RESET')).toBe(true);

    // the old password no longer works; the one-time one does, and holds the user at the change
    expectError(await loginRaw(target.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
    const t = await login(h.base, target.email, body.oneTimePassword);
    expect(
      ZMeResponse.parse((await call(h.base, 'GET', '/api/v1/me', { token: t.accessToken })).body).user
        .mustChangePassword,
    ).toBe(true);
    expectError(
      await call(h.base, 'GET', orgPath(org.id, '/jobs'), { token: t.accessToken }),
      403,
      'PASSWORD_CHANGE_REQUIRED',
    );
    const changed = await call(h.base, 'POST', '/api/v1/me/password', {
      token: t.accessToken,
      body: { currentPassword: body.oneTimePassword, newPassword: NEW_PASSWORD },
    });
    expectStatus(changed, 204);
    expectStatus(await call(h.base, 'GET', orgPath(org.id, '/jobs'), { token: t.accessToken }), 200);

    // audited on the org chain, without any secret
    const events = await h.db.auditEvent.findMany({ where: { chain: org.id, action: 'member.password_reset' } });
    expect(events).toHaveLength(1);
    expect(events[0]?.entityId).toBe(target.membershipId);
    expect(events[0]?.actorUserId).toBe(org.users.ADMIN.id);
    const stored = JSON.stringify(events[0]);
    expect(stored).not.toContain(body.oneTimePassword);
    expect(stored).not.toContain('scrypt$');
    expect((events[0]?.data as { sessionTokensRevoked: number }).sessionTokensRevoked).toBeGreaterThan(0);
    // nothing of it in the idempotency table either
    expect(await h.db.idempotencyKey.count({ where: { path: { contains: '/password-reset' } } })).toBe(0);
  });

  it('a repeat issues a newer password: the older one stops working (no stored answer is replayed)', async () => {
    const org = await createOrg(h.db, 'reset');
    const target = org.users.VIEWER;
    const admin = await adminToken(org);
    const key = randomUUID();
    const first = ZPasswordResetResponse.parse(
      (
        await call(h.base, 'POST', orgPath(org.id, `/members/${target.membershipId}/password-reset`), {
          token: admin,
          headers: { 'idempotency-key': key },
        })
      ).body,
    );
    const again = await call(h.base, 'POST', orgPath(org.id, `/members/${target.membershipId}/password-reset`), {
      token: admin,
      headers: { 'idempotency-key': key },
    });
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    const second = ZPasswordResetResponse.parse(again.body);
    expect(second.oneTimePassword).not.toBe(first.oneTimePassword);
    expectError(await loginRaw(target.email, first.oneTimePassword), 401, 'INVALID_CREDENTIALS');
    expectStatus(await loginRaw(target.email, second.oneTimePassword), 200);
  });

  it('refuses one’s own membership (403 CANNOT_CHANGE_SELF) and changes nothing', async () => {
    const org = await createOrg(h.db, 'reset');
    const admin = await adminToken(org);
    const r = await reset(admin, org.id, org.users.ADMIN.membershipId);
    expectError(r, 403, 'CANNOT_CHANGE_SELF');
    expect(r.body.error.details).toEqual({ fields: ['password'] });
    expectStatus(await loginRaw(org.users.ADMIN.email, PASSWORD), 200);
  });

  it('another org’s member, an unknown id and a removed member are 404', async () => {
    const org = await createOrg(h.db, 'reset');
    const other = await createOrg(h.db, 'reset');
    const admin = await adminToken(org);
    expectError(await reset(admin, org.id, other.users.OPERATOR.membershipId), 404, 'NOT_FOUND');
    expectError(await reset(admin, org.id, randomUUID()), 404, 'NOT_FOUND');
    expectStatus(
      await call(h.base, 'DELETE', orgPath(org.id, `/members/${org.users.VIEWER.membershipId}`), { token: admin }),
      204,
    );
    expectError(await reset(admin, org.id, org.users.VIEWER.membershipId), 404, 'NOT_FOUND');
    // the other org's member still signs in with their password
    expectStatus(await loginRaw(other.users.OPERATOR.email, PASSWORD), 200);
  });

  it('refuses a user other organizations rely on, or a platform admin (403 PASSWORD_RESET_NOT_ALLOWED)', async () => {
    const org = await createOrg(h.db, 'reset');
    const other = await createOrg(h.db, 'reset');
    const admin = await adminToken(org);
    // the other org's mechanic also joins this org
    const shared = other.users.MECHANIC;
    const m = await h.db.membership.create({
      data: { organizationId: org.id, userId: shared.id, role: 'MECHANIC', dataScope: 'TEAM' },
    });
    const r = await reset(admin, org.id, m.id);
    expectError(r, 403, 'PASSWORD_RESET_NOT_ALLOWED');
    expect(r.body.error.details).toEqual({ reason: 'OTHER_ORGANIZATIONS' });
    expectStatus(await loginRaw(shared.email, PASSWORD), 200);
    // once removed from the other org, this org owns the account alone: allowed
    await h.db.membership.update({
      where: { organizationId_userId: { organizationId: other.id, userId: shared.id } },
      data: { status: 'REMOVED' },
    });
    expectStatus(await reset(admin, org.id, m.id), 200);

    await h.db.user.update({ where: { id: org.users.VIEWER.id }, data: { isPlatformAdmin: true } });
    const p = await reset(admin, org.id, org.users.VIEWER.membershipId);
    expectError(p, 403, 'PASSWORD_RESET_NOT_ALLOWED');
    expect(p.body.error.details).toEqual({ reason: 'PLATFORM_ADMIN' });
    expectStatus(await loginRaw(org.users.VIEWER.email, PASSWORD), 200);
  });

  it('an admin cannot reset an owner (403 FORBIDDEN); roles without member.manage get 403 FORBIDDEN', async () => {
    const org = await createOrg(h.db, 'reset');
    const admin = await adminToken(org);
    expectError(await reset(admin, org.id, org.users.OWNER.membershipId), 403, 'FORBIDDEN');
    const dispatcher = (await login(h.base, org.users.DISPATCHER.email)).accessToken;
    expectError(await reset(dispatcher, org.id, org.users.OPERATOR.membershipId), 403, 'FORBIDDEN');
    expectStatus(await loginRaw(org.users.OWNER.email, PASSWORD), 200);
    expectStatus(await loginRaw(org.users.OPERATOR.email, PASSWORD), 200);
    // the owner can reset the admin
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    expectStatus(await reset(owner, org.id, org.users.ADMIN.membershipId), 200);
  });

  it(`is rate-limited per acting user (${RESETS_PER_ADMIN} per window → 429)`, async () => {
    const org = await createOrg(h.db, 'reset');
    const admin = await adminToken(org);
    for (let i = 0; i < RESETS_PER_ADMIN; i++)
      expectStatus(await reset(admin, org.id, org.users.VIEWER.membershipId), 200);
    const r = await reset(admin, org.id, org.users.VIEWER.membershipId);
    expectError(r, 429, 'RATE_LIMITED');
    // another admin (the owner) is counted separately
    const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
    expectStatus(await reset(owner, org.id, org.users.VIEWER.membershipId), 200);
  });
});
