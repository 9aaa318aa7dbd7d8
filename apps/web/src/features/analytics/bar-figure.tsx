'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useMessages } from '@/i18n/messages';
import { analyticsMessages } from './messages';
import { SortableTable } from './sortable-table';

export type Datum = { key: string; label: string; value: number };

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
          <div aria-hidden="true" className="mt-3 w-full" style={{ height }}>
            <ResponsiveContainer width="100%" height="100%">
              {/* the chart is a picture (aria-hidden; the table below carries the figures): recharts'
                  keyboard layer would put a focus stop inside hidden content */}
              <BarChart
                accessibilityLayer={false}
                data={data}
                layout="vertical"
                margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
              >
                <CartesianGrid horizontal={false} stroke="#e2e8f0" />
                <XAxis
                  type="number"
                  tickFormatter={(v: number) => format(v)}
                  tick={{ fontSize: 11, fill: '#475569' }}
                />
                <YAxis
                  type="category"
                  dataKey="label"
                  width={128}
                  tick={{ fontSize: 11, fill: '#334155' }}
                  interval={0}
                />
                <Tooltip formatter={(v) => format(Number(v))} cursor={{ fill: '#f1f5f9' }} />
                <Bar dataKey="value" name={valueHeader} fill={color} radius={[0, 3, 3, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
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
