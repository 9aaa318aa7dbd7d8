'use client';

import { useCallback, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * One Idempotency-Key per logical action: a double click or a retry after a network
 * failure sends the same key (the API answers with the first result); after a
 * definite answer (`reset()`), the next action gets a fresh key.
 */
export function useIdempotencyKey(): { key: () => string; reset: () => void } {
  const ref = useRef<string | null>(null);
  const key = useCallback(() => (ref.current ??= crypto.randomUUID()), []);
  const reset = useCallback(() => {
    ref.current = null;
  }, []);
  return { key, reset };
}

/**
 * After a definite answer (any 4xx except "still running" / rate limit) the API has
 * stored the outcome under the Idempotency-Key: the next attempt, usually with other
 * input, needs a fresh key. Network failures and 5xx keep the key, so a retry of the
 * same request is answered once.
 */
export function isDefiniteFailure(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.code !== 'IDEMPOTENCY_KEY_IN_USE' &&
    err.code !== 'RATE_LIMITED' &&
    err.code !== 'VALIDATION_FAILED' &&
    err.code !== 'MALFORMED_JSON'
  );
}

export const isConflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;

/**
 * One Idempotency-Key per logical action (see lib/idempotency): the same input sent
 * again (double click, retry after a network failure) reuses the key; changed input
 * is a new action and gets a new key, so it is never refused as a reused key.
 */
export function useActionKey(): { keyFor: (input: unknown) => string; reset: () => void } {
  const { key, reset: resetKey } = useIdempotencyKey();
  const last = useRef<string | null>(null);
  const keyFor = useCallback(
    (input: unknown) => {
      const sig = JSON.stringify(input);
      if (sig !== last.current) resetKey();
      last.current = sig;
      return key();
    },
    [key, resetKey],
  );
  const reset = useCallback(() => {
    last.current = null;
    resetKey();
  }, [resetKey]);
  return { keyFor, reset };
}
