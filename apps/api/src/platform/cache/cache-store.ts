import { randomUUID } from 'node:crypto';
import type { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { JobPayload } from '../queue/registry.js';
import { RedisService } from '../redis/redis.service.js';
import { detailHashKey, generationKey, globalGenerationKey, jitteredTtl, type CacheKey } from './cache-keys.js';

export interface CacheOptions {
  /** loaders (Postgres reads) running at once in this process; excess callers wait */
  maxConcurrentLoads: number;
  /** after a Redis error, skip Redis for this long instead of paying a failure per request */
  breakerMs: number;
  /** a Redis command slower than this counts as a failure (the shared client has no command timeout) */
  opTimeoutMs: number;
  /** false (CACHE_ENABLED=false): reads go straight to the loader; invalidations still run */
  enabled: boolean;
  /**
   * Single flight across processes: a miss takes a lease on the entry (SET NX PX) before loading;
   * readers of other processes (and of this one after its flight) wait for the fill instead of
   * loading too. The lease expires after this long (a holder that died), and a waiter gives up
   * and loads itself after the same time.
   */
  leaseMs: number;
}

/**
 * One round trip for a list read: the generations and the value they name. The value key is
 * composed server-side from the generations, so a concurrent INCR cannot make us read a key
 * from one generation and fill another. Measured against MGET(gens) + GET on the loopback
 * Redis: see docs/architecture.md "Cache-aside".
 */
const READ_LIST_LUA = `
local gens = {}
for i, k in ipairs(KEYS) do gens[i] = redis.call('GET', k) or '0' end
local key = ARGV[1] .. table.concat(gens, '.') .. ARGV[2]
return {key, redis.call('GET', key)}`;

/**
 * A miss's next step, in one round trip: the entry if it is there now (someone filled it), else the
 * lease on it if nobody holds that (then the caller loads), else nothing (wait and ask again).
 * KEYS: value key, lease key. ARGV: 'h' for a detail hash (ARGV[2] its field), token, lease ms.
 */
const CLAIM_LUA = `
local v
if ARGV[1] == 'h' then v = redis.call('HGET', KEYS[1], ARGV[2]) else v = redis.call('GET', KEYS[1]) end
if v then return {1, v} end
if redis.call('SET', KEYS[2], ARGV[3], 'NX', 'PX', ARGV[4]) then return {2} end
return {0}`;

/** Drops the lease if it is still ours (an expired one may have been taken by another loader). */
const RELEASE_LUA = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

type ListReader = Redis & {
  /** ioredis' Buffer variant of the command defined below: the reply's strings as bytes */
  ammsCacheReadListBuffer(numKeys: number, ...keysAndArgs: string[]): Promise<[Buffer, Buffer | null]>;
  ammsCacheClaimBuffer(numKeys: number, ...keysAndArgs: string[]): Promise<[number, Buffer?]>;
  ammsCacheRelease(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
};

/** What a miss found: the entry another loader filled, the lease (load it), or neither (load anyway). */
export interface Claim {
  raw?: Buffer;
  lease?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class RedisTimeout extends Error {
  constructor(ms: number) {
    super(`redis command exceeded ${ms} ms`);
  }
}

/**
 * The Redis side of the cache: one-round-trip reads, best-effort fills, invalidations as one
 * MULTI, each command bounded by `opTimeoutMs`, and the circuit breaker that skips Redis for
 * `breakerMs` after a failure.
 */
export class CacheStore {
  private openUntil = 0;

  constructor(
    private readonly redis: RedisService,
    private readonly opts: CacheOptions,
    private readonly log: Logger,
  ) {
    redis.client.defineCommand('ammsCacheReadList', { lua: READ_LIST_LUA });
    redis.client.defineCommand('ammsCacheClaim', { lua: CLAIM_LUA });
    redis.client.defineCommand('ammsCacheRelease', { lua: RELEASE_LUA });
  }

  /**
   * After a miss: wait for the entry while another process (or an earlier flight) holds its lease,
   * or take the lease. Polls with a growing pause (5 → 50 ms); after `leaseMs` without a fill or a
   * free lease, or when Redis fails, the caller loads without one (never worse than no single flight).
   */
  async claim(key: CacheKey, valueKey: string): Promise<Claim> {
    const client = this.redis.client as ListReader;
    const leaseKey = `${valueKey}${key.kind === 'detail' ? `|${key.field}` : ''}:lease`;
    const token = randomUUID();
    const giveUp = Date.now() + this.opts.leaseMs;
    let pause = 5;
    try {
      for (;;) {
        const [state, raw] = await this.withTimeout(
          client.ammsCacheClaimBuffer(
            2,
            valueKey,
            leaseKey,
            key.kind === 'detail' ? 'h' : 'k',
            key.kind === 'detail' ? key.field : '',
            token,
            String(this.opts.leaseMs),
          ),
        );
        if (state === 1 && raw) return { raw };
        if (state === 2) return { lease: `${leaseKey} ${token}` };
        if (Date.now() + pause > giveUp) return {};
        await sleep(pause);
        pause = Math.min(pause * 2, 50);
      }
    } catch (err) {
      this.trip(err);
      return {};
    }
  }

  /** Best effort: a lease not released expires by itself. */
  async release(lease: string): Promise<void> {
    const [leaseKey, token] = lease.split(' ') as [string, string];
    try {
      await this.withTimeout((this.redis.client as ListReader).ammsCacheRelease(1, leaseKey, token));
    } catch (err) {
      this.trip(err);
    }
  }

  /**
   * The entry as bytes, as Redis sent them: a checked hit goes out as a slice of this buffer,
   * never decoded to a string and encoded again (a 50-row list is 20 KB).
   */
  async readRaw(key: CacheKey): Promise<{ valueKey: string; raw: Buffer | null }> {
    const client = this.redis.client;
    if (key.kind === 'detail') return { valueKey: key.hashKey, raw: await client.hgetBuffer(key.hashKey, key.field) };
    const [valueKey, raw] = await (client as ListReader).ammsCacheReadListBuffer(
      key.genKeys.length,
      ...key.genKeys,
      key.prefix,
      key.suffix,
    );
    return { valueKey: valueKey.toString(), raw };
  }

  /** Best effort: a failed fill only costs the next reader a miss. */
  async fill(key: CacheKey, valueKey: string, json: string, ttlSeconds: number): Promise<void> {
    if (!this.usable()) return;
    const ttl = jitteredTtl(ttlSeconds);
    try {
      if (key.kind === 'detail') {
        // one hash per entity; NX: adding a scope's field does not extend the older fields' life
        const res = await this.withTimeout(
          this.redis.client.multi().hset(valueKey, key.field, json).expire(valueKey, ttl, 'NX').exec(),
        );
        throwIfFailed(res);
      } else {
        await this.withTimeout(this.redis.client.set(valueKey, json, 'EX', ttl));
      }
    } catch (err) {
      this.trip(err);
    }
  }

  /** One MULTI: INCR the generations, DEL the detail hashes. Repeating it is harmless. */
  async applyOnce(p: JobPayload<'cache.invalidate'>): Promise<void> {
    const m = this.redis.client.multi();
    if (p.organizationId) {
      for (const r of p.resources) m.incr(generationKey(p.organizationId, r));
      const keys = p.details.map((d) => detailHashKey(p.organizationId!, d.resource, d.id));
      if (keys.length) m.del(...keys);
    }
    for (const r of p.platformResources) m.incr(globalGenerationKey(r));
    throwIfFailed(await m.exec());
  }

  usable(): boolean {
    return Date.now() >= this.openUntil && this.redis.client.status === 'ready';
  }

  trip(err: unknown): void {
    const wasClosed = Date.now() >= this.openUntil;
    this.openUntil = Date.now() + this.opts.breakerMs;
    if (wasClosed)
      this.log.warn(
        `redis unavailable, cache bypassed for ${this.opts.breakerMs} ms: ${(err as Error)?.message ?? String(err)}`,
      );
  }

  /** One promise and one timer per command (a race plus a finally cost three more hops per cached read). */
  withTimeout<T>(p: Promise<T>): Promise<T> {
    const ms = this.opts.opTimeoutMs;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new RedisTimeout(ms)), ms);
      p.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err as Error);
        },
      );
    });
  }
}

function throwIfFailed(res: [Error | null, unknown][] | null): void {
  if (!res) throw new Error('redis transaction aborted');
  const failed = res.find(([err]) => err);
  if (failed) throw failed[0];
}
