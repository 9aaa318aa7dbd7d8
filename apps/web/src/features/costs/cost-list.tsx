'use client';

import {
  COST_CATEGORIES,
  COST_DOCUMENT_SORTS,
  COST_DOCUMENT_STATUSES,
  type TCostCategory,
  type TCostDocumentSort,
  type TCostDocumentStatus,
} from '@amms/contracts/costs';
import Link from 'next/link';
import { DateRangeFields } from '@/components/ui/date-range-fields';
import { EnumSelect } from '@/components/ui/enum-select';
import { DataTable, numTdClass, rightHead, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { CursorListStates, listMessages, SortSelect } from '@/components/ui/list';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { orgPath, type DeciderProps } from '@/lib/nav';
import { useQueryChoice, useQueryDateRange } from '@/lib/url-query';
import { costListQuery, docNumber } from './queries';
import { costsMessages } from './messages';
import { formatFenExact } from '@/lib/money';
import { CostStatusBadge, OwnDocumentNote } from './ui';
import { ExportButton } from '@/components/export-button';

/** newest receipts first (ties: the later-created document first) */
const DEFAULT_SORT: TCostDocumentSort = '-documentDate';

const STATUS_CHOICES = ['', ...COST_DOCUMENT_STATUSES] as const;
const CATEGORY_CHOICES = ['', ...COST_CATEGORIES] as const;

/** Filters and order live in the URL (`?status=SUBMITTED` is the overview's "waiting for approval" link). */
export function CostList({ orgId, permissions, myUserId }: DeciderProps) {
  const m = useMessages(costsMessages);
  const lm = useMessages(listMessages);
  const { locale } = useI18n();
  const [sort, setSort] = useQueryChoice('sort', COST_DOCUMENT_SORTS, DEFAULT_SORT);
  const sortOptions = [
    { value: '-documentDate', label: m.list.dateNewest },
    { value: 'documentDate', label: m.list.dateOldest },
    { value: '-createdAt', label: lm.newestFirst },
    { value: 'createdAt', label: lm.oldestFirst },
  ] as const satisfies readonly { value: TCostDocumentSort; label: string }[];
  const [status, setStatus] = useQueryChoice<'' | TCostDocumentStatus>('status', STATUS_CHOICES, '');
  const [category, setCategory] = useQueryChoice<'' | TCostCategory>('category', CATEGORY_CHOICES, '');
  const dates = useQueryDateRange();
  const { from, to } = dates;
  const filters = {
    sort,
    status: status || undefined,
    category: category || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const { query: docs, rows } = useCursorList(costListQuery(orgId, filters));

  return (
    <section aria-labelledby="costs-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="costs-title" className="text-base font-semibold text-slate-900">
          {m.list.heading}
        </h2>
        <ExportButton orgId={orgId} list="cost-documents" query={filters} />
        {permissions.includes('cost.write') ? (
          <Link
            href={orgPath(orgId, 'costs/new')}
            className="inline-flex min-h-10 items-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {m.list.create}
          </Link>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <EnumSelect
          label={m.list.status}
          value={status}
          onChange={(v) => setStatus(v)}
          anyLabel={m.list.allStatuses}
          values={COST_DOCUMENT_STATUSES}
          optionLabel={(s) => m.status[s]}
        />
        <EnumSelect
          label={m.list.category}
          value={category}
          onChange={(v) => setCategory(v)}
          anyLabel={m.list.allCategories}
          values={COST_CATEGORIES}
          optionLabel={(c) => m.category[c]}
        />
        <DateRangeFields fromLabel={m.list.from} toLabel={m.list.to} range={dates} />
        <SortSelect value={sort} options={sortOptions} onChange={setSort} />
      </div>

      <CursorListStates query={docs} count={rows.length} empty={m.list.empty} keepRowsOnError>
        <DataTable
          caption={m.list.caption}
          className="min-w-[44rem]"
          head={[m.list.number, m.list.date, m.list.category, m.list.supplier, rightHead(m.list.total), m.list.state]}
        >
          {rows.map((d) => (
            <tr key={d.id} className="hover:bg-slate-50">
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                <Link href={orgPath(orgId, `costs/${d.id}`)} className={`font-mono ${rowLinkClass}`}>
                  {docNumber(d.number)}
                </Link>
              </th>
              <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{d.documentDate}</td>
              <td className={tdClass}>{m.category[d.category]}</td>
              <td className={`${tdClass} max-w-xs`}>
                <span className="block truncate">{d.supplier ?? '—'}</span>
                {d.description ? <span className="block truncate text-xs text-slate-600">{d.description}</span> : null}
              </td>
              <td className={numTdClass}>{formatFenExact(d.totalMinor, locale)}</td>
              <td className={tdClass}>
                <CostStatusBadge status={d.status} />
                <OwnDocumentNote doc={d} myUserId={myUserId} permissions={permissions} />
              </td>
            </tr>
          ))}
        </DataTable>
      </CursorListStates>
    </section>
  );
}
