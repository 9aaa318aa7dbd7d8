import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../../test/env.js';
import { parseConfig } from '../config/config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { RedisService } from '../redis/redis.service.js';
import { CacheKeys } from './cache-keys.js';
import { CacheService, type CacheOptions } from './cache.service.js';
import { CheckedJson } from './checked-json.js';
import { z } from 'zod';

// Against the real Redis (test db 1): no mocks. Each test uses a fresh org id, so keys never collide.
const config = (redisUrl: string) =>
  parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: redisUrl,
    DATABASE_POOL_MAX: '2',
    LOG_LEVEL: 'silent',
  });
const opened: { redis: RedisService; prisma: PrismaService }[] = [];

async function makeCache(opts: Partial<CacheOptions> = {}, redisUrl = TEST_REDIS_URL) {
  const cfg = config(redisUrl);
  const redis = new RedisService(cfg);
  const prisma = new PrismaService(cfg);
  opened.push({ redis, prisma });
  const metrics = new MetricsService();
  const cache = new CacheService(redis, metrics, prisma, new OutboxService(prisma), cfg, opts);
  if (redisUrl === TEST_REDIS_URL && redis.client.status !== 'ready')
    await new Promise((r) => redis.client.once('ready', r));
  const count = async (result: string) =>
    (await metrics.cacheRequests.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
  return { cache, redis, metrics, count };
}

afterAll(async () => {
  for (const o of opened) {
    o.redis.client.disconnect();
    await o.prisma.client.$disconnect();
  }
});

const ORG_SCOPE = { dataScope: 'ORG', teamIds: [], membershipId: null } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('CacheService (real Redis)', () => {
  it('single flight: N concurrent reads of a cold key run the loader once; the next read is a hit', async () => {
    const { cache, count } = await makeCache();
    const key = CacheKeys.detail(randomUUID(), 'asset', 'a1', ORG_SCOPE);
    let runs = 0;
    const loader = async () => {
      runs++;
      await sleep(30);
      return { name: 'tractor', costMinor: '123' };
    };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => cache.getOrLoad(key, loader, { ttlSeconds: 60 })),
    );
    expect(runs).toBe(1);
    expect(results.every((r) => r.name === 'tractor' && r.costMinor === '123')).toBe(true);
    expect(await count('coalesced')).toBe(24);
    expect(await cache.getOrLoad(key, loader, { ttlSeconds: 60 })).toEqual({ name: 'tractor', costMinor: '123' });
    expect(runs).toBe(1);
    expect(await count('hit')).toBe(1);
  });

  it('disabled (CACHE_ENABLED=false): every read runs the loader and nothing is written to Redis', async () => {
    const { cache, redis, count } = await makeCache({ enabled: false });
    const org = randomUUID();
    const key = CacheKeys.detail(org, 'asset', 'a1', ORG_SCOPE);
    let runs = 0;
    const loader = async () => ({ run: ++runs });
    expect(await cache.getOrLoad(key, loader, { ttlSeconds: 60 })).toEqual({ run: 1 });
    expect(await cache.getOrLoad(key, loader, { ttlSeconds: 60 })).toEqual({ run: 2 });
    expect(await count('disabled')).toBe(2);
    expect(await redis.client.exists(key.hashKey)).toBe(0);
  });

  it('fills with a jittered TTL (± 20 %); detail variants share one hash that one invalidation drops', async () => {
    const { cache, redis } = await makeCache();
    const org = randomUUID();
    const a = CacheKeys.detail(org, 'asset', 'a1', ORG_SCOPE);
    const b = CacheKeys.detail(org, 'asset', 'a1', { dataScope: 'TEAM', teamIds: ['t1'], membershipId: 'm' });
    await cache.getOrLoad(a, async () => 'org view', { ttlSeconds: 100 });
    await cache.getOrLoad(b, async () => 'team view', { ttlSeconds: 100 });
    const ttl = await redis.client.ttl(a.hashKey);
    expect(ttl).toBeGreaterThanOrEqual(79);
    expect(ttl).toBeLessThanOrEqual(120);
    expect(await redis.client.hlen(a.hashKey)).toBe(2);
    expect(await cache.invalidate(org, { details: [{ resource: 'asset', id: 'a1' }] })).toBe('ok');
    expect(await redis.client.exists(a.hashKey)).toBe(0);
    expect(await cache.getOrLoad(b, async () => 'team view 2', { ttlSeconds: 100 })).toBe('team view 2');
  });

  it('never caches a failure: a loader error (e.g. 404) reaches every waiter and the next read loads again', async () => {
    const { cache } = await makeCache();
    const key = CacheKeys.detail(randomUUID(), 'asset', 'missing', ORG_SCOPE);
    let runs = 0;
    const failing = async () => {
      runs++;
      await sleep(10);
      throw new Error('not found');
    };
    const settled = await Promise.allSettled([
      cache.getOrLoad(key, failing, { ttlSeconds: 60 }),
      cache.getOrLoad(key, failing, { ttlSeconds: 60 }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await cache.getOrLoad(key, async () => 'now it exists', { ttlSeconds: 60 })).toBe('now it exists');
  });

  it('lists: INCR of the org generation orphans every query of the family; the platform generation reaches every org', async () => {
    const { cache } = await makeCache();
    const [org1, org2] = [randomUUID(), randomUUID()];
    let n = 0;
    const load = async () => ++n;
    const assets = CacheKeys.list(org1, 'asset', ORG_SCOPE, { limit: 10 });
    expect(await cache.getOrLoad(assets, load, { ttlSeconds: 60 })).toBe(1);
    expect(await cache.getOrLoad(assets, load, { ttlSeconds: 60 })).toBe(1);
    await cache.invalidate(org1, { resources: ['asset'] });
    expect(await cache.getOrLoad(assets, load, { ttlSeconds: 60 })).toBe(2);

    const m1 = CacheKeys.list(org1, 'machine-model', ORG_SCOPE, {}, { platformWide: true });
    const m2 = CacheKeys.list(org2, 'machine-model', ORG_SCOPE, {}, { platformWide: true });
    const v1 = await cache.getOrLoad(m1, load, { ttlSeconds: 60 });
    const v2 = await cache.getOrLoad(m2, load, { ttlSeconds: 60 });
    await cache.invalidate(org2, { resources: ['machine-model'] }); // org2's own edit: org1 keeps its entry
    expect(await cache.getOrLoad(m1, load, { ttlSeconds: 60 })).toBe(v1);
    expect(await cache.getOrLoad(m2, load, { ttlSeconds: 60 })).not.toBe(v2);
    await cache.invalidate(null, { platformResources: ['machine-model'] }); // platform edit: everyone misses
    expect(await cache.getOrLoad(m1, load, { ttlSeconds: 60 })).not.toBe(v1);
  });

  it('a load that an invalidation overtook does not fill, and later readers do not join it', async () => {
    const { cache } = await makeCache();
    const org = randomUUID();
    const key = CacheKeys.detail(org, 'asset', 'a1', ORG_SCOPE);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.getOrLoad(key, async () => (await gate, 'old'), { ttlSeconds: 60 });
    await sleep(20);
    await cache.invalidate(org, { details: [{ resource: 'asset', id: 'a1' }] });
    const fresh = cache.getOrLoad(key, async () => 'new', { ttlSeconds: 60 });
    release();
    expect(await slow).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.getOrLoad(key, async () => 'unexpected load', { ttlSeconds: 60 })).toBe('new');
  });

  it('Redis unreachable: reads bypass to the loader with bounded concurrency; the circuit skips Redis', async () => {
    const { cache, count } = await makeCache({ maxConcurrentLoads: 4 }, 'redis://127.0.0.1:1/1');
    let active = 0;
    let peak = 0;
    const loader = (i: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await sleep(15);
      active--;
      return i;
    };
    const org = randomUUID();
    const out = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        cache.getOrLoad(CacheKeys.detail(org, 'asset', `a${i}`, ORG_SCOPE), loader(i), { ttlSeconds: 60 }),
      ),
    );
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(peak).toBe(4);
    expect(cache.loadSlots).toEqual({ inUse: 0, waiting: 0 });
    expect(await count('bypass')).toBe(40);
  });
});

