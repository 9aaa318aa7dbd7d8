import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZAuditVerifyResponse, ZListAuditEventsResponse, type TAuditEvent } from '@amms/contracts/audit';
import { PASSWORD, call, createOrg, login } from './harness.js';
import { appForFile } from './support/world.js';
import { expectStatus, orgPath } from './assertions.js';

const h = appForFile();

async function setup() {
  const org = await createOrg(h.db, 'audit');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  return { org, owner };
}
async function events(token: string, orgId: string, query = ''): Promise<TAuditEvent[]> {
  const r = await call(h.base, 'GET', orgPath(orgId, `/audit-events${query}`), { token });
  expectStatus(r, 200);
  return ZListAuditEventsResponse.parse(r.body).items;
}
async function verify(token: string, orgId: string) {
  const r = await call(h.base, 'GET', orgPath(orgId, '/audit-events/verify'), { token });
  expectStatus(r, 200);
  return ZAuditVerifyResponse.parse(r.body);
}

describe('audit events', () => {
  it('member changes are recorded in order with actor, request id and a before/after diff', async () => {
    const { org, owner } = await setup();
    const email = `aud-${randomUUID().slice(0, 8)}@audit.test`;
    const add = await call(h.base, 'POST', orgPath(org.id, '/members'), {
      token: owner,
      body: { email, name: 'A', role: 'VIEWER' },
      headers: { 'x-request-id': 'audit-test-add-1' },
    });
    expectStatus(add, 201);
    const id = add.body.member.id as string;
    expectStatus(
      await call(h.base, 'PATCH', orgPath(org.id, `/members/${id}`), { token: owner, body: { role: 'MECHANIC' } }),
      200,
    );
    expectStatus(await call(h.base, 'DELETE', orgPath(org.id, `/members/${id}`), { token: owner }), 204);

    const list = await events(owner, org.id, `?entityType=membership&entityId=${id}`);
    expect(list.map((e) => e.action)).toEqual(['member.added', 'member.updated', 'member.removed']);
    expect(list.map((e) => e.seq)).toEqual([...list.map((e) => e.seq)].sort((a, b) => a - b));
    for (const e of list)
      expect(e).toMatchObject({
        entityType: 'membership',
        entityId: id,
        actorType: 'USER',
        actorUserId: org.users.OWNER.id,
      });
    expect(list[0]!.requestId).toBe('audit-test-add-1');
    expect(list[0]!.data).toMatchObject({ email, newUser: true });
    expect(list[1]!.data).toEqual({ before: { role: 'VIEWER' }, after: { role: 'MECHANIC' } });
    expect(JSON.stringify(list)).not.toContain(add.body.oneTimePassword);
    // each links to the previous event of the org's chain
    const all = await events(owner, org.id);
    for (let i = 1; i < all.length; i++) expect(all[i]!.prevHash).toBe(all[i - 1]!.hash);
    expect(all[0]!.prevHash).toBeNull();
  });

  it('team and API key changes are recorded; filters by entity and action work', async () => {
    const { org, owner } = await setup();
    const team = await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name: 'North' } });
    expectStatus(team, 201);
    expectStatus(
      await call(h.base, 'PATCH', orgPath(org.id, `/teams/${team.body.id}`), { token: owner, body: { name: 'South' } }),
      200,
    );
    expectStatus(await call(h.base, 'DELETE', orgPath(org.id, `/teams/${team.body.id}`), { token: owner }), 204);
    const key = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body: { name: 'k', scopes: ['team.read'] },
    });
    expectStatus(key, 201);
    expectStatus(
      await call(h.base, 'DELETE', orgPath(org.id, `/api-keys/${key.body.apiKey.id}`), { token: owner }),
      200,
    );

    const teamEvents = await events(owner, org.id, `?entityType=team&entityId=${team.body.id}`);
    expect(teamEvents.map((e) => e.action)).toEqual(['team.created', 'team.updated', 'team.deleted']);
    expect(teamEvents[1]!.data).toEqual({ before: { name: 'North' }, after: { name: 'South' } });

    const keyEvents = await events(owner, org.id, `?entityType=api_key&entityId=${key.body.apiKey.id}`);
    expect(keyEvents.map((e) => e.action)).toEqual(['apikey.created', 'apikey.revoked']);
    // the secret is never in the log
    expect(JSON.stringify(keyEvents)).not.toContain(key.body.key);

    const created = await events(owner, org.id, '?action=team.created');
    expect(created.map((e) => e.entityId)).toEqual([team.body.id]);
  });

  it('names who acted: the person and their role, or the key and the person it acts for', async () => {
    const { org, owner } = await setup();
    const nameOf = async (id: string) => (await h.db.user.findUniqueOrThrow({ where: { id } })).name;
    const key = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body: { name: 'Telematics sync', scopes: ['team.manage', 'team.read'] },
    });
    expectStatus(key, 201);
    const byKey = await call(h.base, 'POST', orgPath(org.id, '/teams'), {
      apiKey: key.body.key,
      body: { name: 'By key' },
    });
    expectStatus(byKey, 201);
    const [viaKey] = await events(owner, org.id, `?entityType=team&entityId=${byKey.body.id}`);
    expect(viaKey).toMatchObject({
      actorType: 'API_KEY',
      actor: { apiKeyName: 'Telematics sync', name: await nameOf(org.users.OWNER.id), role: 'OWNER' },
    });

    // an admin acts, then leaves the org: the name stays, the role goes
    const admin = (await login(h.base, org.users.ADMIN.email)).accessToken;
    const team = await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: admin, body: { name: 'North' } });
    expectStatus(team, 201);
    const [before] = await events(owner, org.id, `?entityType=team&entityId=${team.body.id}`);
    expect(before!.actor).toEqual({ name: await nameOf(org.users.ADMIN.id), role: 'ADMIN', apiKeyName: null });
    expectStatus(
      await call(h.base, 'DELETE', orgPath(org.id, `/members/${org.users.ADMIN.membershipId}`), { token: owner }),
      204,
    );
    const [after] = await events(owner, org.id, `?entityType=team&entityId=${team.body.id}`);
    expect(after!.actor).toEqual({ name: await nameOf(org.users.ADMIN.id), role: null, apiKeyName: null });
  });

  it('pages by seq with a cursor', async () => {
    const { org, owner } = await setup();
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      expectStatus(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name } }), 201);
    }
    const seqs: number[] = [];
    let cursor: string | null = null;
    do {
      const r = await call(
        h.base,
        'GET',
        orgPath(org.id, `/audit-events?limit=2${cursor ? `&cursor=${cursor}` : ''}`),
        { token: owner },
      );
      expectStatus(r, 200);
      const page = ZListAuditEventsResponse.parse(r.body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seqs.push(...page.items.map((e) => e.seq));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
  });

  it('login success and failure are recorded in the platform chain, never in an org', async () => {
    const org = await createOrg(h.db, 'audit');
    const email = org.users.VIEWER.email;
    expect((await call(h.base, 'POST', '/api/v1/auth/login', { body: { email, password: 'wrong' } })).status).toBe(401);
    expectStatus(await call(h.base, 'POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } }), 200);

    const failed = await h.db.auditEvent.findMany({
      where: { chain: 'platform', action: 'auth.login.failed', entityId: org.users.VIEWER.id },
    });
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      organizationId: null,
      actorType: 'ANONYMOUS',
      data: expect.objectContaining({ email }),
    });
    expect(JSON.stringify(failed[0]!.data)).not.toContain('wrong');
    const ok = await h.db.auditEvent.findMany({
      where: { chain: 'platform', action: 'auth.login.succeeded', entityId: org.users.VIEWER.id },
    });
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ organizationId: null, actorType: 'USER', actorUserId: org.users.VIEWER.id });
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe('the hash chain', () => {
  it('verifies an intact chain', async () => {
    const { org, owner } = await setup();
    expect(await verify(owner, org.id)).toEqual({ ok: true, checked: 0, firstBroken: null });
    for (const name of ['a', 'b', 'c'])
      expectStatus(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name } }), 201);
    expect(await verify(owner, org.id)).toEqual({ ok: true, checked: 3, firstBroken: null });
  });

  it('a row edited in SQL (bypassing the trigger) is reported with its seq and id', async () => {
    const { org, owner } = await setup();
    for (const name of ['a', 'b', 'c', 'd'])
      expectStatus(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name } }), 201);
    const target = await h.db.auditEvent.findFirstOrThrow({ where: { chain: org.id, seq: 3 } });

    await h.db.$transaction(async (tx) => {
      // LOCAL: the bypass ends with this transaction and never leaks into the pooled connection
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRawUnsafe(
        `UPDATE "AuditEvent" SET data = '{"after":{"name":"forged"}}'::jsonb WHERE id = $1::uuid`,
        target.id,
      );
    });
    expect((await h.db.auditEvent.findUniqueOrThrow({ where: { id: target.id } })).data).toEqual({
      after: { name: 'forged' },
    });

    expect(await verify(owner, org.id)).toEqual({
      ok: false,
      checked: 2,
      firstBroken: { seq: 3, id: target.id, reason: 'HASH_MISMATCH' },
    });
  });

  it('a deleted row (bypassing the trigger) is reported as a gap', async () => {
    const { org, owner } = await setup();
    for (const name of ['a', 'b', 'c'])
      expectStatus(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name } }), 201);
    const second = await h.db.auditEvent.findFirstOrThrow({ where: { chain: org.id, seq: 2 } });
    const third = await h.db.auditEvent.findFirstOrThrow({ where: { chain: org.id, seq: 3 } });
    await h.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRawUnsafe('DELETE FROM "AuditEvent" WHERE id = $1::uuid', second.id);
    });
    expect(await verify(owner, org.id)).toEqual({
      ok: false,
      checked: 1,
      firstBroken: { seq: 3, id: third.id, reason: 'SEQ_GAP' },
    });
  });

  it('the table is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const { org, owner } = await setup();
    expectStatus(await call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name: 'a' } }), 201);
    const ev = await h.db.auditEvent.findFirstOrThrow({ where: { chain: org.id } });
    await expect(
      h.db.$executeRawUnsafe(`UPDATE "AuditEvent" SET action = 'x' WHERE id = $1::uuid`, ev.id),
    ).rejects.toThrow(/append-only/);
    await expect(h.db.auditEvent.update({ where: { id: ev.id }, data: { action: 'x' } })).rejects.toThrow(
      /append-only/,
    );
    await expect(h.db.$executeRawUnsafe('DELETE FROM "AuditEvent" WHERE id = $1::uuid', ev.id)).rejects.toThrow(
      /append-only/,
    );
    await expect(h.db.$executeRawUnsafe('TRUNCATE "AuditEvent"')).rejects.toThrow(/append-only/);
    expect(await h.db.auditEvent.findUniqueOrThrow({ where: { id: ev.id } })).toMatchObject({
      action: 'team.created',
      hash: ev.hash,
    });
    expect(await verify(owner, org.id)).toMatchObject({ ok: true, checked: 1 });
  });

  it('concurrent appends keep one gapless chain (seq 1..n) that verifies', async () => {
    const { org, owner } = await setup();
    const n = 10;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call(h.base, 'POST', orgPath(org.id, '/teams'), { token: owner, body: { name: `t${i}` } }),
      ),
    );
    for (const r of results) expectStatus(r, 201);
    const rows = await h.db.auditEvent.findMany({
      where: { chain: org.id },
      orderBy: { seq: 'asc' },
      select: { seq: true, prevHash: true, hash: true },
    });
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
    expect(await verify(owner, org.id)).toEqual({ ok: true, checked: n, firstBroken: null });
  });
});
