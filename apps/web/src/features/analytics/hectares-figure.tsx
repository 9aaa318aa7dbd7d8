'use client';

import type { TAnalyticsOperations } from '@amms/contracts/analytics';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { BarFigure } from './bar-figure';
import { useFigures } from './formatters';
import { analyticsMessages } from './messages';
import { hectaresByOperation } from './ui';

/** Hectares by operation as a bar figure with its summary (the analytics page and the overview's KPI charts). */
export function HectaresFigure({ id, data }: { id: string; data: TAnalyticsOperations }) {
  const m = useMessages(analyticsMessages);
  const l = useMessages(enumLabels);
  const f = useFigures();
  const chart = hectaresByOperation(data.items, l.operation);
  const top = [...chart].sort((a, b) => b.value - a.value)[0];
  return (
    <BarFigure
      id={id}
      title={m.charts.hectaresTitle}
      summary={
        top
          ? format(m.charts.hectaresSummary, {
              total: f.ha(data.totals.hectares),
              jobs: data.totals.jobs,
              top: top.label,
              value: f.ha(top.value),
            })
          : m.charts.hectaresEmpty
      }
      data={chart}
      format={(v) => f.ha(v)}
      labelHeader={m.table.operation}
      valueHeader={m.kpi.hectares}
      emptyText={m.charts.hectaresEmpty}
      color="#0369a1"
    />
  );
}
