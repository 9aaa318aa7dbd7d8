import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZAddMemberResponse, ZListMembersResponse, ZMember } from '@amms/contracts/members';
import { ZCreateApiKeyResponse, ZListApiKeysResponse } from '@amms/contracts/api-keys';
import { ZListTeamsResponse, ZTeam } from '@amms/contracts/teams';
import { call, createOrg, login, type Res, type TestOrg } from './harness.js';
import { appForFile, orgApi } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

const h = appForFile();

const { get, patch, del } = orgApi(() => h);
const post = (token: string, org: string, rest: string, body: unknown) =>
  call(h.base, 'POST', orgPath(org, rest), { token, body });
const tokenOf = async (org: TestOrg, role: keyof TestOrg['users']) =>
  (await login(h.base, org.users[role].email)).accessToken;
const activeMembers = (orgId: string) =>
  h.db.membership.count({ where: { organizationId: orgId, status: { not: 'REMOVED' } } });

async function createTeam(token: string, orgId: string, name = `team-${randomUUID().slice(0, 6)}`) {
  const r = await post(token, orgId, '/teams', { name });
  expectStatus(r, 201);
  return ZTeam.parse(r.body);
}

describe('membership is checked on every request', () => {
  it('a removed member is refused at once with their still-valid token (404)', async () => {
    const org = await createOrg(h.db, 'ten');
    const [owner, viewer] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'VIEWER')]);
    expectStatus(await get(viewer, org.id, '/members'), 200);

    expectStatus(await del(owner, org.id, `/members/${org.users.VIEWER.membershipId}`), 204);

    expectError(await get(viewer, org.id, '/members'), 404, 'NOT_FOUND');
    expectError(await get(viewer, org.id, '/teams'), 404, 'NOT_FOUND');
    const orgs = await call(h.base, 'GET', '/api/v1/orgs', { token: viewer });
    expectStatus(orgs, 200);
    expect(orgs.body.items).toEqual([]);
    // removed members drop out of the list
    const list = ZListMembersResponse.parse((await get(owner, org.id, '/members')).body);
    expect(list.items.map((m) => m.id)).not.toContain(org.users.VIEWER.membershipId);
  });

  it('a suspended member gets 403 MEMBERSHIP_SUSPENDED, and works again when reactivated', async () => {
    const org = await createOrg(h.db, 'ten');
    const [owner, viewer] = await Promise.all([tokenOf(org, 'OWNER'), tokenOf(org, 'VIEWER')]);
    const id = org.users.VIEWER.membershipId;

    const s = await patch(owner, org.id, `/members/${id}`, { status: 'SUSPENDED' });
    expectStatus(s, 200);
    expect(ZMember.parse(s.body).status).toBe('SUSPENDED');
    expectError(await get(viewer, org.id, '/members'), 403, 'MEMBERSHIP_SUSPENDED');

    expectStatus(await patch(owner, org.id, `/members/${id}`, { status: 'ACTIVE' }), 200);
    expectStatus(await get(viewer, org.id, '/members'), 200);
  });
});

