'use client';

import { useCallback, useRef } from 'react';

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
