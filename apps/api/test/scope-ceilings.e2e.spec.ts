import { describe, expect, it } from 'vitest';
import { ZCreateApiKeyResponse } from '@amms/contracts/api-keys';
import { ZAddMemberResponse } from '@amms/contracts/members';
import { call, createOrg, login, PASSWORD, type TestOrg } from './harness.js';
import { appForFile, machineModel, tag } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

/**
 * Nobody grants, through a member or a key, more than they hold: role rank, data scope and
 * teams. A TEAM-scoped admin neither widens a key or a member beyond their teams, nor touches
 * (update, remove, password reset) a member who sees more than they do.
 */
const h = appForFile();

const req = (token: string | { apiKey: string }, method: string, org: string, rest: string, body?: unknown) =>
  call(h.base, method, orgPath(org, rest), { ...(typeof token === 'string' ? { token } : token), body });

async function team(orgId: string, name: string) {
  return h.db.team.create({ data: { organizationId: orgId, name: `${name} ${tag()}` } });
}

/** An extra member written directly (the test org has one user per role). */
async function member(
  org: TestOrg,
  role: 'ADMIN' | 'MECHANIC' | 'DISPATCHER',
  dataScope: 'ORG' | 'TEAM' | 'ASSIGNED',
  teamIds: string[],
) {
  const like = await h.db.user.findUniqueOrThrow({ where: { id: org.users.OWNER.id } });
  const email = `${role.toLowerCase()}-${tag()}@scope.test`;
  const u = await h.db.user.create({ data: { email, name: `${role} extra`, passwordHash: like.passwordHash } });
  const m = await h.db.membership.create({ data: { organizationId: org.id, userId: u.id, role, dataScope } });
  if (teamIds.length)
    await h.db.teamMember.createMany({
      data: teamIds.map((teamId) => ({ organizationId: org.id, teamId, membershipId: m.id })),
    });
  return { id: m.id, userId: u.id, email };
}

/** An org whose ADMIN is TEAM-scoped to team t1; t2 is another team. */
async function teamAdminOrg() {
  const org = await createOrg(h.db, 'scope');
  const [t1, t2] = [await team(org.id, 'North'), await team(org.id, 'South')];
  const admin = await member(org, 'ADMIN', 'TEAM', [t1.id]);
  const token = (await login(h.base, admin.email, PASSWORD)).accessToken;
  const ownerToken = (await login(h.base, org.users.OWNER.email)).accessToken;
  return { org, t1: t1.id, t2: t2.id, admin, token, ownerToken };
}

describe('keys are capped at their creator', () => {
  it("a key gets its creator's scope and teams by default, never more (422 SCOPE_NOT_GRANTABLE), and sees only that", async () => {
    const { org, t1, t2, token, ownerToken, admin } = await teamAdminOrg();
    const model = await machineModel(h.db, null);
    const mk = (teamId: string) =>
      req(ownerToken, 'POST', org.id, '/assets', {
        modelId: model.id,
        name: `T ${tag()}`,
        serialNumber: `SN-${tag()}`,
        teamId,
      });
    const north = (await mk(t1)).body.id as string;
    const south = (await mk(t2)).body.id as string;

    const wide = await req(token, 'POST', org.id, '/api-keys', {
      name: 'wide',
      scopes: ['asset.read'],
      dataScope: 'ORG',
    });
    expectError(wide, 422, 'SCOPE_NOT_GRANTABLE');
    expect(wide.body.error.details).toEqual({ dataScope: 'ORG' });
    const foreign = await req(token, 'POST', org.id, '/api-keys', {
      name: 'south',
      scopes: ['asset.read'],
      dataScope: 'TEAM',
      teamIds: [t2],
    });
    expectError(foreign, 422, 'SCOPE_NOT_GRANTABLE');
    expect(foreign.body.error.details).toEqual({ teamIds: [t2] });
    expect(await h.db.apiKey.count({ where: { organizationId: org.id } })).toBe(0);

    const made = await req(token, 'POST', org.id, '/api-keys', { name: 'north', scopes: ['asset.read'] });
    expectStatus(made, 201);
    const { key, apiKey } = ZCreateApiKeyResponse.parse(made.body);
    expect(apiKey).toMatchObject({ dataScope: 'TEAM', teamIds: [t1] });
    const seen = async () =>
      ((await req({ apiKey: key }, 'GET', org.id, '/assets')).body.items as { id: string }[]).map((a) => a.id);
    expect(await seen()).toEqual([north]);
    expectError(await req({ apiKey: key }, 'GET', org.id, `/assets/${south}`), 404, 'NOT_FOUND');

    // the creator moves to the other team: the key (north only) now sees nothing
    await h.db.teamMember.deleteMany({ where: { membershipId: admin.id } });
    await h.db.teamMember.create({ data: { organizationId: org.id, teamId: t2, membershipId: admin.id } });
    expect(await seen()).toEqual([]);

    // an owner's key may be narrower than the owner
    const narrow = await req(ownerToken, 'POST', org.id, '/api-keys', {
      name: 'n',
      scopes: ['asset.read'],
      dataScope: 'TEAM',
      teamIds: [t2],
    });
    expectStatus(narrow, 201);
    const ownerKey = ZCreateApiKeyResponse.parse(narrow.body).key;
    expect(
      ((await req({ apiKey: ownerKey }, 'GET', org.id, '/assets')).body.items as { id: string }[]).map((a) => a.id),
    ).toEqual([south]);
  });
});

