import { hash } from 'node:crypto';
import type { ScopeSubject } from '../access/data-scope.js';

/**
 * Cache key builder (pure: unit-tested without Redis).
 *
 * - Details: one Redis HASH per entity, `amms:v1:{org}:{resource}:{id}`, with one field per data
 *   scope that read it. The scoped query decides visibility, so each scope keeps its own answer
 *   and one DEL drops every variant (no SCAN, no KEYS).
 * - Lists / analytics: `amms:v1:{org}:{resource}:g{gen}:list:{scopeHash}:{queryHash}`. Bumping
 *   `amms:v1:{org}:{resource}:gen` (INCR) orphans the whole family; orphans die by TTL.
 * - Platform-wide data (catalog models visible to every org): the list key also carries a global
 *   generation `amms:v1:platform:{resource}:gen` (g{orgGen}.{globalGen}), so one INCR by a
 *   platform admin invalidates that list in every org at once.
 */
export const CACHE_PREFIX = 'amms:v1';
export const PLATFORM_SEGMENT = 'platform';

export const CACHE_RESOURCES = ['asset', 'machine-model', 'analytics', 'map'] as const;
export type CacheResource = (typeof CACHE_RESOURCES)[number];

export interface DetailKey {
  kind: 'detail';
  resource: CacheResource;
  /** the Redis hash holding every scope's variant of this entity */
  hashKey: string;
  /** the field for this caller's scope */
  field: string;
}

export interface ListKey {
  kind: 'list';
  resource: CacheResource;
  /** generation counters read in the same round trip as the value, in this order */
  genKeys: string[];
  /** the value key is `${prefix}${gens joined by '.'}${suffix}` */
  prefix: string;
  suffix: string;
}

export type CacheKey = DetailKey | ListKey;

// one-shot hash (Node ≥ 20.12): no Hash object per call, on every cached read
const sha = (s: string, chars = 16) => hash('sha256', s, 'hex').slice(0, chars);

/**
 * Everything about the caller that changes what a scoped query returns. ORG sees all; TEAM sees
 * its teams (sorted: team order must not split the cache); ASSIGNED depends on the member.
 * Role and permissions are not part of it: they decide *whether* the route runs (guard, never
 * cached), not what the query returns.
 */
export function scopeHash(subject: ScopeSubject): string {
  switch (subject.dataScope) {
    case 'ORG':
      return 'org';
    case 'TEAM':
      return `team-${sha([...subject.teamIds].sort().join(','))}`;
    case 'ASSIGNED':
      return `asg-${subject.membershipId ?? 'none'}`;
  }
}

/** Stable JSON: object keys sorted, undefined dropped (so `{a:1,b:undefined}` ≡ `{a:1}`); arrays keep order. */
export function normalize(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : normalize(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${normalize(v)}`).join(',')}}`;
}

export const queryHash = (query: unknown): string => sha(normalize(query));

export const generationKey = (org: string, resource: CacheResource) => `${CACHE_PREFIX}:${org}:${resource}:gen`;
export const globalGenerationKey = (resource: CacheResource) => `${CACHE_PREFIX}:${PLATFORM_SEGMENT}:${resource}:gen`;
export const detailHashKey = (org: string, resource: CacheResource, id: string) =>
  `${CACHE_PREFIX}:${org}:${resource}:${id}`;

export const CacheKeys = {
  detail(org: string, resource: CacheResource, id: string, scope: ScopeSubject): DetailKey {
    return { kind: 'detail', resource, hashKey: detailHashKey(org, resource, id), field: scopeHash(scope) };
  },

  /** `platformWide`: the result also contains platform rows, so it follows the global generation too. */
  list(
    org: string,
    resource: CacheResource,
    scope: ScopeSubject,
    query: unknown,
    opts: { platformWide?: boolean } = {},
  ): ListKey {
    const genKeys = [generationKey(org, resource)];
    if (opts.platformWide) genKeys.push(globalGenerationKey(resource));
    return {
      kind: 'list',
      resource,
      genKeys,
      prefix: `${CACHE_PREFIX}:${org}:${resource}:g`,
      suffix: `:list:${scopeHash(scope)}:${queryHash(query)}`,
    };
  },
};

/** The concrete Redis key of a list value once the generations are known. */
export const listValueKey = (key: ListKey, gens: readonly (string | number | null)[]) =>
  `${key.prefix}${gens.map((g) => g ?? 0).join('.')}${key.suffix}`;

/** Identity of a logical entry for in-process single flight (generation-independent). */
export const flightId = (key: CacheKey) =>
  key.kind === 'detail' ? `d|${key.hashKey}|${key.field}` : `l|${key.genKeys.join(',')}|${key.suffix}`;

/** TTL ± 20 % (uniform), at least 1 s: entries filled together do not all expire together. */
export function jitteredTtl(ttlSeconds: number, rand: () => number = Math.random, spread = 0.2): number {
  const factor = 1 - spread + rand() * 2 * spread;
  return Math.max(1, Math.round(ttlSeconds * factor));
}

/** Chosen TTLs (seconds). Invalidation is the primary freshness mechanism; TTL bounds the leftovers. */
export const CACHE_TTL = {
  catalog: 300,
  assetDetail: 60,
  assetList: 60,
  analytics: 120,
  /** the map's feature collection: boundary and field writes invalidate it, job changes too */
  map: 120,
} as const;
