// Fault injection: the app runs on a private Postgres cluster this file starts, stops and starts
// again. While the database is away every request answers 503 SERVICE_UNAVAILABLE with
// Retry-After and the error envelope (never a 500, never a hang); once it is back, the same app
// (no restart) answers normally again, and nothing attempted meanwhile was half-written.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { call, createOrg, login, startApp, type Harness, type Res, type TestOrg } from './harness.js';
import { expectError, expectStatus, orgPath } from './assertions.js';
import { MIGRATOR_JS, PrivatePostgres } from './processes.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let pg: PrivatePostgres;
let h: Harness;
let db: PrismaClient;

beforeAll(async () => {
  pg = await PrivatePostgres.create();
  pg.start();
  const env = { ...process.env, DATABASE_URL: pg.url };
  execFileSync(process.execPath, [MIGRATOR_JS, 'createdb'], { env, stdio: 'ignore', timeout: 60_000 });
  execFileSync(process.execPath, [MIGRATOR_JS, 'migrate'], { env, stdio: 'ignore', timeout: 120_000 });
  db = createPrismaClient(pg.url, { max: 2 });
  h = await startApp({ DATABASE_URL: pg.url, DATABASE_POOL_MAX: '4' });
}, 180_000);

afterAll(async () => {
  await h?.close();
  await db?.$disconnect().catch(() => undefined);
  pg?.destroy();
}, 60_000);

function expectUnavailable(r: Res, label: string): void {
  expect(r.status, `${label}: ${r.status} ${JSON.stringify(r.body)}`).toBe(503);
  expectError(r, 503, 'SERVICE_UNAVAILABLE');
  const retryAfter = Number(r.headers.get('retry-after'));
  expect(retryAfter, `${label}: Retry-After`).toBeGreaterThan(0);
  expect((r.body as { error: { details?: { retryAfterSeconds?: number } } }).error.details?.retryAfterSeconds).toBe(
    retryAfter,
  );
}

describe('Postgres unreachable → 503 with Retry-After; recovery without a restart', () => {
  it('reads, writes, sign-in and the guard all answer 503 SERVICE_UNAVAILABLE while it is stopped; once it is back the same requests succeed and nothing was half-written', async () => {
    const org: TestOrg = await createOrg(db, 'pgdown');
    const { accessToken: token, refreshToken } = await login(h.base, org.users.OWNER.email);
    const model = await call(h.base, 'POST', orgPath(org.id, '/machine-models'), {
      token,
      body: {
        manufacturer: `Mfr-${randomUUID().slice(0, 6)}`,
        name: 'P1',
        kind: 'POWER_UNIT',
        operationTypes: ['TILLAGE'],
      },
    });
    expectStatus(model, 201);
    const asset = await call(h.base, 'POST', orgPath(org.id, '/assets'), {
      token,
      body: { modelId: model.body.id, name: 'Before', serialNumber: `SN-${randomUUID().slice(0, 8)}` },
    });
    expectStatus(asset, 201);

    const requests: Array<[string, () => Promise<Res>]> = [
      ['GET /assets', () => call(h.base, 'GET', orgPath(org.id, '/assets'), { token })],
      ['GET /assets/:id', () => call(h.base, 'GET', orgPath(org.id, `/assets/${asset.body.id}`), { token })],
      ['GET /jobs', () => call(h.base, 'GET', orgPath(org.id, '/jobs'), { token })],
      ['GET /audit-events', () => call(h.base, 'GET', orgPath(org.id, '/audit-events'), { token })],
      ['GET /me', () => call(h.base, 'GET', '/api/v1/me', { token })],
      ['GET /orgs', () => call(h.base, 'GET', '/api/v1/orgs', { token })],
      [
        'POST /assets',
        () =>
          call(h.base, 'POST', orgPath(org.id, '/assets'), {
            token,
            body: { modelId: model.body.id, name: 'While down', serialNumber: `SN-${randomUUID().slice(0, 8)}` },
          }),
      ],
      [
        'PATCH /assets/:id',
        () =>
          call(h.base, 'PATCH', orgPath(org.id, `/assets/${asset.body.id}`), {
            token,
            body: { version: asset.body.version, name: 'While down' },
          }),
      ],
      [
        'POST /assets/:id/meter-readings (Idempotency-Key)',
        () =>
          call(h.base, 'POST', orgPath(org.id, `/assets/${asset.body.id}/meter-readings`), {
            token,
            body: { readingHours: 7 },
            headers: { 'idempotency-key': 'pg-down-meter-1' },
          }),
      ],
      [
        'POST /auth/login',
        () =>
          call(h.base, 'POST', '/api/v1/auth/login', {
            body: { email: org.users.ADMIN.email, password: 'test-password-2026' },
          }),
      ],
      ['POST /auth/refresh', () => call(h.base, 'POST', '/api/v1/auth/refresh', { body: { refreshToken } })],
    ];

    pg.stop();
    const t0 = Date.now();
    for (const [label, send] of requests) expectUnavailable(await send(), label);
    // a burst in parallel: each one answers, fast (connection refused is immediate; no pool wait)
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => call(h.base, 'GET', orgPath(org.id, '/assets'), { token })),
    );
    for (const r of burst) expectUnavailable(r, 'burst');
    expect(Date.now() - t0).toBeLessThan(20_000);
    const ready = await call(h.base, 'GET', '/ready');
    expect(ready.status).toBe(503);
    // liveness does not depend on the database
    expectStatus(await call(h.base, 'GET', '/health'), 200);

    pg.start();
    // the pool reconnects by itself: no app restart
    const until = Date.now() + 20_000;
    let back = await call(h.base, 'GET', orgPath(org.id, '/assets'), { token });
    while (back.status !== 200 && Date.now() < until) {
      await sleep(200);
      back = await call(h.base, 'GET', orgPath(org.id, '/assets'), { token });
    }
    expectStatus(back, 200);
    // nothing attempted while it was down landed: still one asset, its old name, no reading
    expect((back.body as { items: Array<{ name: string }> }).items.map((a) => a.name)).toEqual(['Before']);
    expect(await db.meterReading.count({ where: { assetId: asset.body.id } })).toBe(0);
    // every request of the list answers normally now; the refused idempotent POST was not stored, so it runs
    for (const [label, send] of requests) {
      const r = await send();
      expect(r.status, `${label} after recovery: ${r.status} ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
    expect(await db.meterReading.count({ where: { assetId: asset.body.id } })).toBe(1);
    expectStatus(await call(h.base, 'GET', '/ready'), 200);
  });
});
