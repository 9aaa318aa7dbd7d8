import type { AuthPrincipal } from '../access/context.js';

/**
 * Where a key lives: the org in the path and the caller (two callers' keys never meet), and the
 * path it was used on (without the query).
 */
export function keyScopeOf(req: { url: string; params: unknown; principal?: AuthPrincipal | undefined }): {
  scope: string;
  path: string;
} {
  const orgId = (req.params as Record<string, string | undefined>).orgId ?? '-';
  const p = req.principal;
  const who = !p ? 'anon' : p.kind === 'USER' ? `u:${p.userId}` : `k:${p.apiKeyId}`;
  return { scope: `${orgId}:${who}`, path: req.url.split('?')[0] ?? req.url };
}

/** What is stored for an Idempotency-Key (scope + key). */
export interface StoredKey {
  requestHash: string;
  status: 'IN_PROGRESS' | 'COMPLETED';
  lockedUntil: Date;
}

export type IdempotencyDecision =
  | 'PROCEED' // no record: we created it and run the request
  | 'REPLAY' // same body, finished: return the stored response
  | 'MISMATCH' // same key, other body: 422
  | 'IN_USE' // same body, still running elsewhere: 409, retry later
  | 'TAKEOVER'; // same body, the runner died (lock expired): run again

/** Stripe semantics, as a pure function of the stored record. */
export function decideIdempotency(existing: StoredKey | null, requestHash: string, now: Date): IdempotencyDecision {
  if (!existing) return 'PROCEED';
  if (existing.requestHash !== requestHash) return 'MISMATCH';
  if (existing.status === 'COMPLETED') return 'REPLAY';
  return existing.lockedUntil.getTime() > now.getTime() ? 'IN_USE' : 'TAKEOVER';
}

/** Keys are client-chosen: 1..255 printable ASCII characters without spaces. */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(key);
}

/** Which outcomes are remembered: a request that ran and answered (2xx–4xx). */
export function shouldStoreOutcome(status: number, code: string | null): boolean {
  if (status >= 500) return false; // rolled back: let the client retry with the same key
  if (code === 'VALIDATION_FAILED' || code === 'MALFORMED_JSON') return false; // never started executing
  if (code === 'IDEMPOTENCY_KEY_IN_USE' || code === 'RATE_LIMITED') return false;
  return true;
}
