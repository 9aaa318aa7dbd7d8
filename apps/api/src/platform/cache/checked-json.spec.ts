import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../../../test/env.js';
import { parseConfig } from '../config/config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { PrismaService } from '../prisma/prisma.service.js';
import { RedisService } from '../redis/redis.service.js';
import { CacheKeys } from './cache-keys.js';
import { CacheService } from './cache.service.js';
import { checkedBody, checkedEntry, CheckedJson, contractTag, entryJson } from './checked-json.js';

// getOrLoadChecked against the real Redis (test db): a hit is the stored bytes only if they were
// checked against the same contract; nothing that breaks its contract is cached or returned.
const cfg = parseConfig({
  NODE_ENV: 'test',
  DATABASE_URL: TEST_DATABASE_URL,
  REDIS_URL: TEST_REDIS_URL,
  DATABASE_POOL_MAX: '2',
  LOG_LEVEL: 'silent',
});
const redis = new RedisService(cfg);
const prisma = new PrismaService(cfg);
const cache = new CacheService(redis, new MetricsService(), prisma, new OutboxService(prisma), cfg);
afterAll(async () => {
  redis.client.disconnect();
  await prisma.client.$disconnect();
});
const ready = () =>
  redis.client.status === 'ready' ? Promise.resolve() : new Promise((r) => redis.client.once('ready', r));
const ORG_SCOPE = { dataScope: 'ORG', teamIds: [], membershipId: null } as const;
const ZThing = z.object({ name: z.string(), n: z.number() });

describe('checked cache entries', () => {
  it('entry forms: checked entries name their contract; plain JSON is never mistaken for one', () => {
    const tag = contractTag(ZThing);
    expect(contractTag(ZThing)).toBe(tag);
    expect(contractTag(z.object({ name: z.string() }))).not.toBe(tag);
    const json = '{"name":"a","n":1}';
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    expect(checkedBody(bytes(checkedEntry(tag, json)), tag)?.toString('utf8')).toBe(json);
    expect(checkedBody(bytes(checkedEntry(tag, '{"name":"谷神","n":1}')), tag)?.toString('utf8')).toBe(
      '{"name":"谷神","n":1}',
    );
    expect(checkedBody(bytes(checkedEntry('000000000000', json)), tag)).toBeNull();
    expect(checkedBody(bytes(`c:${tag}`), tag)).toBeNull();
    expect(checkedBody(bytes(json), tag)).toBeNull();
    expect(entryJson(checkedEntry(tag, json))).toBe(json);
    expect(entryJson(json)).toBe(json);
  });

  it('a miss checks and stores; a hit is the stored bytes; getOrLoad reads the same entry as an object', async () => {
    await ready();
    const key = CacheKeys.detail(randomUUID(), 'asset', 'a1', ORG_SCOPE);
    let runs = 0;
    const loader = async () => ({ name: 'tractor', n: ++runs });
    const miss = await cache.getOrLoadChecked(key, loader, { ttlSeconds: 60, schema: ZThing });
    expect(miss).toBeInstanceOf(CheckedJson);
    expect(JSON.parse(String((miss as CheckedJson).json))).toEqual({ name: 'tractor', n: 1 });
    const hit = await cache.getOrLoadChecked(key, loader, { ttlSeconds: 60, schema: ZThing });
    // a hit is the stored bytes themselves, not a decoded string
    expect(Buffer.isBuffer((hit as CheckedJson).json)).toBe(true);
    expect(String((hit as CheckedJson).json)).toBe((miss as CheckedJson).json);
    expect(await cache.getOrLoad(key, loader, { ttlSeconds: 60 })).toEqual({ name: 'tractor', n: 1 });
    expect(runs).toBe(1);
  });

  it('a value breaking its contract is neither cached nor returned (INTERNAL)', async () => {
    await ready();
    const key = CacheKeys.detail(randomUUID(), 'asset', 'a1', ORG_SCOPE);
    const bad = async () => ({ name: 'tractor', n: 'one' });
    await expect(cache.getOrLoadChecked(key, bad, { ttlSeconds: 60, schema: ZThing })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
    expect(await redis.client.exists(key.hashKey)).toBe(0);
  });

  it('an entry written unchecked, or checked against another contract, comes back as an object (validated by the route again)', async () => {
    await ready();
    const org = randomUUID();
    const key = CacheKeys.detail(org, 'asset', 'a1', ORG_SCOPE);
    await redis.client.hset(key.hashKey, key.field, checkedEntry('000000000000', '{"name":"old","n":"x"}'));
    const loader = async () => ({ name: 'fresh', n: 2 });
    expect(await cache.getOrLoadChecked(key, loader, { ttlSeconds: 60, schema: ZThing })).toEqual({
      name: 'old',
      n: 'x',
    });
    const plain = CacheKeys.detail(org, 'asset', 'a2', ORG_SCOPE);
    await cache.getOrLoad(plain, loader, { ttlSeconds: 60 });
    expect(await cache.getOrLoadChecked(plain, loader, { ttlSeconds: 60, schema: ZThing })).toEqual({
      name: 'fresh',
      n: 2,
    });
  });
});
