import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZAddMemberResponse } from '@amms/contracts/members';
import { canonicalJson } from '../src/platform/crypto/hash-chain.js';
import { hashIdempotencyKey } from '../src/platform/idempotency/sealed-response.js';
import { call, createOrg, login, type TestOrg } from './harness.js';
import { appForFile } from './support/world.js';
import { expectError, expectStatus, orgPath } from './assertions.js';

const h = appForFile();

async function setup() {
  const org = await createOrg(h.db, 'idem');
  const owner = (await login(h.base, org.users.OWNER.email)).accessToken;
  return { org, owner };
}
const addMember = (org: TestOrg, token: string, key: string | undefined, body: unknown) =>
  call(h.base, 'POST', orgPath(org.id, '/members'), { token, body, headers: key ? { 'idempotency-key': key } : {} });
const newMember = (role = 'VIEWER') => ({ email: `idem-${randomUUID().slice(0, 8)}@idem.test`, name: 'Idem', role });
const usersWith = (email: string) => h.db.user.count({ where: { email } });
const membersOf = (orgId: string) => h.db.membership.count({ where: { organizationId: orgId } });

describe('Idempotency-Key on POST /members', () => {
  it('the same key and body twice: one member, the identical response replayed', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const body = newMember();
    const first = await addMember(org, owner, key, body);
    expectStatus(first, 201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await addMember(org, owner, key, body);
    expectStatus(second, 201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(ZAddMemberResponse.parse(second.body).member.email).toBe(body.email);
    expect(await usersWith(body.email)).toBe(1);
    expect(await membersOf(org.id)).toBe(8);
    expect(await h.db.auditEvent.count({ where: { organizationId: org.id, action: 'member.added' } })).toBe(1);
  });

  it('without a key a retry is a new request (here the business rule answers)', async () => {
    const { org, owner } = await setup();
    const body = newMember();
    expectStatus(await addMember(org, owner, undefined, body), 201);
    expectError(await addMember(org, owner, undefined, body), 409, 'MEMBER_EXISTS');
  });

  it('the same key with another body → 422 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    expectStatus(await addMember(org, owner, key, newMember()), 201);
    const other = newMember();
    expectError(await addMember(org, owner, key, other), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await usersWith(other.email)).toBe(0);
    expect(await membersOf(org.id)).toBe(8);
  });

  it('the same key on another endpoint is a reuse too', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    expectStatus(await addMember(org, owner, key, newMember()), 201);
    const r = await call(h.base, 'POST', orgPath(org.id, '/teams'), {
      token: owner,
      body: { name: 'x' },
      headers: { 'idempotency-key': key },
    });
    expectError(r, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it('5 concurrent identical requests with one key: exactly one member; the rest replay or are told to retry', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const body = newMember();
    const results = await Promise.all(Array.from({ length: 5 }, () => addMember(org, owner, key, body)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const originals = created.filter((r) => r.headers.get('idempotent-replayed') !== 'true');
    expect(originals).toHaveLength(1);
    for (const r of created) expect(r.body).toEqual(originals[0]!.body);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, 'IDEMPOTENCY_KEY_IN_USE');
    expect(await usersWith(body.email)).toBe(1);
    expect(await membersOf(org.id)).toBe(8);
    // after the race, the key replays
    const again = await addMember(org, owner, key, body);
    expectStatus(again, 201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(originals[0]!.body);
  });

  it('a validation failure is not remembered: the fixed body with the same key succeeds', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const body = newMember();
    expectError(await addMember(org, owner, key, { ...body, role: 'EMPEROR' }), 400, 'VALIDATION_FAILED');
    expect(await h.db.idempotencyKey.count({ where: { key } })).toBe(0);
    const fixed = await addMember(org, owner, key, body);
    expectStatus(fixed, 201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await usersWith(body.email)).toBe(1);
  });

  it('a business refusal is remembered and replayed as such', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const dup = { email: org.users.VIEWER.email, role: 'VIEWER' };
    const first = await addMember(org, owner, key, dup);
    expectError(first, 409, 'MEMBER_EXISTS');
    const second = await addMember(org, owner, key, dup);
    expect(second.status).toBe(409);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('keys are per user: another user may use the same key string', async () => {
    const { org, owner } = await setup();
    const admin = (await login(h.base, org.users.ADMIN.email)).accessToken;
    const key = 'shared-key-1';
    const a = newMember();
    const b = newMember();
    const r1 = await addMember(org, owner, key, a);
    const r2 = await addMember(org, admin, key, b);
    expectStatus(r1, 201);
    expectStatus(r2, 201);
    expect(r2.headers.get('idempotent-replayed')).toBeNull();
    expect(await usersWith(a.email)).toBe(1);
    expect(await usersWith(b.email)).toBe(1);
  });

  it('keys are per org: the same user and key in another org is a new request', async () => {
    const { org, owner } = await setup();
    const other = await createOrg(h.db, 'idem');
    // the owner of org becomes an owner of `other` too
    await h.db.membership.create({
      data: { organizationId: other.id, userId: org.users.OWNER.id, role: 'OWNER', dataScope: 'ORG' },
    });
    const key = randomUUID();
    const body = newMember();
    expectStatus(await addMember(org, owner, key, body), 201);
    const r = await addMember(other, owner, key, body);
    expectStatus(r, 201);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(await h.db.membership.count({ where: { user: { email: body.email } } })).toBe(2);
  });

  it('a request still running elsewhere → 409 IN_USE; once its lock lapses the key is taken over', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const path = orgPath(org.id, '/teams');
    const body = { name: 'Night shift' };
    // what the interceptor stores for a request it has claimed and not finished
    const requestHash = createHash('sha256')
      .update(`POST ${path}\n${canonicalJson(body)}`)
      .digest('hex');
    const now = Date.now();
    const row = await h.db.idempotencyKey.create({
      data: {
        scope: `${org.id}:u:${org.users.OWNER.id}`,
        key: hashIdempotencyKey(`${org.id}:u:${org.users.OWNER.id}`, key),
        method: 'POST',
        path,
        requestHash,
        lockedUntil: new Date(now + 60_000),
        expiresAt: new Date(now + 3_600_000),
      },
    });
    const send = () => call(h.base, 'POST', path, { token: owner, body, headers: { 'idempotency-key': key } });

    expectError(await send(), 409, 'IDEMPOTENCY_KEY_IN_USE');
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(0);

    await h.db.idempotencyKey.update({ where: { id: row.id }, data: { lockedUntil: new Date(now - 1000) } });
    const taken = await send();
    expectStatus(taken, 201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    expect(await h.db.idempotencyKey.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: 'COMPLETED',
      responseStatus: 201,
    });

    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(taken.body);
    expect(await h.db.team.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it('an expired key is forgotten: the same key may carry a new request', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    expectStatus(await addMember(org, owner, key, newMember()), 201);
    const scope = `${org.id}:u:${org.users.OWNER.id}`;
    await h.db.idempotencyKey.updateMany({
      where: { key: hashIdempotencyKey(scope, key), scope },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const other = newMember();
    const r = await addMember(org, owner, key, other);
    expectStatus(r, 201);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(await usersWith(other.email)).toBe(1);
  });

  it('the order of JSON keys does not make another body', async () => {
    const { org, owner } = await setup();
    const key = randomUUID();
    const body = newMember();
    expectStatus(await addMember(org, owner, key, { email: body.email, name: body.name, role: body.role }), 201);
    const r = await addMember(org, owner, key, { role: body.role, name: body.name, email: body.email });
    expectStatus(r, 201);
    expect(r.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('Idempotency storage at rest', () => {
  it('a replayed API key creation returns the same secret, but the table holds neither the secret nor the raw key', async () => {
    const { org, owner } = await setup();
    const idemKey = `key-${randomUUID()}`;
    const body = { name: 'integration', scopes: ['member.read'] };
    const first = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body,
      headers: { 'idempotency-key': idemKey },
    });
    expectStatus(first, 201);
    const secret = (first.body as { key: string }).key;
    const second = await call(h.base, 'POST', orgPath(org.id, '/api-keys'), {
      token: owner,
      body,
      headers: { 'idempotency-key': idemKey },
    });
    expectStatus(second, 201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((second.body as { key: string }).key).toBe(secret);
    expect(await h.db.apiKey.count({ where: { organizationId: org.id } })).toBe(1);

    const rows = await h.db.idempotencyKey.findMany({ where: { scope: { startsWith: `${org.id}:` } } });
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(secret);
    // amms_<prefix>_<secret>: the secret is base64url and may itself contain '_'
    const secretPart = secret.split('_').slice(2).join('_');
    expect(secretPart.length).toBeGreaterThan(20);
    expect(stored).not.toContain(secretPart);
    expect(stored).not.toContain(idemKey);
  });
});