describe('cross-tenant access', () => {
  it("a member of A gets 404 and no data on B's routes, with B's real ids", async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    const teamB = await createTeam(ownerB, b.id, 'B team');
    const keyB = ZCreateApiKeyResponse.parse(
      (await post(ownerB, b.id, '/api-keys', { name: 'b', scopes: ['member.read'] })).body,
    );
    const bMember = b.users.VIEWER.membershipId;
    const auditBefore = await h.db.auditEvent.count({ where: { organizationId: b.id } });

    const attempts = [
      await get(ownerA, b.id, '/members'),
      await get(ownerA, b.id, `/members/${bMember}`),
      await patch(ownerA, b.id, `/members/${bMember}`, { role: 'ADMIN' }),
      await del(ownerA, b.id, `/members/${bMember}`),
      await post(ownerA, b.id, '/members', { email: `x-${randomUUID()}@x.test`, name: 'X', role: 'VIEWER' }),
      await get(ownerA, b.id, '/teams'),
      await get(ownerA, b.id, `/teams/${teamB.id}`),
      await patch(ownerA, b.id, `/teams/${teamB.id}`, { name: 'pwned' }),
      await del(ownerA, b.id, `/teams/${teamB.id}`),
      await post(ownerA, b.id, '/teams', { name: 'intruders' }),
      await get(ownerA, b.id, '/api-keys'),
      await del(ownerA, b.id, `/api-keys/${keyB.apiKey.id}`),
      await post(ownerA, b.id, '/api-keys', { name: 'x', scopes: ['member.read'] }),
      await get(ownerA, b.id, '/audit-events'),
      await get(ownerA, b.id, `/audit-events?entityId=${teamB.id}`),
      await get(ownerA, b.id, '/audit-events/verify'),
    ];
    for (const r of attempts) {
      expectError(r, 404, 'NOT_FOUND');
      expect(JSON.stringify(r.body)).not.toContain(teamB.id);
      expect(JSON.stringify(r.body)).not.toContain(b.users.VIEWER.email);
    }
    // B's ids through A's own routes: indistinguishable from missing rows
    for (const r of [
      await get(ownerA, a.id, `/members/${bMember}`),
      await patch(ownerA, a.id, `/members/${bMember}`, { role: 'ADMIN' }),
      await del(ownerA, a.id, `/members/${bMember}`),
      await get(ownerA, a.id, `/teams/${teamB.id}`),
      await patch(ownerA, a.id, `/teams/${teamB.id}`, { name: 'pwned' }),
      await del(ownerA, a.id, `/teams/${teamB.id}`),
      await del(ownerA, a.id, `/api-keys/${keyB.apiKey.id}`),
    ]) {
      expectError(r, 404, 'NOT_FOUND');
    }
    const leak = await get(ownerA, a.id, `/audit-events?entityId=${teamB.id}`);
    expectStatus(leak, 200);
    expect(leak.body.items).toEqual([]);

    // nothing of B changed
    const bViewer = await h.db.membership.findUniqueOrThrow({ where: { id: bMember } });
    expect(bViewer).toMatchObject({ role: 'VIEWER', status: 'ACTIVE', version: 1 });
    expect(await h.db.team.findUniqueOrThrow({ where: { id: teamB.id } })).toMatchObject({ name: 'B team' });
    expect((await h.db.apiKey.findUniqueOrThrow({ where: { id: keyB.apiKey.id } })).revokedAt).toBeNull();
    expect(await h.db.team.count({ where: { organizationId: b.id } })).toBe(1);
    expect(await h.db.apiKey.count({ where: { organizationId: b.id } })).toBe(1);
    expect(await activeMembers(b.id)).toBe(7);
    expect(await h.db.auditEvent.count({ where: { organizationId: b.id } })).toBe(auditBefore);
    expect(await h.db.team.count({ where: { organizationId: a.id } })).toBe(0);
  });

  it('a malformed or unknown org id is a 404 too', async () => {
    const a = await createOrg(h.db, 'ten');
    const owner = await tokenOf(a, 'OWNER');
    expectError(await get(owner, 'not-a-uuid', '/members'), 404, 'NOT_FOUND');
    expectError(await get(owner, randomUUID(), '/members'), 404, 'NOT_FOUND');
  });

  it('org ids in the body are refused: the org is always the one in the path', async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const owner = await tokenOf(a, 'OWNER');
    const r = await post(owner, a.id, '/teams', { name: 'sneaky', organizationId: b.id });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(await h.db.team.count({ where: { organizationId: { in: [a.id, b.id] } } })).toBe(0);
  });
});

