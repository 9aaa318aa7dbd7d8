'use client';

import { defineMessages, useMessages } from '@/i18n/messages';
import { useI18n } from '@/i18n/i18n-provider';

const messages = defineMessages(
  { label: '导出', csv: 'CSV', xlsx: 'Excel', hint: '导出当前筛选条件下的全部行' },
  { label: 'Export', csv: 'CSV', xlsx: 'Excel', hint: 'Export every row that matches the current filters' },
);

export type ExportList =
  'jobs' | 'work-orders' | 'cost-documents' | 'assets' | 'fields' | 'analytics' | 'parts' | 'stock';

/**
 * "导出 / Export": download the list as CSV or XLSX with the list's current filters and order.
 * A plain link through the BFF proxy (the session cookie rides along; the API streams the file
 * and the proxy passes it through with its content-disposition). The header row follows the
 * UI language.
 */
export function ExportButton({
  orgId,
  list,
  query,
}: {
  orgId: string;
  list: ExportList;
  query: Record<string, string | number | null | undefined>;
}) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const href = (format: 'csv' | 'xlsx') => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && v !== '' && k !== 'limit' && k !== 'cursor') params.set(k, String(v));
    params.set('format', format);
    params.set('lang', locale);
    return `/api/proxy/orgs/${encodeURIComponent(orgId)}/${list}/export?${params.toString()}`;
  };
  const link =
    'inline-flex min-h-8 items-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700';
  return (
    <span role="group" aria-label={m.label} title={m.hint} className="inline-flex items-center gap-1.5">
      <span className="text-sm text-slate-600">{m.label}</span>
      <a href={href('csv')} download className={link} data-testid={`export-${list}-csv`}>
        {m.csv}
      </a>
      <a href={href('xlsx')} download className={link} data-testid={`export-${list}-xlsx`}>
        {m.xlsx}
      </a>
    </span>
  );
}