describe("member management respects the caller's reach", () => {
  it('a TEAM admin cannot reset the password of, change or remove an ORG-scoped admin of their team (403), nor see others (404)', async () => {
    const { org, t1, t2, token } = await teamAdminOrg();
    const orgAdmin = await member(org, 'ADMIN', 'ORG', [t1]);
    const elsewhere = await member(org, 'MECHANIC', 'TEAM', [t2]);
    const mechanic = await member(org, 'MECHANIC', 'TEAM', [t1]);

    const reset = await req(token, 'POST', org.id, `/members/${orgAdmin.id}/password-reset`);
    expectError(reset, 403, 'FORBIDDEN');
    expect(reset.body.error.details).toMatchObject({ reason: 'WIDER_SCOPE', dataScope: 'ORG' });
    expectError(
      await req(token, 'PATCH', org.id, `/members/${orgAdmin.id}`, { status: 'SUSPENDED' }),
      403,
      'FORBIDDEN',
    );
    expectError(await req(token, 'DELETE', org.id, `/members/${orgAdmin.id}`), 403, 'FORBIDDEN');
    // the org's OWNER (ORG scope, no team) is not even visible to them
    expectError(
      await req(token, 'POST', org.id, `/members/${org.users.OWNER.membershipId}/password-reset`),
      404,
      'NOT_FOUND',
    );
    expectError(await req(token, 'POST', org.id, `/members/${elsewhere.id}/password-reset`), 404, 'NOT_FOUND');
    expectError(
      await req(token, 'PATCH', org.id, `/members/${elsewhere.id}`, { status: 'SUSPENDED' }),
      404,
      'NOT_FOUND',
    );
    expectError(await req(token, 'DELETE', org.id, `/members/${elsewhere.id}`), 404, 'NOT_FOUND');
    const untouched = await h.db.user.findUniqueOrThrow({ where: { id: orgAdmin.userId } });
    expect(untouched.mustChangePassword).toBe(false);
    expect((await h.db.membership.findUniqueOrThrow({ where: { id: orgAdmin.id } })).status).toBe('ACTIVE');
    expect((await h.db.membership.findUniqueOrThrow({ where: { id: elsewhere.id } })).status).toBe('ACTIVE');

    // within their reach: allowed, but not widened beyond it
    expectStatus(await req(token, 'POST', org.id, `/members/${mechanic.id}/password-reset`), 200);
    const widen = await req(token, 'PATCH', org.id, `/members/${mechanic.id}`, { dataScope: 'ORG' });
    expectError(widen, 422, 'SCOPE_NOT_GRANTABLE');
    expectError(
      await req(token, 'PATCH', org.id, `/members/${mechanic.id}`, { teamIds: [t1, t2] }),
      422,
      'SCOPE_NOT_GRANTABLE',
    );
    expect((await h.db.membership.findUniqueOrThrow({ where: { id: mechanic.id } })).dataScope).toBe('TEAM');
    expectStatus(await req(token, 'PATCH', org.id, `/members/${mechanic.id}`, { dataScope: 'ASSIGNED' }), 200);
  });

  it('a TEAM admin adds members only within their scope and teams; the default scope is capped at theirs', async () => {
    const { org, t1, t2, token } = await teamAdminOrg();
    const add = (body: Record<string, unknown>) =>
      req(token, 'POST', org.id, '/members', { email: `new-${tag()}@scope.test`, name: 'New', ...body });
    const orgWide = await add({ role: 'DISPATCHER', dataScope: 'ORG', teamIds: [t1] });
    expectError(orgWide, 422, 'SCOPE_NOT_GRANTABLE');
    expect(orgWide.body.error.details).toEqual({ dataScope: 'ORG' });
    expectError(await add({ role: 'MECHANIC', dataScope: 'TEAM', teamIds: [t2] }), 422, 'SCOPE_NOT_GRANTABLE');
    expect(await h.db.membership.count({ where: { organizationId: org.id } })).toBe(8);

    // DISPATCHER's default is ORG: capped at the caller's TEAM
    const ok = await add({ role: 'DISPATCHER', teamIds: [t1] });
    expectStatus(ok, 201);
    expect(ZAddMemberResponse.parse(ok.body).member).toMatchObject({
      role: 'DISPATCHER',
      dataScope: 'TEAM',
      teamIds: [t1],
    });
  });
});
