'use client';

import { useMessages } from '@/i18n/messages';
import { ChartBox } from './chart-box';
import { analyticsMessages } from './messages';
import { SortableTable } from './sortable-table';

import type { Datum } from './datum';

export type { Datum };

/**
 * A bar chart with its text alternative: the caption says what it shows and sums it up in
 * words, and the same numbers are in a real table (<details>, for everyone and for screen
 * readers). The drawing itself is hidden from assistive technology.
 */
export function BarFigure({
  id,
  title,
  summary,
  data,
  format,
  labelHeader,
  valueHeader,
  emptyText,
  color = '#047857',
}: {
  id: string;
  title: string;
  summary: string;
  data: Datum[];
  format: (v: number) => string;
  labelHeader: string;
  valueHeader: string;
  emptyText: string;
  color?: string;
}) {
  const m = useMessages(analyticsMessages);
  const height = Math.max(140, data.length * 34 + 40);
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4"
    >
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <p id={`${id}-summary`} className="mt-1 text-sm text-slate-600">
          {summary}
        </p>
      </figcaption>
      {data.length === 0 ? (
        <p className="mt-3 rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {emptyText}
        </p>
      ) : (
        <>
          <ChartBox height={height} data={data} format={format} valueHeader={valueHeader} color={color} />
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer rounded text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-700">
              {m.common.showTable}
            </summary>
            <div className="mt-2">
              <SortableTable
                bare
                caption={title}
                rows={data}
                rowKey={(d) => d.key}
                defaultSort={{ key: 'value', dir: 'desc' }}
                columns={[
                  { key: 'label', header: labelHeader, value: (d) => d.label, cell: (d) => d.label },
                  {
                    key: 'value',
                    header: valueHeader,
                    numeric: true,
                    value: (d) => d.value,
                    cell: (d) => format(d.value),
                  },
                ]}
              />
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** A headline figure. */
export function Kpi({
  label,
  value,
  hint,
  change,
}: {
  label: string;
  value: string;
  hint?: string;
  change?: string | null;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">
        {value}
      </dd>
      {hint ? <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd> : null}
      {change ? <dd className="mt-0.5 text-xs text-slate-600">{change}</dd> : null}
    </div>
  );
}
