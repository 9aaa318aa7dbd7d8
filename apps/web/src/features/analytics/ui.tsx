'use client';

import type { TOperationType } from '@amms/contracts/assets';
import { type ReactNode } from 'react';
import { HeadRow } from '@/components/ui/list';
import { type Datum } from './bar-figure';

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

export function DataTable({
  caption,
  head,
  children,
  numericFrom = 1,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
  numericFrom?: number;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
      <table className="min-w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <HeadRow
            className="py-2 pr-4 font-semibold"
            cells={head.map((h, i) =>
              i >= numericFrom ? { label: h, className: 'py-2 pr-4 font-semibold text-right' } : h,
            )}
          />
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const td = 'py-2 pr-4 text-right tabular-nums text-slate-800 whitespace-nowrap';
export { TABLE_PAGE } from './limits';

export function hectaresByOperation(
  items: { operationType: TOperationType; hectares: number }[],
  labels: Record<TOperationType, string>,
): Datum[] {
  return items
    .filter((i) => i.hectares > 0)
    .map((i) => ({ key: i.operationType, label: labels[i.operationType], value: i.hectares }));
}
