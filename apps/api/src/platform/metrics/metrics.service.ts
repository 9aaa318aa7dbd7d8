import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'amms_http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly logins = new Counter({
    name: 'amms_auth_logins_total',
    help: 'Login attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly idempotency = new Counter({
    name: 'amms_idempotency_decisions_total',
    help: 'Idempotency-Key decisions',
    labelNames: ['decision'] as const,
    registers: [this.registry],
  });
  readonly cacheRequests = new Counter({
    name: 'amms_cache_requests_total',
    help: 'Cache-aside reads by resource and result (hit, miss, coalesced = joined an in-flight load, error = Redis failed, bypass = circuit open)',
    labelNames: ['resource', 'result'] as const,
    registers: [this.registry],
  });
  readonly cacheRebuild = new Histogram({
    name: 'amms_cache_rebuild_seconds',
    help: 'Time to load a missed cache entry from Postgres (including the wait for a loader slot)',
    labelNames: ['resource'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly cacheInvalidations = new Counter({
    name: 'amms_cache_invalidations_total',
    help: 'Cache invalidations: ok = applied in Redis, deferred = written to the outbox for the worker, lost = neither (logged)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly cacheDbQueriesAvoided = new Counter({
    name: 'amms_cache_db_queries_avoided_total',
    help: 'Reads answered without running the loader (Redis hits + callers coalesced onto an in-flight load)',
    labelNames: ['resource'] as const,
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'amms_rate_limited_total',
    help: 'Requests refused 429 by a route rate limit (limits.ts), by limit name and by whom it counted (member or org)',
    labelNames: ['limit', 'per'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'amms_' });
  }
}
