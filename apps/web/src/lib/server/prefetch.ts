import 'server-only';
import type { QueryClient } from '@tanstack/react-query';
import { setServerTransport } from '../api-client';
import { makeQueryClient } from '../query-client';
import { getSessionTokens } from './auth';
import { fetchApi } from './upstream';

/**
 * Server-side prefetching for a page's first render: the features' own query options (same key,
 * same queryFn) run during the server render, and their data is in the HTML, hydrating into the
 * browser's QueryClient (HydrationBoundary) instead of being fetched after hydration.
 *
 * On the server, apiFetch cannot go through the browser's /api/proxy: it calls the API directly
 * with the session's access token (the proxy.ts middleware has refreshed it before rendering).
 * Reads only: a server render never writes.
 */
setServerTransport(async (path, init) => {
  if ((init.method ?? 'GET') !== 'GET') throw new Error(`server renders only read (${init.method} ${path})`);
  const { accessToken } = await getSessionTokens();
  if (!accessToken) throw new Error('not signed in');
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${accessToken}`);
  return fetchApi(path, { method: 'GET', headers, signal: init.signal ?? undefined });
});

/**
 * A QueryClient for one streamed part of a page: prefetch into it (a failed query is left out
 * of the dehydrated state, and the browser fetches it itself, as without prefetching), then
 * render `<HydrationBoundary state={dehydrate(client)}>`.
 */
export function prefetchClient(): QueryClient {
  const client = makeQueryClient();
  // no retries while the page waits: the browser retries a failed query itself
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}
