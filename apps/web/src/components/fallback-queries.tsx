'use client';

import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from '@/lib/query-client';

/**
 * Wraps a Suspense fallback that renders the same component as the streamed, prefetched part.
 *
 * On the server the fallback's queries go to a throwaway client. Without it they were created
 * (pending) in the request's QueryClient, and when the streamed part's HydrationBoundary came,
 * TanStack hydrated those already-known queries in an effect — which never runs on the server — so
 * the streamed HTML still said "loading", while the browser, hydrating into an empty cache, rendered
 * the data at once: React error #418 and the whole page rendered again on the client.
 * In the browser the fallback uses the page's own client (what it fetches is kept).
 */
export function FallbackQueries({ children }: { children: ReactNode }) {
  const outer = useQueryClient();
  const [serverOnly] = useState(() => (typeof window === 'undefined' ? makeQueryClient() : null));
  return <QueryClientProvider client={serverOnly ?? outer}>{children}</QueryClientProvider>;
}
