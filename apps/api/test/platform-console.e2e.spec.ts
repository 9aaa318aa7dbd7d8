import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ZPlatformHealth, ZPlatformOrgsResponse } from '@amms/contracts/platform';
import { ZRecognitionSetup } from '@amms/contracts/attachments';
import { hashPassword } from '../src/auth/password.js';
import { call, login, PASSWORD, startApp } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { appForFile, assetRow, machineModel, orgApi, orgWorld } from './support/world.js';

/**
 * Issue #31 §4.11 and §4.14: the platform console's org list with usage and its health (platform
 * admins only), and whether recognition from a photo is set up (the page says so before a photo).
 */
const h = appForFile();

async function platformAdmin(): Promise<string> {
  const email = `platform-${randomUUID().slice(0, 8)}@platform.test`;
  await h.db.user.create({
    data: { email, name: 'Platform admin', passwordHash: await hashPassword(PASSWORD), isPlatformAdmin: true },
  });
  return (await login(h.base, email)).accessToken;
}

describe('platform console', () => {
  it('lists every org with its usage; members of an org (even its owner) are refused', async () => {
    const w = await orgWorld(h, 'console');
    const model = await machineModel(h.db, w.org.id);
    await assetRow(h.db, w.org.id, model.id, 'Usage tractor');
    expectStatus(await orgApi(() => h).post(w.t.OWNER, w.org.id, '/fields', { name: 'Usage field', areaHa: 3 }), 201);
    const token = await platformAdmin();

    const r = await call(h.base, 'GET', '/api/v1/platform/orgs', { token });
    expectStatus(r, 200);
    const body = ZPlatformOrgsResponse.parse(r.body);
    const mine = body.items.find((o) => o.id === w.org.id);
    expect(mine).toMatchObject({ members: 7, machines: 1, jobsCompleted30d: 0, manuals: 0 });
    // the field's creation is the org's latest activity
    expect(mine!.lastActivityAt).not.toBeNull();
    // counts only: no business rows in the answer
    expect(Object.keys(mine!).sort()).toEqual(
      [
        'agentRuns30d',
        'createdAt',
        'id',
        'jobsCompleted30d',
        'lastActivityAt',
        'machines',
        'manuals',
        'members',
        'name',
        'slug',
        'storageBytes',
        'timezone',
      ].sort(),
    );

    for (const path of ['/api/v1/platform/orgs', '/api/v1/platform/health']) {
      expectError(await call(h.base, 'GET', path, { token: w.t.OWNER }), 403, 'FORBIDDEN');
      expectError(await call(h.base, 'GET', path, { token: w.t.ADMIN }), 403, 'FORBIDDEN');
      expectError(await call(h.base, 'GET', path, {}), 401, 'UNAUTHENTICATED');
    }
  }, 120_000);

  it('health: database and Redis checks, the outbox backlog, manuals by status, the optional services', async () => {
    const token = await platformAdmin();
    const r = await call(h.base, 'GET', '/api/v1/platform/health', { token });
    expectStatus(r, 200);
    const health = ZPlatformHealth.parse(r.body);
    expect(health.status).toBe('ok');
    expect(health.checks.postgres.ok).toBe(true);
    expect(health.checks.redis.ok).toBe(true);
    const pending = await h.db.outboxEvent.count({ where: { dispatchedAt: null } });
    expect(health.outbox.pending).toBeGreaterThanOrEqual(0);
    expect(Math.abs(health.outbox.pending - pending)).toBeLessThan(50);
    expect(health.features.recognition).toBe(false);
  }, 120_000);
});

describe('recognition setup', () => {
  it('says whether recognition from a photo is configured, to those who may add machines', async () => {
    const w = await orgWorld(h, 'recognition-setup');
    const off = await call(h.base, 'GET', orgPath(w.org.id, '/machine-models/recognitions/setup'), {
      token: w.t.ADMIN,
    });
    expectStatus(off, 200);
    expect(ZRecognitionSetup.parse(off.body)).toEqual({ configured: false });
    expectError(
      await call(h.base, 'GET', orgPath(w.org.id, '/machine-models/recognitions/setup'), { token: w.t.VIEWER }),
      403,
      'FORBIDDEN',
    );

    const on = await startApp({ RECOGNITION_URL: 'http://127.0.0.1:9/v1/recognise' });
    try {
      const admin = (await login(on.base, w.org.users.ADMIN.email)).accessToken;
      const r = await call(on.base, 'GET', orgPath(w.org.id, '/machine-models/recognitions/setup'), { token: admin });
      expect(ZRecognitionSetup.parse(r.body)).toEqual({ configured: true });
      const t = await platformAdmin();
      const health = await call(on.base, 'GET', '/api/v1/platform/health', { token: t });
      expect(ZPlatformHealth.parse(health.body).features.recognition).toBe(true);
    } finally {
      await on.close();
    }
  }, 180_000);
});
