import 'server-only';
import type { z } from 'zod';
import { getSessionTokens } from './auth';
import { fetchApi } from './upstream';

/**
 * GET from the API during a server render, as the signed-in user. For prefetching
 * into the request's QueryClient: a failure throws, prefetchQuery keeps it out of the
 * dehydrated state, and the browser fetches the query itself through /api/proxy.
 */
export async function serverApiGet<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
  const { accessToken } = await getSessionTokens();
  if (!accessToken) throw new Error('not signed in');
  const res = await fetchApi(path, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path} failed with HTTP ${res.status}`);
  return schema.parse(await res.json());
}
