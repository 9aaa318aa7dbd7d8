import 'server-only';
import { createHash } from 'node:crypto';
import { ZTokenPair, type TRefreshRequest, type TTokenPair } from '@amms/contracts/auth';
import type { TErrorEnvelope } from '@amms/contracts/errors';
import { newBrowserSession } from './session-cookies';
import { fetchApi, readErrorEnvelope, UpstreamUnavailableError } from './upstream';

export type RefreshOutcome =
  /** `browserSession`: the browser-session cookie the response must carry (the caller's, or a new one) */
  | { ok: true; pair: TTokenPair; browserSession: string }
  /** The refresh token is dead (invalid, expired, reused): the session is over. */
  | { ok: false; fatal: true; status: number; error: TErrorEnvelope | null }
  /** The API could not answer (down, 5xx, 429): keep the cookies, try again later. */
  | { ok: false; fatal: false; status: number; error: TErrorEnvelope | null };

type Entry = {
  promise: Promise<RefreshOutcome>;
  settledAt: number | null;
  /** hash of the browser-session cookie of the request that started the refresh (or of the one minted for it) */
  boundTo: string;
  /** the starter had no browser-session cookie (a session from before the cookie existed) */
  starterHadNone: boolean;
};

/**
 * The API rotates refresh tokens and revokes the whole family when a rotated token is
 * presented again. A browser easily sends several requests carrying the same refresh
 * cookie at once (parallel queries, prefetches, two tabs), and requests already in
 * flight still carry the old cookie after the first one rotated it. So, per Next
 * server process:
 *  - one refresh call per refresh token at a time: later callers await the same promise;
 *  - the outcome stays available for GRACE_MS after it settles, so a late request with
 *    the old token gets the same new pair instead of burning the family.
 * Both only for requests of the same browser: the entry is bound to the browser-session cookie
 * (`amms_bs`, session-cookies.ts) of the request that started the refresh. Someone else holding
 * the old refresh token (a copied cookie, a log) does not get the new pair: their call goes to the
 * API like any other, which sees a rotated token and revokes the session (reuse detection).
 * A session from before that cookie existed gets one minted at its first refresh; until then
 * only requests in flight at the same moment share.
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

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function refreshTokenKey(refreshToken: string): string {
  return sha256(refreshToken);
}

function mayShare(entry: Entry, browserSession: string | undefined): boolean {
  if (browserSession) return sha256(browserSession) === entry.boundTo;
  return entry.starterHadNone && entry.settledAt === null;
}

export function refreshSession(
  refreshToken: string,
  meta: Record<string, string> = {},
  browserSession?: string,
): Promise<RefreshOutcome> {
  const map = store();
  prune(map, Date.now());
  const key = refreshTokenKey(refreshToken);
  const existing = map.get(key);
  if (existing) {
    if (mayShare(existing, browserSession)) return existing.promise;
    // not this browser's refresh: no shared pair, no entry of its own (it must not replace the real one)
    return callRefresh(refreshToken, meta, browserSession ?? newBrowserSession());
  }

  const bound = browserSession ?? newBrowserSession();
  const promise = callRefresh(refreshToken, meta, bound).then(
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
  map.set(key, { promise, settledAt: null, boundTo: sha256(bound), starterHadNone: !browserSession });
  return promise;
}

async function callRefresh(
  refreshToken: string,
  meta: Record<string, string>,
  browserSession: string,
): Promise<RefreshOutcome> {
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
    if (parsed.success) return { ok: true, pair: parsed.data, browserSession };
    return { ok: false, fatal: false, status: 502, error: null };
  }
  const error = await readErrorEnvelope(res);
  // 400 (malformed token), 401 (invalid/expired/reused): the token will never work again
  const fatal = res.status === 400 || res.status === 401 || res.status === 403;
  return { ok: false, fatal, status: res.status, error };
}
