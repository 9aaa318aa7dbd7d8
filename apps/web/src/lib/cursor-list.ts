import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { useMemo } from 'react';

/** One page of a cursor-paginated API list. */
export type CursorPage<T> = { items: T[]; nextCursor: string | null };

/**
 * `useInfiniteQuery` options for a cursor-paginated list: the first page has no cursor, the
 * next page's cursor is the last page's `nextCursor` (none → no more pages).
 */
export function cursorListQuery<TPage extends CursorPage<unknown>, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TPage) => last.nextCursor ?? undefined,
  });
}

/** The loaded pages' items, in order. */
export function pageItems<T>(data: InfiniteData<CursorPage<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

type ItemOf<TPage> = TPage extends CursorPage<infer T> ? T : never;

/** A cursor-paginated list: the query (for its states and "load more") and the rows loaded so far. */
export function useCursorList<
  TPage extends CursorPage<unknown>,
  TData extends InfiniteData<TPage, unknown>,
  TKey extends QueryKey,
  TParam,
>(options: UseInfiniteQueryOptions<TPage, Error, TData, TKey, TParam>) {
  const query = useInfiniteQuery(options);
  const rows = useMemo(() => (query.data?.pages.flatMap((p) => p.items) ?? []) as ItemOf<TPage>[], [query.data]);
  return { query, rows };
}
