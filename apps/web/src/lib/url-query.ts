'use client';

import { useSearchParams } from 'next/navigation';

/** Browser-local URL update without a server round trip (Next syncs useSearchParams with it). */
export function replaceQuery(params: URLSearchParams): void {
  const qs = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${qs ? `?${qs}` : ''}`);
}

/**
 * One choice of a list kept in the URL (`?sort=-createdAt`), like the asset filters: it survives a
 * reload, the back button and a shared link. A missing or unknown value reads as `fallback`;
 * choosing `fallback` removes the parameter, so the plain URL stays the default view.
 */
export function useQueryChoice<T extends string>(key: string, allowed: readonly T[], fallback: T): [T, (next: T) => void] {
  const params = useSearchParams();
  const raw = params.get(key);
  const value = raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
  const set = (next: T) => {
    const out = new URLSearchParams(window.location.search);
    if (next === fallback) out.delete(key);
    else out.set(key, next);
    replaceQuery(out);
  };
  return [value, set];
}
