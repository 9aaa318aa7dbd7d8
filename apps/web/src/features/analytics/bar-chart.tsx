'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Datum } from './datum';

/**
 * The drawing of a BarFigure (recharts). Its own module so that BarFigure loads it lazily: the
 * chart library stays out of the pages' first JavaScript, and the figure's caption and table
 * (the text alternative) render without it.
 */
export default function BarChartDrawing({
  data,
  format,
  valueHeader,
  color,
  initialSize,
}: {
  data: Datum[];
  format: (v: number) => string;
  valueHeader: string;
  color: string;
  /** the box's measured size: the first render draws the chart (not an empty 0×0 pass first) */
  initialSize?: { width: number; height: number };
}) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={initialSize}>
      {/* the chart is a picture (aria-hidden; the table below carries the figures): recharts'
          keyboard layer would put a focus stop inside hidden content */}
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tickFormatter={(v: number) => format(v)} tick={{ fontSize: 11, fill: '#475569' }} />
        <YAxis type="category" dataKey="label" width={128} tick={{ fontSize: 11, fill: '#334155' }} interval={0} />
        <Tooltip formatter={(v) => format(Number(v))} cursor={{ fill: '#f1f5f9' }} />
        <Bar dataKey="value" name={valueHeader} fill={color} radius={[0, 3, 3, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
