import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { PrismaService, type Tx } from '../prisma/prisma.service.js';
import type { JobPayload } from '../queue/registry.js';
import { RedisService } from '../redis/redis.service.js';
import {
  detailHashKey,
  flightId,
  generationKey,
  globalGenerationKey,
  type CacheKey,
  type CacheResource,
  type ListKey,
} from './cache-keys.js';
import { CacheStore, type CacheOptions } from './cache-store.js';
import { Semaphore } from './semaphore.js';
import { checkedBody, checkedEntry, CheckedJson, contractTag, entryJson } from './checked-json.js';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';

export const CACHE_OPTIONS = Symbol('CACHE_OPTIONS');

export type { CacheOptions } from './cache-store.js';

export const DEFAULT_CACHE_OPTIONS: CacheOptions = {
  maxConcurrentLoads: 32,
  breakerMs: 1000,
  opTimeoutMs: 250,
  enabled: true,
  leaseMs: 10_000,
};

/** What a write made stale. Ids only: it travels through the outbox when Redis is away. */
export interface Invalidation {
  /** list / analytics families of the org: their generation is bumped */
  resources?: CacheResource[];
  /** detail entries of the org: deleted (every scope's variant at once) */
  details?: { resource: CacheResource; id: string }[];
  /** platform-wide families (catalog): the global generation, every org at once */
  platformResources?: CacheResource[];
}

export type InvalidationPayload = JobPayload<'cache.invalidate'>;
export type InvalidationResult = 'ok' | 'deferred' | 'lost' | 'noop';

interface Flight {
  key: CacheKey;
  /** set when a write of this process invalidated the entry while it was loading: do not fill */
  stale: boolean;
  promise: Promise<unknown>;
}

/**
 * Redis cache-aside for read models (DESIGN.md §4).
 *
 * Read: single flight per key in this process → Redis (one round trip) → hit: the stored DTO;
 * miss: a lease on the entry in Redis (single flight across processes: a reader that finds the
 * lease taken waits for the fill, CacheStore.claim) → the loader (Postgres, at most
 * `maxConcurrentLoads` at once) → fill with TTL ± 20 % → the lease released.
 * Loader errors (404 included) propagate and are never stored. Redis failing or slow opens a
 * short circuit breaker: reads go straight to the (bounded) loader, the API keeps answering.
 *
 * Write: `invalidate()` AFTER the transaction commits (deleting before commit lets a concurrent
 * read refill the old value). If Redis refuses, the invalidation becomes an outbox row
 * (`cache.invalidate`) that the worker applies once Redis answers: never only logged.
 * Loaders must not call getOrLoad themselves (a nested load could wait on its own slot).
 */
@Injectable()
export class CacheService {
  private readonly log = new Logger('Cache');
  private readonly opts: CacheOptions;
  private readonly slots: Semaphore;
  private readonly flights = new Map<string, Flight>();
  private readonly store: CacheStore;

  constructor(
    private readonly redis: RedisService,
    private readonly metrics: MetricsService,
    private readonly prisma: PrismaService,
    private readonly outbox: OutboxService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(CACHE_OPTIONS) opts?: Partial<CacheOptions>,
  ) {
    this.opts = { ...DEFAULT_CACHE_OPTIONS, enabled: config.cache.enabled, ...(opts ?? {}) };
    this.slots = new Semaphore(this.opts.maxConcurrentLoads);
    this.store = new CacheStore(redis, this.opts, this.log);
  }

  /** Loaders running / waiting for a slot right now (tests and debugging). */
  get loadSlots() {
    return { inUse: this.slots.inUse, waiting: this.slots.waiting };
  }

  async getOrLoad<T>(key: CacheKey, loader: () => Promise<T>, opts: { ttlSeconds: number }): Promise<T> {
    if (!this.opts.enabled) {
      this.metrics.cacheRequests.inc({ resource: key.resource, result: 'disabled' });
      return loader();
    }
    return this.fly(flightId(key), key, (flight) => this.readThrough(key, loader, opts.ttlSeconds, flight));
  }

  /**
   * For an HTTP route: like getOrLoad, but a hit is the stored bytes (`CheckedJson`), sent as
   * they are. A loaded value is checked against `schema` (the route's @Returns contract) before it
   * is stored or returned: a value breaking its contract is neither cached nor sent (INTERNAL).
   * Plain objects come back when the cache is off or bypassed, or the entry was written unchecked:
   * the response-contract interceptor validates those as usual.
   */
  async getOrLoadChecked<T>(
    key: CacheKey,
    loader: () => Promise<T>,
    opts: { ttlSeconds: number; schema: z.ZodType },
  ): Promise<T | CheckedJson> {
    if (!this.opts.enabled) {
      this.metrics.cacheRequests.inc({ resource: key.resource, result: 'disabled' });
      return loader();
    }
    return this.fly(`checked|${flightId(key)}`, key, (flight) =>
      this.readThroughChecked(key, loader, opts.ttlSeconds, opts.schema, flight),
    );
  }

