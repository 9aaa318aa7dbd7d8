'use client';

import { PART_CATEGORIES, type TPartCategory } from '@amms/contracts/inventory';
import type { TPermission } from '@amms/contracts/permissions';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { DataTable, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { EnumSelect } from '@/components/ui/enum-select';
import { TextField } from '@/components/ui/form';
import { CursorListStates } from '@/components/ui/list';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { orgPath } from '@/lib/nav';
import { setQueryParams, useQueryChoice } from '@/lib/url-query';
import { useDebounced } from '@/lib/use-debounced';
import { ExportButton } from '@/components/export-button';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { partsListQuery } from './queries';
import { primaryButtonClass } from './ui';

const CATEGORY_CHOICES = ['', ...PART_CATEGORIES] as const;

/** The parts catalog: search (number, maker number, name, barcode) and category in the URL. */
export function PartsList({ orgId, permissions }: { orgId: string; permissions: TPermission[] }) {
  const m = useMessages(inventoryMessages);
  // the box starts from ?q= (a reload, a shared link) and then lives in state: typing must not wait for the URL
  const initial = useSearchParams().get('q') ?? '';
  const [search, setSearch] = useState(initial);
  const q = useDebounced(search.trim(), 300);
  useEffect(() => setQueryParams({ q }), [q]);
  const [category, setCategory] = useQueryChoice<'' | TPartCategory>('category', CATEGORY_CHOICES, '');
  const { query, rows } = useCursorList(partsListQuery(orgId, { q: q || undefined, category: category || undefined }));

  return (
    <>
      <InventoryTabs orgId={orgId} current="parts" permissions={permissions} />
      <section aria-labelledby="parts-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="parts-title" className="text-base font-semibold text-slate-900">
            {m.list.heading}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <ExportButton orgId={orgId} list="parts" query={{ q, category }} />
            {permissions.includes('inventory.write') ? (
              <>
                <Link href={orgPath(orgId, 'import?kind=parts')} className={rowLinkClass}>
                  {m.list.importFile}
                </Link>
                <Link href={orgPath(orgId, 'inventory/parts/new')} className={primaryButtonClass}>
                  {m.list.create}
                </Link>
              </>
            ) : null}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            type="search"
            label={m.list.search}
            hint={m.list.searchHint}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={100}
          />
          <EnumSelect
            label={m.list.category}
            value={category}
            onChange={(v) => setCategory(v)}
            anyLabel={m.list.allCategories}
            values={PART_CATEGORIES}
            optionLabel={(c) => m.category[c]}
          />
        </div>
        <CursorListStates query={query} count={rows.length} empty={m.list.empty} keepRowsOnError>
          <DataTable
            caption={m.list.caption}
            className="min-w-[40rem]"
            head={[m.list.number, m.list.name, m.list.category, m.list.maker, m.list.unit, m.list.barcode]}
          >
            {rows.map((p) => (
              <tr key={p.id} className="hover:bg-slate-50">
                <th scope="row" className={`${tdClass} text-left font-medium`}>
                  <Link href={orgPath(orgId, `inventory/parts/${p.id}`)} className={`font-mono ${rowLinkClass}`}>
                    {p.partNumber}
                  </Link>
                </th>
                <td className={tdClass}>
                  {p.nameZh}
                  {p.nameEn ? <span className="block text-xs text-slate-600">{p.nameEn}</span> : null}
                </td>
                <td className={tdClass}>{m.category[p.category]}</td>
                <td className={`${tdClass} font-mono`}>{p.makerPartNumber ?? '—'}</td>
                <td className={tdClass}>{p.unit}</td>
                <td className={`${tdClass} font-mono text-xs`}>{p.barcode ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        </CursorListStates>
      </section>
    </>
  );
}
