'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { analyticsMessages } from './messages';

/** a numeric cell */
export const td = 'py-2 pr-4 text-right tabular-nums text-slate-800 whitespace-nowrap';

export type SortDir = 'asc' | 'desc';
export type Sort = { key: string; dir: SortDir };

/**
 * A column: `value` is what it sorts by (a number sorts numerically, a string by the locale's
 * collation; null — "no figure" — always sorts last), `cell` what it shows. The first column
 * is the row's header (`<th scope="row">`).
 */
export type Column<R> = {
  key: string;
  header: string;
  value: (r: R) => number | string | null;
  cell: (r: R) => ReactNode;
  numeric?: boolean;
  /** the direction a first click sorts in (default: descending for numbers, ascending for text) */
  firstDir?: SortDir;
};

/**
 * Numeric columns of these rows (the rows only give the columns their type):
 * `num('jobs', header, (r) => r.jobs)` sorts by the figure and shows it through `show` (as it is by default).
 */
export function numberColumnOf<R>(_rows: readonly R[]) {
  return <V extends number | null>(
    key: string,
    header: string,
    value: (r: R) => V,
    show: (v: V) => ReactNode = (v) => v,
  ): Column<R> => ({ key, header, numeric: true, value, cell: (r) => show(value(r)) });
}

export function sortRows<R>(rows: readonly R[], column: Column<R> | undefined, dir: SortDir, locale: string): R[] {
  if (!column) return [...rows];
  const collator = new Intl.Collator(locale, { numeric: true });
  const sign = dir === 'asc' ? 1 : -1;
  // stable: equal values keep the order they came in
  return rows
    .map((r, i) => ({ r, i, v: column.value(r) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.i - b.i : a.v === null ? 1 : -1;
      const c =
        typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c !== 0 ? sign * c : a.i - b.i;
    })
    .map((x) => x.r);
}

/**
 * A table sortable by each of its columns: the headers are buttons, the sorted column carries
 * `aria-sort`, a second click reverses. `limit` rows are shown (the rest behind "show more",
 * which the caller renders); `footer` (totals) stays last whatever the order.
 */
export function SortableTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  defaultSort,
  limit,
  footer,
  bare = false,
}: {
  caption: string;
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (r: R) => string;
  defaultSort: Sort;
  limit?: number;
  footer?: ReactNode;
  /** no box of its own, the caption for screen readers only (a chart's data table) */
  bare?: boolean;
}) {
  const m = useMessages(analyticsMessages);
  const { locale } = useI18n();
  const [sort, setSort] = useState<Sort>(defaultSort);
  const column = columns.find((c) => c.key === sort.key);
  const sorted = useMemo(() => sortRows(rows, column, sort.dir, locale), [rows, column, sort.dir, locale]);
  const shown = limit === undefined ? sorted : sorted.slice(0, limit);

  const click = (c: Column<R>) =>
    setSort((s) =>
      s.key === c.key
        ? { key: c.key, dir: s.dir === 'asc' ? 'desc' : 'asc' }
        : { key: c.key, dir: c.firstDir ?? (c.numeric ? 'desc' : 'asc') },
    );

  return (
    <div className={bare ? 'overflow-x-auto' : 'overflow-x-auto rounded-xl border border-slate-200 bg-white p-4'}>
      <table className="min-w-full text-left text-sm">
        <caption className={bare ? 'sr-only' : 'mb-2 text-left text-sm font-semibold text-slate-900'}>
          {caption}
          {column ? (
            <span className="sr-only">
              {' '}
              {format(m.sort.sortedBy, { column: column.header, dir: m.sort[sort.dir] })}
            </span>
          ) : null}
        </caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => {
              const active = c.key === sort.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={`py-1 pr-4 font-semibold ${c.numeric ? 'text-right' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => click(c)}
                    className={`inline-flex items-center gap-1 rounded py-1 uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700 ${active ? 'text-slate-900' : ''} ${c.numeric ? 'flex-row-reverse' : ''}`}
                  >
                    <span>{c.header}</span>
                    <span aria-hidden="true" className={active ? '' : 'text-slate-300'}>
                      {active ? (sort.dir === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="py-2 pr-4 font-normal text-slate-800">
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.key} className={c.numeric ? td : 'whitespace-nowrap py-2 pr-4 text-slate-700'}>
                    {c.cell(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
