'use client';

import type { TOperationType } from '@amms/contracts/assets';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { orgPath } from '@/lib/nav';
import { type Datum } from './bar-figure';
import type { Column } from './sortable-table';

/** Pieces the analytics sections share. */

export type P = { from: string; to: string };

export function Section({
  id,
  title,
  children,
  actions,
  busy = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className={`space-y-3 transition-opacity ${busy ? 'opacity-60' : ''}`}
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export { td } from './sortable-table';
export { TABLE_PAGE } from './limits';

/**
 * A sorted table shows `page` rows more per click, out of what is loaded (one API page of up to
 * 200 machines covers a fleet); past that it loads the next page.
 */
export function useShowMore(
  page: number,
  q: { data?: { pages: { items: unknown[] }[] }; hasNextPage: boolean; fetchNextPage: () => unknown },
) {
  const [limit, setLimit] = useState(page);
  const loaded = q.data?.pages.reduce((n, x) => n + x.items.length, 0) ?? 0;
  return {
    limit,
    hasMore: limit < loaded || q.hasNextPage,
    showMore: () => {
      setLimit((l) => l + page);
      if (limit + page > loaded && q.hasNextPage) void q.fetchNextPage();
    },
  };
}

export function hectaresByOperation(
  items: { operationType: TOperationType; hectares: number }[],
  labels: Record<TOperationType, string>,
): Datum[] {
  return items
    .filter((i) => i.hectares > 0)
    .map((i) => ({ key: i.operationType, label: labels[i.operationType], value: i.hectares }));
}

/** The first column of a per-machine table: the machine's name, linked to its page (sorts by name). */
export function machineColumn<R extends { assetId: string; name: string }>(orgId: string, header: string): Column<R> {
  return {
    key: 'name',
    header,
    value: (r) => r.name,
    cell: (r) => (
      <Link
        href={orgPath(orgId, `assets/${r.assetId}`)}
        className="text-emerald-800 underline-offset-2 hover:underline"
      >
        {r.name}
      </Link>
    ),
  };
}
