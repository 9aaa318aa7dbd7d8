'use client';

import type { ReactNode } from 'react';
import { defineMessages, useMessages } from '@/i18n/messages';
import { SelectField } from './form';
import { Empty, LoadMore, Loading, QueryError } from './states';

/** Wording shared by the lists' sort selectors (a list adds the labels of its own fields). */
export const listMessages = defineMessages(
  {
    sort: '排序',
    newestFirst: '最近创建在前',
    oldestFirst: '最早创建在前',
    nameAsc: '名称（升序）',
    nameDesc: '名称（降序）',
  },
  { sort: 'Sort', newestFirst: 'Newest first', oldestFirst: 'Oldest first', nameAsc: 'Name A–Z', nameDesc: 'Name Z–A' },
);

/** What the list states need of a query (useQuery or useInfiniteQuery). */
type ListQuery = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** …and of a cursor-paginated one, for "load more". */
type CursorQuery = ListQuery & {
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The states of a list: loading, failed (with retry), empty, or the rows (children).
 * `keepRowsOnError`: a failed refetch or next page keeps the rows already shown
 * instead of replacing them with the error.
 */
export function ListStates({
  query,
  count,
  empty,
  keepRowsOnError = false,
  children,
}: {
  query: ListQuery;
  count: number;
  empty: ReactNode;
  keepRowsOnError?: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError && !(keepRowsOnError && count > 0))
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (count === 0) return <Empty>{empty}</Empty>;
  return <>{children}</>;
}

/**
 * A cursor-paginated list: its states, the rows (children) and "load more" under them.
 * `busy`: the rows and the button sit in a box marked aria-busy while anything loads.
 */
export function CursorListStates({
  query,
  count,
  empty,
  keepRowsOnError = false,
  busy = false,
  children,
}: {
  query: CursorQuery;
  count: number;
  empty: ReactNode;
  keepRowsOnError?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  const body = (
    <>
      {children}
      <NextPage query={query} showError={keepRowsOnError} />
    </>
  );
  return (
    <ListStates query={query} count={count} empty={empty} keepRowsOnError={keepRowsOnError}>
      {busy ? <div aria-busy={query.isFetching}>{body}</div> : body}
    </ListStates>
  );
}

/** "Load more" of a cursor-paginated query, and (showError) the error of a failed next page above it. */
export function NextPage({ query, showError = true }: { query: CursorQuery; showError?: boolean }) {
  return (
    <>
      {showError && query.isFetchNextPageError ? <QueryError error={query.error} /> : null}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </>
  );
}

/**
 * A header row of column titles: one `<th scope="col">` each with `className` (the last one
 * with `lastClassName` when given), or a cell's own class (`{ label, className }`).
 */
export function HeadRow({
  cells,
  className,
  lastClassName,
}: {
  cells: readonly (ReactNode | HeadCell)[];
  className: string;
  lastClassName?: string;
}) {
  return (
    <tr>
      {cells.map((c, i) => {
        const own = isHeadCell(c) ? c : null;
        const cls = own ? own.className : lastClassName && i === cells.length - 1 ? lastClassName : className;
        return (
          <th key={i} scope="col" className={cls}>
            {own ? own.label : (c as ReactNode)}
          </th>
        );
      })}
    </tr>
  );
}

type HeadCell = { label: ReactNode; className: string };
const isHeadCell = (c: unknown): c is HeadCell =>
  typeof c === 'object' && c !== null && 'label' in c && 'className' in c;

/**
 * The order of a list: a labelled select over the API's `sort` values. The caller keeps the
 * value in the URL (`useQueryChoice`) and puts it into the list's query key, so a change loads
 * the list again from its first page (a cursor belongs to one order).
 */
export function SortSelect<T extends string>({
  value,
  options,
  onChange,
  className,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (next: T) => void;
  className?: string;
}) {
  const m = useMessages(listMessages);
  return (
    <SelectField label={m.sort} value={value} onChange={(e) => onChange(e.target.value as T)} className={className}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The card of a filtered list: its heading, what sits beside it (an export), the count of the rows
 * loaded (`count`, a status; null until the first page) and the rows; busy while anything loads.
 */
export function ListCard({
  id,
  heading,
  busy,
  actions,
  count = null,
  headerClassName = 'mb-3 flex flex-wrap items-baseline justify-between gap-2',
  children,
}: {
  id: string;
  heading: ReactNode;
  busy?: boolean;
  actions?: ReactNode;
  count?: ReactNode | null;
  /** the heading row's layout, where filters sit beside the heading */
  headerClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} aria-busy={busy} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className={headerClassName}>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {heading}
        </h2>
        {actions}
        {count === null ? null : (
          <p role="status" className="text-sm text-slate-600">
            {count}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

/** "Clear filters" at the end of a list's filter form. */
export function ClearFilters({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <div className="flex items-end">
      <button
        type="button"
        onClick={onClick}
        className="min-h-10 rounded-md px-3 text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        {children}
      </button>
    </div>
  );
}