describe('members', () => {
  it('adds an existing user (no password shown) who then sees both orgs', async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const owner = await tokenOf(a, 'OWNER');
    const r = await post(owner, a.id, '/members', { email: b.users.MECHANIC.email.toUpperCase(), role: 'OPERATOR' });
    expectStatus(r, 201);
    const body = ZAddMemberResponse.parse(r.body);
    expect(body.oneTimePassword).toBeNull();
    expect(body.member).toMatchObject({
      userId: b.users.MECHANIC.id,
      role: 'OPERATOR',
      dataScope: 'ASSIGNED',
      status: 'ACTIVE',
      version: 1,
    });
    const orgs = await call(h.base, 'GET', '/api/v1/orgs', { token: await tokenOf(b, 'MECHANIC') });
    expect(orgs.body.items.map((m: { organization: { id: string } }) => m.organization.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });

  it('adds a new user with a one-time password shown once that works for login', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const email = `new-${randomUUID().slice(0, 8)}@ten.test`;
    const r = await post(owner, org.id, '/members', { email, name: 'New Person', role: 'DISPATCHER' });
    expectStatus(r, 201);
    const body = ZAddMemberResponse.parse(r.body);
    expect(body.oneTimePassword).toMatch(/^\S{16}$/);
    const user = await h.db.user.findUniqueOrThrow({ where: { email } });
    expect(user.passwordHash).not.toContain(body.oneTimePassword!);
    expect(user.mustChangePassword).toBe(true);

    const got = await get(owner, org.id, `/members/${body.member.id}`);
    expectStatus(got, 200);
    expect(JSON.stringify(got.body)).not.toContain(body.oneTimePassword!);

    const t = await login(h.base, email, body.oneTimePassword!);
    // signed in, but held at the change-password routes until it is changed (password.e2e.spec.ts)
    expectError(await get(t.accessToken, org.id, '/members'), 403, 'PASSWORD_CHANGE_REQUIRED');
  });

  it('a new user without a name is a 400 and nothing is created', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const email = `nameless-${randomUUID().slice(0, 8)}@ten.test`;
    const r = await post(owner, org.id, '/members', { email, role: 'VIEWER' });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(['name']);
    expect(await h.db.user.count({ where: { email } })).toBe(0);
  });

  it('a duplicate is 409 MEMBER_EXISTS and writes nothing', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const audit = await h.db.auditEvent.count({ where: { organizationId: org.id } });
    expectError(
      await post(owner, org.id, '/members', { email: org.users.VIEWER.email, role: 'ADMIN' }),
      409,
      'MEMBER_EXISTS',
    );
    expect(await h.db.membership.findUniqueOrThrow({ where: { id: org.users.VIEWER.membershipId } })).toMatchObject({
      role: 'VIEWER',
      version: 1,
    });
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id } })).toBe(audit);
  });

  it('concurrent adds of the same new person: one member, the others 409 MEMBER_EXISTS (never a 500)', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const email = `race-${randomUUID().slice(0, 8)}@ten.test`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(owner, org.id, '/members', { email, name: 'Race', role: 'VIEWER' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, 'MEMBER_EXISTS');
    expect(await h.db.user.count({ where: { email } })).toBe(1);
    expect(await h.db.membership.count({ where: { organizationId: org.id, user: { email } } })).toBe(1);
  });

  it('the same new person added by two orgs at once: one user, a member of both', async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    const email = `race-${randomUUID().slice(0, 8)}@ten.test`;
    const [ra, rb] = await Promise.all([
      post(ownerA, a.id, '/members', { email, name: 'Race', role: 'VIEWER' }),
      post(ownerB, b.id, '/members', { email, name: 'Race', role: 'VIEWER' }),
    ]);
    expectStatus(ra, 201);
    expectStatus(rb, 201);
    // only the add that created the user shows a password
    expect([ra.body.oneTimePassword, rb.body.oneTimePassword].filter((p) => p !== null)).toHaveLength(1);
    expect(await h.db.user.count({ where: { email } })).toBe(1);
    expect(await h.db.membership.count({ where: { user: { email } } })).toBe(2);
  });

  it('a removed member can be added back (same membership, reactivated)', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    expectStatus(await del(owner, org.id, `/members/${org.users.VIEWER.membershipId}`), 204);
    const r = await post(owner, org.id, '/members', { email: org.users.VIEWER.email, role: 'MECHANIC' });
    expectStatus(r, 201);
    expect(ZAddMemberResponse.parse(r.body).member).toMatchObject({
      id: org.users.VIEWER.membershipId,
      role: 'MECHANIC',
      status: 'ACTIVE',
    });
  });

  it('changes role, scope and teams with the version; a stale version is 409 VERSION_CONFLICT', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const [t1, t2] = [await createTeam(owner, org.id), await createTeam(owner, org.id)];
    const id = org.users.MECHANIC.membershipId;

    const r = await patch(owner, org.id, `/members/${id}`, {
      role: 'DISPATCHER',
      dataScope: 'TEAM',
      teamIds: [t1.id, t2.id],
      version: 1,
    });
    expectStatus(r, 200);
    const m = ZMember.parse(r.body);
    expect(m).toMatchObject({ role: 'DISPATCHER', dataScope: 'TEAM', version: 2 });
    expect(m.teamIds).toEqual([t1.id, t2.id].sort());

    const stale = await patch(owner, org.id, `/members/${id}`, { role: 'VIEWER', version: 1 });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({ id, role: 'DISPATCHER', version: 2 });
    expect(await h.db.membership.findUniqueOrThrow({ where: { id } })).toMatchObject({
      role: 'DISPATCHER',
      version: 2,
    });

    const r2 = await patch(owner, org.id, `/members/${id}`, { teamIds: [t2.id], version: 2 });
    expectStatus(r2, 200);
    expect(ZMember.parse(r2.body)).toMatchObject({ teamIds: [t2.id], version: 3 });
    expect(ZTeam.parse((await get(owner, org.id, `/teams/${t1.id}`)).body).memberCount).toBe(0);
  });

  it('an empty change is a 400', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    expectError(
      await patch(owner, org.id, `/members/${org.users.VIEWER.membershipId}`, { version: 1 }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it("another org's team in teamIds is a 404 and nothing is written", async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    const teamB = await createTeam(ownerB, b.id);
    const teamA = await createTeam(ownerA, a.id);
    const email = `t-${randomUUID().slice(0, 8)}@ten.test`;

    expectError(
      await post(ownerA, a.id, '/members', { email, name: 'T', role: 'MECHANIC', teamIds: [teamB.id] }),
      404,
      'NOT_FOUND',
    );
    expect(await h.db.user.count({ where: { email } })).toBe(0);

    const id = a.users.MECHANIC.membershipId;
    expectError(await patch(ownerA, a.id, `/members/${id}`, { teamIds: [teamA.id, teamB.id] }), 404, 'NOT_FOUND');
    expect(await h.db.teamMember.count({ where: { membershipId: id } })).toBe(0);
    expect(await h.db.membership.findUniqueOrThrow({ where: { id } })).toMatchObject({ version: 1 });
    expect(await h.db.teamMember.count({ where: { teamId: teamB.id } })).toBe(0);
  });

  it('ADMIN cannot grant OWNER or touch an owner (403)', async () => {
    const org = await createOrg(h.db, 'ten');
    const admin = await tokenOf(org, 'ADMIN');
    const email = `o-${randomUUID().slice(0, 8)}@ten.test`;
    expectError(await post(admin, org.id, '/members', { email, name: 'O', role: 'OWNER' }), 403, 'FORBIDDEN');
    expectError(
      await patch(admin, org.id, `/members/${org.users.VIEWER.membershipId}`, { role: 'OWNER' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await patch(admin, org.id, `/members/${org.users.OWNER.membershipId}`, { role: 'VIEWER' }),
      403,
      'FORBIDDEN',
    );
    expectError(await del(admin, org.id, `/members/${org.users.OWNER.membershipId}`), 403, 'FORBIDDEN');
    expect(await h.db.user.count({ where: { email } })).toBe(0);
    expect(await h.db.membership.count({ where: { organizationId: org.id, role: 'OWNER', status: 'ACTIVE' } })).toBe(1);
    // what an ADMIN may do
    expectStatus(await patch(admin, org.id, `/members/${org.users.VIEWER.membershipId}`, { role: 'ADMIN' }), 200);
  });

  it('nobody changes their own role, data scope or status, nor removes themselves (403 CANNOT_CHANGE_SELF), even the only owner', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const id = org.users.OWNER.membershipId;
    const refused = async (r: Res<{ error: { details: unknown } }>, fields: string[]) => {
      expectError(r, 403, 'CANNOT_CHANGE_SELF');
      expect(r.body.error.details).toEqual({ fields });
    };
    await refused(await del(owner, org.id, `/members/${id}`), ['membership']);
    await refused(await patch(owner, org.id, `/members/${id}`, { role: 'ADMIN' }), ['role']);
    await refused(await patch(owner, org.id, `/members/${id}`, { status: 'SUSPENDED' }), ['status']);
    await refused(await patch(owner, org.id, `/members/${id}`, { dataScope: 'TEAM', role: 'VIEWER', version: 1 }), [
      'role',
      'dataScope',
    ]);
    expect(await h.db.membership.findUniqueOrThrow({ where: { id } })).toMatchObject({
      role: 'OWNER',
      dataScope: 'ORG',
      status: 'ACTIVE',
      version: 1,
    });
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id, entityId: id } })).toBe(0);

    // an ADMIN neither (and the refusal comes before any other rule)
    const admin = await tokenOf(org, 'ADMIN');
    const adminId = org.users.ADMIN.membershipId;
    await refused(await patch(admin, org.id, `/members/${adminId}`, { role: 'VIEWER' }), ['role']);
    await refused(await patch(admin, org.id, `/members/${adminId}`, { role: 'OWNER' }), ['role']);
    await refused(await del(admin, org.id, `/members/${adminId}`), ['membership']);
    // the current values sent back are not changes; teams are free under ORG scope
    const team = ZTeam.parse((await post(owner, org.id, '/teams', { name: `t-${randomUUID().slice(0, 6)}` })).body);
    const same = await patch(admin, org.id, `/members/${adminId}`, {
      role: 'ADMIN',
      dataScope: 'ORG',
      status: 'ACTIVE',
      teamIds: [team.id],
    });
    expectStatus(same, 200);
    expect(same.body).toMatchObject({ role: 'ADMIN', dataScope: 'ORG', status: 'ACTIVE', teamIds: [team.id] });
    // under TEAM scope a member's teams are what they see: not theirs to change either
    expectStatus(await patch(owner, org.id, `/members/${adminId}`, { dataScope: 'TEAM' }), 200);
    const other = ZTeam.parse((await post(owner, org.id, '/teams', { name: `t-${randomUUID().slice(0, 6)}` })).body);
    await refused(await patch(admin, org.id, `/members/${adminId}`, { teamIds: [team.id, other.id] }), ['teamIds']);
    expect(await h.db.teamMember.count({ where: { membershipId: adminId } })).toBe(1);

    // someone else may: the owner changes the admin; a second owner lets the first step down
    expectStatus(await patch(owner, org.id, `/members/${adminId}`, { teamIds: [team.id, other.id] }), 200);
    // (back to ORG scope: a TEAM-scoped member cannot touch an ORG-scoped one, see scope-ceilings.e2e)
    expectStatus(await patch(owner, org.id, `/members/${adminId}`, { role: 'OWNER', dataScope: 'ORG' }), 200);
    expectStatus(await patch(admin, org.id, `/members/${id}`, { role: 'ADMIN' }), 200);
    expect(await h.db.membership.findUniqueOrThrow({ where: { id } })).toMatchObject({
      role: 'ADMIN',
      status: 'ACTIVE',
    });
  });

  // with self-changes refused and ADMINs unable to touch an owner, LAST_OWNER guards this race
  it('two owners removing each other at once: exactly one succeeds, one owner remains', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner1 = await tokenOf(org, 'OWNER');
    expectStatus(await patch(owner1, org.id, `/members/${org.users.ADMIN.membershipId}`, { role: 'OWNER' }), 200);
    const owner2 = await tokenOf(org, 'ADMIN');

    const [r1, r2] = await Promise.all([
      del(owner1, org.id, `/members/${org.users.ADMIN.membershipId}`),
      del(owner2, org.id, `/members/${org.users.OWNER.membershipId}`),
    ]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses[0]).toBe(204);
    const loser = r1.status === 204 ? r2 : r1;
    // refused by the last-owner rule, or (if it came second) because the caller is no longer a member
    if (loser.status === 409) expectError(loser, 409, 'LAST_OWNER');
    else expectError(loser, 404, 'NOT_FOUND');
    expect(await h.db.membership.count({ where: { organizationId: org.id, role: 'OWNER', status: 'ACTIVE' } })).toBe(1);
  });
});

