'use client';

import type { ComponentProps, ReactNode } from 'react';
import { HeadRow } from './list';

/** Table shell: scrolls inside itself on narrow screens. */
export function TableWrap({ children }: { children: ReactNode }) {
  return <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">{children}</div>;
}

export const thClass =
  'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
export const tdClass = 'px-3 py-2 align-top text-sm text-slate-800';

/** A cell of a number (an amount, a quantity): right-aligned, on one line, digits of even width. */
export const numTdClass = `${tdClass} whitespace-nowrap text-right tabular-nums`;

/** A column title set to the right (amounts, quantities), as HeadRow takes it. */
export const rightHead = (label: ReactNode) => ({ label, className: `${thClass} text-right` });

/** The link in a row's first cell to the row's own page. */
export const rowLinkClass =
  'text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-700';

/**
 * A list's table in its TableWrap: a caption for screen readers, the column titles (`head`, as
 * HeadRow takes them), the rows (children) and an optional footer. `className` sets its least
 * width (`min-w-[44rem]`), past which it scrolls.
 */
export function DataTable({
  caption,
  head,
  className,
  foot,
  children,
}: {
  caption: string;
  head: ComponentProps<typeof HeadRow>['cells'];
  className: string;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableWrap>
      <table className={`w-full border-collapse ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <HeadRow className={thClass} cells={head} />
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
        {foot}
      </table>
    </TableWrap>
  );
}

/**
 * A table without a frame of its own (inside a card or a section): a caption for screen readers,
 * the column titles over a rule (`caps`: in small capitals), the rows divided by thin lines.
 * `className` sets its width (`min-w-full`, or a least width past which it scrolls).
 */
export function PlainTable({
  caption,
  head,
  className = 'min-w-full',
  caps = false,
  children,
}: {
  caption?: string;
  head: ComponentProps<typeof HeadRow>['cells'];
  className?: string;
  caps?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={`${className} text-left text-sm`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className={`border-b border-slate-200 text-xs text-slate-600 ${caps ? 'uppercase tracking-wide' : ''}`}>
          <HeadRow className="py-2 pr-4 font-semibold" lastClassName="py-2 font-semibold" cells={head} />
        </thead>
        <tbody className="divide-y divide-slate-100 align-top">{children}</tbody>
      </table>
    </div>
  );
}
