'use client';

import { useCallback, useRef } from 'react';
import { ApiError } from '@/lib/api-client';
import { useIdempotencyKey } from '@/lib/idempotency';

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