  /** Single flight per key in this process: concurrent readers of a key share one read (and load). */
  private fly<R>(id: string, key: CacheKey, run: (flight: Flight) => Promise<R>): Promise<R> {
    const joined = this.flights.get(id);
    if (joined) {
      this.metrics.cacheRequests.inc({ resource: key.resource, result: 'coalesced' });
      this.metrics.cacheDbQueriesAvoided.inc({ resource: key.resource });
      return joined.promise as Promise<R>;
    }
    const flight: Flight = { key, stale: false, promise: Promise.resolve() };
    this.flights.set(id, flight);
    const promise = run(flight).finally(() => {
      if (this.flights.get(id) === flight) this.flights.delete(id);
    });
    flight.promise = promise;
    return promise;
  }

  /**
   * Call after the write's transaction has committed. Never throws: the write already happened,
   * the caller's response must not turn into an error because the cache is away.
   */
  async invalidate(organizationId: string | null, inv: Invalidation): Promise<InvalidationResult> {
    const payload = toPayload(organizationId, inv);
    if (isEmpty(payload)) return 'noop';
    this.dropFlights(payload);
    if (this.store.usable()) {
      try {
        await this.store.withTimeout(this.store.applyOnce(payload));
        this.metrics.cacheInvalidations.inc({ result: 'ok' });
        return 'ok';
      } catch (err) {
        this.store.trip(err);
      }
    }
    try {
      await this.prisma.client.$transaction((tx) =>
        this.outbox.enqueue(tx, organizationId, 'cache.invalidate', payload),
      );
      this.metrics.cacheInvalidations.inc({ result: 'deferred' });
      return 'deferred';
    } catch (err) {
      // Postgres refused right after committing the write: the entry stays stale until its TTL.
      this.log.error(`cache invalidation lost (stale until TTL): ${(err as Error).message} ${JSON.stringify(payload)}`);
      this.metrics.cacheInvalidations.inc({ result: 'lost' });
      return 'lost';
    }
  }

  /**
   * For writes that run inside a caller's transaction (setMaintenanceStatus, recordIn): we cannot
   * act after a commit we do not own, so the invalidation is queued in that transaction (it exists
   * iff the change committed; the worker applies it) and also applied right away, best effort, so
   * readers after the commit do not wait for the worker ("double delete"; a read refilling the old
   * value between now and the commit is cleaned up by the worker's pass).
   */
  async invalidateInTx(tx: Tx, organizationId: string | null, inv: Invalidation): Promise<void> {
    const payload = toPayload(organizationId, inv);
    if (isEmpty(payload)) return;
    await this.outbox.enqueue(tx, organizationId, 'cache.invalidate', payload);
    this.dropFlights(payload);
    if (!this.store.usable()) return;
    await this.store.withTimeout(this.store.applyOnce(payload)).catch((err: unknown) => this.store.trip(err));
  }

  /** The worker's side: apply or throw (BullMQ retries with backoff). */
  async applyNow(payload: InvalidationPayload): Promise<void> {
    await this.store.withTimeout(this.store.applyOnce(payload));
    this.metrics.cacheInvalidations.inc({ result: 'ok' });
  }

  private async readThrough<T>(
    key: CacheKey,
    loader: () => Promise<T>,
    ttlSeconds: number,
    flight: Flight,
  ): Promise<T> {
    const resource = key.resource;
    if (!this.store.usable()) {
      this.metrics.cacheRequests.inc({ resource, result: 'bypass' });
      return this.load(resource, loader);
    }
    let valueKey: string;
    try {
      const read = await this.store.withTimeout(this.store.readRaw(key));
      valueKey = read.valueKey;
      if (read.raw !== null) {
        const parsed = parseEntry<T>(read.raw.toString('utf8'));
        if (parsed) {
          this.metrics.cacheRequests.inc({ resource, result: 'hit' });
          this.metrics.cacheDbQueriesAvoided.inc({ resource });
          return parsed.value;
        }
      }
    } catch (err) {
      this.store.trip(err);
      this.metrics.cacheRequests.inc({ resource, result: 'error' });
      return this.load(resource, loader);
    }
    const claim = await this.store.claim(key, valueKey);
    const shared = claim.raw ? parseEntry<T>(claim.raw.toString('utf8')) : undefined;
    if (shared) return this.sharedHit(resource, shared.value);
    this.metrics.cacheRequests.inc({ resource, result: 'miss' });
    try {
      const value = await this.load(resource, loader);
      if (!flight.stale) await this.store.fill(key, valueKey, JSON.stringify(value), ttlSeconds);
      return value;
    } finally {
      if (claim.lease) await this.store.release(claim.lease);
    }
  }