describe('data scope on the members list', () => {
  it('ASSIGNED scope sees only themself', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    expectStatus(
      await patch(owner, org.id, `/members/${org.users.VIEWER.membershipId}`, { dataScope: 'ASSIGNED' }),
      200,
    );
    const viewer = await tokenOf(org, 'VIEWER');
    const list = ZListMembersResponse.parse((await get(viewer, org.id, '/members')).body);
    expect(list.items.map((m) => m.id)).toEqual([org.users.VIEWER.membershipId]);
    expectStatus(await get(viewer, org.id, `/members/${org.users.VIEWER.membershipId}`), 200);
    expectError(await get(viewer, org.id, `/members/${org.users.OWNER.membershipId}`), 404, 'NOT_FOUND');
  });

  it('TEAM scope sees members of their teams only, and nobody without a team', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const north = await createTeam(owner, org.id, 'North');
    const south = await createTeam(owner, org.id, 'South');
    const u = org.users;
    expectStatus(await patch(owner, org.id, `/members/${u.DISPATCHER.membershipId}`, { dataScope: 'TEAM' }), 200);
    const dispatcher = await tokenOf(org, 'DISPATCHER');
    // in no team yet: sees nobody (not everyone)
    expect(ZListMembersResponse.parse((await get(dispatcher, org.id, '/members')).body).items).toEqual([]);

    expectStatus(await patch(owner, org.id, `/members/${u.DISPATCHER.membershipId}`, { teamIds: [north.id] }), 200);
    expectStatus(await patch(owner, org.id, `/members/${u.MECHANIC.membershipId}`, { teamIds: [north.id] }), 200);
    expectStatus(await patch(owner, org.id, `/members/${u.OPERATOR.membershipId}`, { teamIds: [south.id] }), 200);

    const seen = ZListMembersResponse.parse((await get(dispatcher, org.id, '/members')).body).items.map((m) => m.id);
    expect(seen.sort()).toEqual([u.DISPATCHER.membershipId, u.MECHANIC.membershipId].sort());
    expectStatus(await get(dispatcher, org.id, `/members/${u.MECHANIC.membershipId}`), 200);
    expectError(await get(dispatcher, org.id, `/members/${u.OPERATOR.membershipId}`), 404, 'NOT_FOUND');
    // ORG scope (the owner) sees everyone
    expect(ZListMembersResponse.parse((await get(owner, org.id, '/members')).body).items).toHaveLength(7);
  });
});

