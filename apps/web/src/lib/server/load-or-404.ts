import 'server-only';
import { notFound } from 'next/navigation';
import type { z } from 'zod';
import { getSessionTokens } from '@/lib/server/auth';
import { fetchApi } from '@/lib/server/upstream';

/**
 * A record (a manual, a field…) as the signed-in member may see it, read on the server before anything
 * renders. Not visible (another org's document, deleted, not an id) → the plain 404 page, which
 * says nothing about it. Other failures → null: the browser fetches it itself and shows the
 * error with a retry.
 */
export async function loadOr404<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | null> {
  const { accessToken } = await getSessionTokens();
  if (!accessToken) return null;
  const res = await fetchApi(path, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  }).catch(() => null);
  if (!res) return null;
  if (res.status === 404 || res.status === 400) notFound();
  if (!res.ok) return null;
  const parsed = schema.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
