'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { isUuid } from './uuid';

/** Browser-local URL update without a server round trip (Next syncs useSearchParams with it). */
export function replaceQuery(params: URLSearchParams): void {
  const qs = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${qs ? `?${qs}` : ''}`);
}

/** Sets (or, for null / '', removes) some query parameters of the current URL, keeping the others. */
export function setQueryParams(patch: Record<string, string | null | undefined>): void {
  const out = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(patch)) {
    if (value) out.set(key, value);
    else out.delete(key);
  }
  replaceQuery(out);
}

/**
 * A value kept in the URL parameter `key`, read through `parse` (which also rejects junk). The
 * component holds it in state too: a controlled select or date input must see its new value in
 * the same event (the URL update reaches useSearchParams a render later, in a transition), and the
 * state follows the URL when it changes under us (back button, a link).
 */
function useUrlBacked<T>(
  key: string,
  parse: (raw: string | null) => T,
  write: (value: T) => string | null,
): [T, (next: T) => void] {
  const fromUrl = parse(useSearchParams().get(key));
  const [value, setValue] = useState(fromUrl);
  useEffect(() => setValue(fromUrl), [fromUrl]);
  return [
    value,
    (next: T) => {
      setValue(next);
      setQueryParams({ [key]: write(next) });
    },
  ];
}

/**
 * One choice of a list kept in the URL (`?sort=-createdAt`), like the asset filters: it survives a
 * reload, the back button and a shared link. A missing or unknown value reads as `fallback`;
 * choosing `fallback` removes the parameter, so the plain URL stays the default view.
 */
export function useQueryChoice<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  return useUrlBacked(
    key,
    (raw) => (raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback),
    (next) => (next === fallback ? null : next),
  );
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date filter in the URL (`?from=2026-12-01`); anything else reads as '' (no filter). */
export function useQueryDate(key: string): [string, (next: string) => void] {
  return useUrlBacked(
    key,
    (raw) => (raw && CALENDAR_DATE.test(raw) ? raw : ''),
    (next) => (CALENDAR_DATE.test(next) ? next : null),
  );
}

/** A from/to pair of calendar dates ('' when open) and their setters. */
export type DateRange = { from: string; to: string; setFrom: (v: string) => void; setTo: (v: string) => void };

/** A from/to date filter in the URL (`?from=2026-12-01&to=2026-12-31`), for DateRangeFields. */
export function useQueryDateRange(): DateRange {
  const [from, setFrom] = useQueryDate('from');
  const [to, setTo] = useQueryDate('to');
  return { from, to, setFrom, setTo };
}

/** An id filter in the URL (`?teamId=…`); anything but a UUID reads as '' (no filter). */
export function useQueryId(key: string): [string, (next: string) => void] {
  return useUrlBacked(
    key,
    (raw) => (raw && isUuid(raw) ? raw : ''),
    (next) => (isUuid(next) ? next : null),
  );
}