// Issue #30 §2: single flight across processes (API instances, the worker). Each CacheService here
// has its own Redis connection and in-process flights, as separate processes have.
describe('CacheService: one rebuild for a herd spread over several processes (real Redis)', () => {
  const processes = (n: number, opts: Partial<CacheOptions> = {}) =>
    Promise.all(Array.from({ length: n }, () => makeCache(opts)));

  it('64 readers of an invalidated list entry on 4 processes: the loader runs once, every reader gets its value', async () => {
    const caches = await processes(4);
    const org = randomUUID();
    const key = CacheKeys.list(org, 'analytics', ORG_SCOPE, { endpoint: 'overview' });
    let runs = 0;
    const loader = async () => {
      runs++;
      await sleep(50);
      return { figure: runs };
    };
    await caches[0]!.cache.getOrLoad(key, loader, { ttlSeconds: 60 });
    expect(await caches[1]!.cache.invalidate(org, { resources: ['analytics'] })).toBe('ok');
    runs = 0;
    const out = await Promise.all(
      Array.from({ length: 64 }, (_, i) => caches[i % 4]!.cache.getOrLoad(key, loader, { ttlSeconds: 60 })),
    );
    expect(runs).toBe(1);
    expect(out.every((v) => v.figure === 1)).toBe(true);
  });

  it('the checked read (an HTTP route) too: one load, the other processes answer the stored bytes', async () => {
    const caches = await processes(3);
    const key = CacheKeys.list(randomUUID(), 'analytics', ORG_SCOPE, { endpoint: 'utilization' });
    let runs = 0;
    const loader = async () => (runs++, await sleep(50), { total: 7 });
    const schema = z.object({ total: z.number() });
    const out = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        caches[i % 3]!.cache.getOrLoadChecked(key, loader, { ttlSeconds: 60, schema }),
      ),
    );
    expect(runs).toBe(1);
    for (const v of out)
      expect(JSON.parse(v instanceof CheckedJson ? v.json.toString() : JSON.stringify(v))).toEqual({ total: 7 });
  });

  it('a loader that fails releases its lease: a reader waiting in another process loads at once, not after the lease', async () => {
    // a lease of 10 minutes: were it not released, the waiter would outlast the test's timeout
    const [a, b] = await processes(2, { leaseMs: 600_000 });
    const key = CacheKeys.detail(randomUUID(), 'asset', 'a1', ORG_SCOPE);
    let started!: () => void;
    const holding = new Promise<void>((r) => (started = r));
    const failing = cache(a!).getOrLoad(
      key,
      async () => {
        started();
        await sleep(50);
        throw new Error('database away');
      },
      { ttlSeconds: 60 },
    );
    await holding;
    const waiter = cache(b!).getOrLoad(key, async () => 'loaded by b', { ttlSeconds: 60 });
    await expect(failing).rejects.toThrow('database away');
    expect(await waiter).toBe('loaded by b');
  }, 30_000);
});

const cache = (x: { cache: CacheService }) => x.cache;
