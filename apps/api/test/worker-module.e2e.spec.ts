import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type PrismaClient } from '@amms/db';
import { WEBHOOK_RESOURCE_TYPES } from '@amms/contracts/webhooks';
import { AppModule } from '../src/app.module.js';
import { WebhookResources } from '../src/integrations/webhooks/webhook-resources.js';
import { AppError } from '../src/platform/errors/app-error.js';
import { IdempotencyService } from '../src/platform/idempotency/idempotency.service.js';
import { SHARED_PROVIDERS } from '../src/shared.providers.js';
import { memberContext } from '../src/tenancy/member-context.js';
import { loadMember } from '../src/tenancy/memberships.repository.js';
import { purgeExpired } from '../src/worker/housekeeping.js';
import { HousekeepingRepository } from '../src/worker/housekeeping.repository.js';
import { handlerServices } from '../src/worker/runtime.js';
import { WORKER_PROVIDERS, WorkerModule } from '../src/worker/worker.module.js';
import { createOrg, testConfig } from './harness.js';
import { TEST_DATABASE_URL } from './env.js';

/**
 * The worker's Nest module booted as dist/worker.js boots it (real Postgres and Redis, no job
 * processing): every service a job handler calls resolves, and so do the services the webhook
 * resources and notification fan-out look up lazily (a provider the API has and the worker lacks
 * would only fail at the first job otherwise).
 */
let ctx: INestApplicationContext;
let db: PrismaClient;

beforeAll(async () => {
  ctx = await NestFactory.createApplicationContext(WorkerModule.forRoot(testConfig()), { logger: false });
  db = createPrismaClient(TEST_DATABASE_URL, { max: 2 });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await db?.$disconnect();
});

describe('the worker module', () => {
  it('resolves every service the job handlers call', () => {
    const svc = handlerServices(ctx);
    for (const [name, instance] of Object.entries(svc)) expect(instance, name).toBeTruthy();
  });

  it('composes the shared feature list, as the API does', () => {
    const api = AppModule.forRoot(testConfig()).providers ?? [];
    const worker = WorkerModule.forRoot(testConfig()).providers ?? [];
    for (const p of SHARED_PROVIDERS) {
      expect(api, (p as { name: string }).name).toContain(p);
      expect(worker, (p as { name: string }).name).toContain(p);
    }
    expect(worker).toEqual([...SHARED_PROVIDERS, ...WORKER_PROVIDERS]);
    // each class is listed once per entry point (a feature list, not a second hand-written one)
    const classes = api.filter((p) => typeof p === 'function');
    expect(new Set(classes).size).toBe(classes.length);
  });

  it("reads each webhook resource type through the worker's own services (unknown id → NOT_FOUND)", async () => {
    const org = await createOrg(db, 'wkmod');
    const owner = (await loadMember(db, org.id, org.users.OWNER.membershipId))!;
    const member = memberContext(
      org.id,
      { kind: 'USER', userId: owner.userId, sessionId: 'worker-module-test', isPlatformAdmin: false },
      owner,
      'worker-module-test',
    );
    const resources = ctx.get(WebhookResources);
    for (const type of WEBHOOK_RESOURCE_TYPES) {
      const err = await resources.read(member, type, randomUUID()).catch((e: unknown) => e);
      expect(err, type).toBeInstanceOf(AppError);
      expect((err as AppError).code, type).toBe('NOT_FOUND');
    }
  });

  it('housekeeping drops refresh tokens and dispatched outbox rows older than a week, and nothing newer', async () => {
    const org = await createOrg(db, 'wkhk');
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const token = (expiresAt: Date) =>
      db.refreshToken.create({
        data: { userId: org.users.OWNER.id, familyId: randomUUID(), tokenHash: randomUUID(), expiresAt },
      });
    const outbox = (dispatchedAt: Date | null) =>
      db.outboxEvent.create({
        data: { organizationId: org.id, queue: 'amms-cache', name: 'test.none', payload: {}, dispatchedAt },
      });
    const [oldToken, recentToken, oldRow, recentRow, pendingRow] = await Promise.all([
      token(days(8)),
      token(days(6)),
      outbox(days(8)),
      outbox(days(6)),
      outbox(null),
    ]);
    const res = await purgeExpired(ctx.get(HousekeepingRepository), ctx.get(IdempotencyService), now);
    expect(res.refreshTokens).toBeGreaterThanOrEqual(1);
    expect(res.outboxEvents).toBeGreaterThanOrEqual(1);
    const tokens = await db.refreshToken.findMany({ where: { id: { in: [oldToken.id, recentToken.id] } } });
    expect(tokens.map((t) => t.id)).toEqual([recentToken.id]);
    const rows = await db.outboxEvent.findMany({ where: { id: { in: [oldRow.id, recentRow.id, pendingRow.id] } } });
    expect(rows.map((r) => r.id).sort()).toEqual([recentRow.id, pendingRow.id].sort());
  });
});
