import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshQueries } from './refresh';

/**
 * The query-key registry. Every org-scoped key is ['orgs', orgId, family, …]: switching orgs
 * never shows another org's cache, one org can be dropped as a whole, and a write refreshes
 * whole families by name. A family is named here once; a key or an invalidation naming any
 * other string does not compile (and lib/query-keys.spec.ts checks that every family a write
 * refreshes is one that some query really reads).
 */
export const QUERY_FAMILIES = [
  'agent',
  'analytics',
  'api-keys',
  'assets',
  'audit',
  'costs',
  'dashboard',
  'drafts',
  'field',
  'inventory',
  'jobs',
  'knowledge',
  'maintenance',
  'map',
  'members',
  'notifications',
  'plots',
  'teams',
  'telematics',
  'webhooks',
] as const;

export type QueryFamily = (typeof QUERY_FAMILIES)[number];

/** A key of one org's family: orgKey(orgId, 'jobs', 'detail', id) → ['orgs', orgId, 'jobs', 'detail', id]. */
export function orgKey<F extends QueryFamily, const R extends readonly unknown[]>(
  orgId: string,
  family: F,
  ...rest: R
): readonly ['orgs', string, F, ...R] {
  return ['orgs', orgId, family, ...rest] as const;
}

/** Every query of one org (e.g. after a team change, which narrows what a member sees everywhere). */
export const orgRootKey = (orgId: string) => ['orgs', orgId] as const;

/** The family of an org-scoped key, or null for anything else (['me']). */
export function familyOf(key: QueryKey): string | null {
  return key[0] === 'orgs' && typeof key[2] === 'string' ? key[2] : null;
}

/** `refreshQueries` for whole families of one org: ['orgs', orgId, family, …]. */
export function refreshOrgFamilies(qc: QueryClient, orgId: string, families: readonly QueryFamily[]): Promise<void> {
  return refreshQueries(qc, ...families.map((family) => orgKey(orgId, family)));
}

/**
 * What each kind of write makes stale, by family. A job or a work order books machines
 * (the timeline, the draft review's booking check, the dashboard), changes what a machine page
 * and the field app show, and what analytics sum; a cost document changes totals.
 */
export const AFTER_WRITE = {
  job: ['jobs', 'assets', 'dashboard', 'analytics', 'field', 'drafts'],
  workOrder: ['maintenance', 'assets', 'jobs', 'dashboard', 'analytics', 'field', 'drafts'],
  costDocument: ['costs', 'dashboard', 'analytics', 'assets'],
  /** an executed draft created or changed jobs, work orders and bookings (the draft itself is refreshed on its own) */
  draftExecution: ['jobs', 'maintenance', 'assets', 'dashboard', 'analytics', 'field'],
  /** a stock movement: stock and parts pages; an issue or return also moves a work order's parts cost */
  stock: ['inventory', 'maintenance', 'field', 'assets', 'dashboard', 'analytics'],
} as const satisfies Record<string, readonly QueryFamily[]>;
