import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Refresh cached reads after a write (or after a 409 that says our copy is stale).
 *
 * Cancel first, then invalidate. `invalidateQueries` alone does not restart a fetch that is
 * already in flight for a query without data yet: it joins it. That request may have read the
 * database before the write committed — a search typed just before "remove" starts one — and
 * would put the removed row back on screen. Cancelling drops it; the invalidation then fetches
 * every active query again, after the commit.
 */
export async function refreshQueries(qc: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => qc.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
