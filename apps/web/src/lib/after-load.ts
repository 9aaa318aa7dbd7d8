import { useEffect, useState } from 'react';

/**
 * Runs `fn` once the page has loaded and the browser is idle (at the latest `maxWaitMs` after the
 * load): work a page wants soon but not before its first paint and hydration (registering the
 * service worker, warming an offline cache). Answers a cancel function.
 */
export function afterLoad(fn: () => void, maxWaitMs = 3_000): () => void {
  let cancelled = false;
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    if (!cancelled) fn();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: maxWaitMs });
    else timer = setTimeout(run, 0);
  };
  const onLoad = () => schedule();
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', onLoad);
    if (idle !== null) window.cancelIdleCallback(idle);
    if (timer) clearTimeout(timer);
  };
}

/** False until the page has loaded and the browser was idle (`afterLoad`), then true. */
export function useAfterLoad(maxWaitMs?: number): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterLoad(() => setLoaded(true), maxWaitMs), [maxWaitMs]);
  return loaded;
}