  /** Another process (or an earlier flight) filled the entry while this miss waited on its lease. */
  private sharedHit<R>(resource: CacheResource, value: R): R {
    this.metrics.cacheRequests.inc({ resource, result: 'coalesced' });
    this.metrics.cacheDbQueriesAvoided.inc({ resource });
    return value;
  }

  private async load<T>(resource: CacheResource, loader: () => Promise<T>): Promise<T> {
    const end = this.metrics.cacheRebuild.startTimer({ resource });
    try {
      return await this.slots.run(loader);
    } finally {
      end();
    }
  }

  private async readThroughChecked<T>(
    key: CacheKey,
    loader: () => Promise<T>,
    ttlSeconds: number,
    schema: z.ZodType,
    flight: Flight,
  ): Promise<T | CheckedJson> {
    const resource = key.resource;
    if (!this.store.usable()) {
      this.metrics.cacheRequests.inc({ resource, result: 'bypass' });
      return this.load(resource, loader);
    }
    const tag = contractTag(schema);
    let valueKey: string;
    try {
      const read = await this.store.withTimeout(this.store.readRaw(key));
      valueKey = read.valueKey;
      if (read.raw !== null) {
        const body = checkedBody(read.raw, tag);
        const hit = body !== null ? new CheckedJson(body) : parseEntry<T>(read.raw.toString('utf8'))?.value;
        if (hit !== undefined) {
          this.metrics.cacheRequests.inc({ resource, result: 'hit' });
          this.metrics.cacheDbQueriesAvoided.inc({ resource });
          return hit;
        }
      }
    } catch (err) {
      this.store.trip(err);
      this.metrics.cacheRequests.inc({ resource, result: 'error' });
      return this.load(resource, loader);
    }
    const claim = await this.store.claim(key, valueKey);
    if (claim.raw) {
      const body = checkedBody(claim.raw, tag);
      const shared = body !== null ? new CheckedJson(body) : parseEntry<T>(claim.raw.toString('utf8'))?.value;
      if (shared !== undefined) return this.sharedHit(resource, shared);
    }
    this.metrics.cacheRequests.inc({ resource, result: 'miss' });
    try {
      const value = await this.load(resource, loader);
      const checked = schema.safeParse(value);
      if (!checked.success) {
        this.log.error(
          `a cached ${resource} value breaks its response contract (not stored): ${checked.error.message}`,
        );
        throw new AppError('INTERNAL', 'Internal error');
      }
      const json = JSON.stringify(value);
      if (!flight.stale) await this.store.fill(key, valueKey, checkedEntry(tag, json), ttlSeconds);
      return new CheckedJson(json);
    } finally {
      if (claim.lease) await this.store.release(claim.lease);
    }
  }

  /** In-process half of the read/invalidate race: loads already running for a stale entry do not fill, and new readers do not join them. */
  private dropFlights(p: InvalidationPayload): void {
    const detailKeys = new Set(
      p.organizationId ? p.details.map((d) => detailHashKey(p.organizationId!, d.resource, d.id)) : [],
    );
    const genKeys = new Set([
      ...(p.organizationId ? p.resources.map((r) => generationKey(p.organizationId!, r)) : []),
      ...p.platformResources.map((r) => globalGenerationKey(r)),
    ]);
    for (const [id, f] of this.flights) {
      const hit =
        f.key.kind === 'detail'
          ? detailKeys.has(f.key.hashKey)
          : (f.key as ListKey).genKeys.some((g) => genKeys.has(g));
      if (hit) {
        f.stale = true;
        this.flights.delete(id);
      }
    }
  }
}

function toPayload(organizationId: string | null, inv: Invalidation): InvalidationPayload {
  if (!organizationId && (inv.resources?.length || inv.details?.length))
    throw new Error('org-scoped cache invalidation without an organization');
  return {
    organizationId,
    resources: [...new Set(inv.resources ?? [])],
    details: inv.details ?? [],
    platformResources: [...new Set(inv.platformResources ?? [])],
  };
}

const isEmpty = (p: InvalidationPayload) => !p.resources.length && !p.details.length && !p.platformResources.length;

function parseEntry<T>(raw: string): { value: T } | undefined {
  try {
    return { value: JSON.parse(entryJson(raw)) as T };
  } catch {
    return undefined; // unreadable entry: treated as a miss and overwritten by the fill
  }
}
