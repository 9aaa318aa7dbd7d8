import 'server-only';
import { createHash } from 'node:crypto';
import { ZTokenPair, type TRefreshRequest, type TTokenPair } from '@amms/contracts/auth';
import type { TErrorEnvelope } from '@amms/contracts/errors';
import { fetchApi, readErrorEnvelope, UpstreamUnavailableError } from './upstream';

export type RefreshOutcome =
  | { ok: true; pair: TTokenPair }
  /** The refresh token is dead (invalid, expired, reused): the session is over. */
  | { ok: false; fatal: true; status: number; error: TErrorEnvelope | null }
  /** The API could not answer (down, 5xx, 429): keep the cookies, try again later. */
  | { ok: false; fatal: false; status: number; error: TErrorEnvelope | null };

type Entry = { promise: Promise<RefreshOutcome>; settledAt: number | null };

/**
 * The API rotates refresh tokens and revokes the whole family when a rotated token is
 * presented again. A browser easily sends several requests carrying the same refresh
 * cookie at once (parallel queries, prefetches, two tabs), and requests already in
 * flight still carry the old cookie after the first one rotated it. So, per Next
 * server process:
 *  - one refresh call per refresh token at a time: later callers await the same promise;
 *  - the outcome stays available for GRACE_MS after it settles, so a late request with
 *    the old token gets the same new pair instead of burning the family.
 * Keyed by a hash so the map never holds a usable token as a key. The map lives on
 * globalThis because proxy.ts and the route handlers are separate bundles in one process.
 */
const GRACE_MS = 30_000;
const STORE_KEY = Symbol.for('amms.web.refresh-single-flight');

function store(): Map<string, Entry> {
  const g = globalThis as typeof globalThis & { [STORE_KEY]?: Map<string, Entry> };
  g[STORE_KEY] ??= new Map();
  return g[STORE_KEY];
}

function prune(map: Map<string, Entry>, now: number): void {
  for (const [key, entry] of map) {
    if (entry.settledAt !== null && now - entry.settledAt > GRACE_MS) map.delete(key);
  }
}

export function refreshTokenKey(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('base64url');
}

export function refreshSession(refreshToken: string, meta: Record<string, string> = {}): Promise<RefreshOutcome> {
  const map = store();
  prune(map, Date.now());
  const key = refreshTokenKey(refreshToken);
  const existing = map.get(key);
  if (existing) return existing.promise;

  const promise = callRefresh(refreshToken, meta).then(
    (outcome) => {
      const entry = map.get(key);
      if ((outcome.ok || outcome.fatal) && entry) entry.settledAt = Date.now();
      // transient failures are not remembered: the next request may try again
      else map.delete(key);
      return outcome;
    },
    (err: unknown) => {
      map.delete(key);
      throw err;
    },
  );
  map.set(key, { promise, settledAt: null });
  return promise;
}

async function callRefresh(refreshToken: string, meta: Record<string, string>): Promise<RefreshOutcome> {
  const body: TRefreshRequest = { refreshToken };
  let res: Response;
  try {
    res = await fetchApi('auth/refresh', {
      method: 'POST',
      headers: { ...meta, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    if (err instanceof UpstreamUnavailableError) return { ok: false, fatal: false, status: 503, error: null };
    throw err;
  }
  if (res.ok) {
    const parsed = ZTokenPair.safeParse(await res.json().catch(() => null));
    if (parsed.success) return { ok: true, pair: parsed.data };
    return { ok: false, fatal: false, status: 502, error: null };
  }
  const error = await readErrorEnvelope(res);
  // 400 (malformed token), 401 (invalid/expired/reused): the token will never work again
  const fatal = res.status === 400 || res.status === 401 || res.status === 403;
  return { ok: false, fatal, status: res.status, error };
}
