import { decodeIdCursor, pageOf } from './cursor.js';
import { keysetOrder, type SortFields } from './keyset.js';

/**
 * One list request, end to end: the service says how to fetch a page of rows and how to map a
 * row; the order, the cursor and the "is there more" row are decided here, once for every list.
 */

/** The page a repository's keyset list reads: rows after the cursor, in `orderBy`, at most `limit`. */
export interface KeysetPage<W, O> {
  /** keyset: rows after the cursor, in `orderBy` (undefined: the first page) */
  after?: W | undefined;
  orderBy: O[];
  /** the page size + 1: the extra row only says there is more */
  limit: number;
}

/** A keyset page read within the caller's data scope (`W` is the model's Prisma where input). */
export interface ScopedKeysetPage<W, O> extends KeysetPage<W, O> {
  /** the caller's data-scope fragment */
  scope: W;
}

/** The page of a list in id order (no `?sort=`): rows with an id after `afterId`, at most `limit`. */
export interface IdPage {
  afterId?: string | undefined;
  /** the page size + 1 */
  limit: number;
}

/**
 * A list's `?sort=` fields, tied to the model's Prisma where / orderBy input types, so a list
 * built on them (`keysetList`) hands its repository a page of the right types.
 */
export type SortSpec<W, O> = SortFields & { readonly __types?: [W, O] };

export function sortSpec<W, O>(fields: SortFields): SortSpec<W, O> {
  return fields;
}

interface ListQuery {
  sort?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** One page of a `?sort=` list (keyset over the sort field and the id). */
export async function keysetList<W, O, R extends Record<string, unknown>, T>(
  q: ListQuery,
  fields: SortSpec<W, O>,
  fetch: (page: KeysetPage<W, O>) => Promise<readonly R[]>,
  map: (row: R) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const order = keysetOrder<W, O>(q, fields);
  const rows = await fetch({ after: order.after, orderBy: order.orderBy, limit: q.limit + 1 });
  return pageOf(rows, q.limit, map, order.position);
}

/** One page of a list in id order; a forged cursor is a 400. */
export async function idList<R extends { id: string }, T>(
  q: Omit<ListQuery, 'sort'>,
  fetch: (page: IdPage) => Promise<readonly R[]>,
  map: (row: R) => T,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const rows = await fetch({ afterId: q.cursor ? decodeIdCursor(q.cursor) : undefined, limit: q.limit + 1 });
  return pageOf(rows, q.limit, map);
}

/**
 * The findMany arguments of a scoped keyset list, in the order every list writes them: the org's
 * rows (`base`), the caller's scope, the filters that are set, the cursor; the page's order and size.
 */
export function keysetArgs<W, O>(
  f: ScopedKeysetPage<W, O>,
  base: W,
  ...filters: W[]
): { where: { AND: W[] }; orderBy: O[]; take: number } {
  return {
    where: { AND: [base, f.scope, ...filters, ...(f.after ? [f.after] : [])] },
    orderBy: f.orderBy,
    take: f.limit,
  };
}