describe('members list', () => {
  it('pages with an opaque cursor; a forged cursor is a 400', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await get(owner, org.id, `/members?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expectStatus(r, 200);
      const page = ZListMembersResponse.parse(r.body);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(
      Object.values(org.users)
        .map((x) => x.membershipId)
        .sort(),
    );

    const forged = Buffer.from('garbage').toString('base64url');
    expectError(await get(owner, org.id, `/members?cursor=${forged}`), 400, 'VALIDATION_FAILED');
  });

  it('filters by role and text', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const byRole = ZListMembersResponse.parse((await get(owner, org.id, '/members?role=MECHANIC')).body);
    expect(byRole.items.map((m) => m.id)).toEqual([org.users.MECHANIC.membershipId]);
    const byText = ZListMembersResponse.parse(
      (await get(owner, org.id, `/members?q=${encodeURIComponent('accountant-')}`)).body,
    );
    expect(byText.items.map((m) => m.id)).toEqual([org.users.ACCOUNTANT.membershipId]);
  });
});

describe('teams', () => {
  it('create, read, list, rename, delete', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const c = await post(owner, org.id, '/teams', { name: '  Harvest crew ', description: 'combines' });
    expectStatus(c, 201);
    const team = ZTeam.parse(c.body);
    expect(team).toMatchObject({ name: 'Harvest crew', description: 'combines', memberCount: 0 });

    expectStatus(
      await patch(owner, org.id, `/members/${org.users.MECHANIC.membershipId}`, { teamIds: [team.id] }),
      200,
    );
    expect(ZTeam.parse((await get(owner, org.id, `/teams/${team.id}`)).body).memberCount).toBe(1);

    const renamed = await patch(owner, org.id, `/teams/${team.id}`, { name: 'Harvest', description: null });
    expectStatus(renamed, 200);
    expect(ZTeam.parse(renamed.body)).toMatchObject({ id: team.id, name: 'Harvest', description: null });

    const list = ZListTeamsResponse.parse((await get(owner, org.id, '/teams')).body);
    expect(list.items.map((t) => t.name)).toEqual(['Harvest']);

    expectStatus(await del(owner, org.id, `/teams/${team.id}`), 204);
    expectError(await get(owner, org.id, `/teams/${team.id}`), 404, 'NOT_FOUND');
    expectError(await del(owner, org.id, `/teams/${team.id}`), 404, 'NOT_FOUND');
    // the member stays, without the team
    expect(
      ZMember.parse((await get(owner, org.id, `/members/${org.users.MECHANIC.membershipId}`)).body).teamIds,
    ).toEqual([]);
  });

  it('a duplicate name is 409 TEAM_NAME_TAKEN (create and rename); other orgs may use it', async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const [ownerA, ownerB] = await Promise.all([tokenOf(a, 'OWNER'), tokenOf(b, 'OWNER')]);
    await createTeam(ownerA, a.id, 'North');
    const south = await createTeam(ownerA, a.id, 'South');
    expectError(await post(ownerA, a.id, '/teams', { name: 'North' }), 409, 'TEAM_NAME_TAKEN');
    expectError(await patch(ownerA, a.id, `/teams/${south.id}`, { name: 'North' }), 409, 'TEAM_NAME_TAKEN');
    expect(await h.db.team.count({ where: { organizationId: a.id } })).toBe(2);
    expect((await h.db.team.findUniqueOrThrow({ where: { id: south.id } })).name).toBe('South');
    await createTeam(ownerB, b.id, 'North');
  });

  it('roles without team.manage cannot change teams (403) and nothing is written', async () => {
    const org = await createOrg(h.db, 'ten');
    const dispatcher = await tokenOf(org, 'DISPATCHER');
    expectError(await post(dispatcher, org.id, '/teams', { name: 'x' }), 403, 'FORBIDDEN');
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe('API keys', () => {
  it('shows the key once; lists hide it; the key acts within its scopes only', async () => {
    const a = await createOrg(h.db, 'ten-a');
    const b = await createOrg(h.db, 'ten-b');
    const owner = await tokenOf(a, 'OWNER');
    const c = await post(owner, a.id, '/api-keys', { name: 'telematics', scopes: ['member.read', 'org.read'] });
    expectStatus(c, 201);
    const created = ZCreateApiKeyResponse.parse(c.body);
    expect(created.key).toMatch(new RegExp(`^amms_${created.apiKey.prefix}_`));
    expect(created.apiKey).toMatchObject({ name: 'telematics', revokedAt: null });
    expect([...created.apiKey.scopes].sort()).toEqual(['member.read', 'org.read']);

    // stored as a hash only
    const secret = created.key.slice(`amms_${created.apiKey.prefix}_`.length);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const row = await h.db.apiKey.findUniqueOrThrow({ where: { id: created.apiKey.id } });
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await get(owner, a.id, '/api-keys');
    expectStatus(list, 200);
    const parsed = ZListApiKeysResponse.parse(list.body);
    expect(parsed.items.map((k) => k.id)).toEqual([created.apiKey.id]);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(JSON.stringify(list.body)).not.toMatch(/secret/i);

    const key = created.key;
    const asKey = (method: string, path: string, body?: unknown) => call(h.base, method, path, { apiKey: key, body });
    const members = await asKey('GET', orgPath(a.id, '/members'));
    expectStatus(members, 200);
    expect(members.body.items).toHaveLength(7);
    expectError(await asKey('GET', orgPath(a.id, '/teams')), 403, 'FORBIDDEN');
    expectError(await asKey('POST', orgPath(a.id, '/teams'), { name: 'by key' }), 403, 'FORBIDDEN');
    expectError(await asKey('GET', orgPath(a.id, '/api-keys')), 403, 'FORBIDDEN');
    expectError(await asKey('GET', '/api/v1/me'), 403, 'FORBIDDEN');
    // a key of A on B
    expectError(await asKey('GET', orgPath(b.id, '/members')), 404, 'NOT_FOUND');
    expect(await h.db.team.count({ where: { organizationId: a.id } })).toBe(0);

    // revoked → 401, and the revoke is idempotent
    const rv = await del(owner, a.id, `/api-keys/${created.apiKey.id}`);
    expectStatus(rv, 200);
    expect(rv.body.revokedAt).toEqual(expect.any(String));
    expectError(await asKey('GET', orgPath(a.id, '/members')), 401, 'TOKEN_INVALID');
    expectStatus(await del(owner, a.id, `/api-keys/${created.apiKey.id}`), 200);
  });

  it('a key with team.manage acts as a service member (audited as the key)', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const { key, apiKey } = ZCreateApiKeyResponse.parse(
      (await post(owner, org.id, '/api-keys', { name: 'sync', scopes: ['team.manage'] })).body,
    );
    const r = await call(h.base, 'POST', orgPath(org.id, '/teams'), { apiKey: key, body: { name: 'From sync' } });
    expectStatus(r, 201);
    const ev = await h.db.auditEvent.findFirstOrThrow({
      where: { organizationId: org.id, action: 'team.created', entityId: r.body.id },
    });
    expect(ev).toMatchObject({ actorType: 'API_KEY', actorApiKeyId: apiKey.id, actorUserId: null });
  });

  it('malformed, unknown and expired keys are refused (401)', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    const { key, apiKey } = ZCreateApiKeyResponse.parse(
      (await post(owner, org.id, '/api-keys', { name: 'k', scopes: ['member.read'] })).body,
    );
    const path = orgPath(org.id, '/members');
    expectError(await call(h.base, 'GET', path, { apiKey: 'nonsense' }), 401, 'TOKEN_INVALID');
    const wrongSecret = `${key.slice(0, -4)}${key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expectError(await call(h.base, 'GET', path, { apiKey: wrongSecret }), 401, 'TOKEN_INVALID');
    expectStatus(await call(h.base, 'GET', path, { apiKey: key }), 200);
    await h.db.apiKey.update({ where: { id: apiKey.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await call(h.base, 'GET', path, { apiKey: key }), 401, 'TOKEN_EXPIRED');
  });

  it.each([['member.manage'], ['apikey.manage'], ['draft.confirm']])(
    'scope %s is never grantable (422) and nothing is written',
    async (scope) => {
      const org = await createOrg(h.db, 'ten');
      const owner = await tokenOf(org, 'OWNER');
      const r = await post(owner, org.id, '/api-keys', { name: 'too much', scopes: ['member.read', scope] });
      expectError(r, 422, 'SCOPE_NOT_GRANTABLE');
      expect(r.body.error.details.scopes).toEqual([scope]);
      expect(await h.db.apiKey.count({ where: { organizationId: org.id } })).toBe(0);
    },
  );

  it('an unknown scope or a past expiry is a 400', async () => {
    const org = await createOrg(h.db, 'ten');
    const owner = await tokenOf(org, 'OWNER');
    expectError(
      await post(owner, org.id, '/api-keys', { name: 'x', scopes: ['root.everything'] }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post(owner, org.id, '/api-keys', { name: 'x', scopes: ['member.read'], expiresAt: '2020-01-01T00:00:00Z' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await h.db.apiKey.count({ where: { organizationId: org.id } })).toBe(0);
  });
});
