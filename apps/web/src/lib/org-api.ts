import type { z } from 'zod';
import { apiFetch } from './api-client';

/**
 * The one place that builds org-scoped API paths and query strings, and reads whole small
 * lists page by page. Features build their `queries.ts` / `mutations.ts` on these.
 */

/** `orgs/<orgId>` or `orgs/<orgId>/<path>` (the proxy path apiFetch takes). */
export function orgApi(orgId: string, path = ''): string {
  const base = `orgs/${encodeURIComponent(orgId)}`;
  return path ? `${base}/${path.replace(/^\/+/, '')}` : base;
}

/** A query string without empty values: `?a=1&b=x`, or '' when nothing is left. */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** A path segment from an id (ids come from the URL: never trust them to be plain). */
export const seg = (id: string): string => encodeURIComponent(id);

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * Every page of a small list (pickers: fields, machines, members, teams), at most
 * `maxPages` × `pageSize` rows; `truncated` says the list was cut.
 */
export async function fetchAllPages<T>(
  path: string,
  schema: z.ZodType<Page<T>>,
  signal: AbortSignal | undefined,
  maxPages = 5,
  pageSize = 200,
): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: Page<T> = await apiFetch(
      `${path}${sep}limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      schema,
      { signal },
    );
    items.push(...res.items);
    cursor = res.nextCursor;
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}
