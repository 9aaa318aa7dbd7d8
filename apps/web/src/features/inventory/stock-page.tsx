'use client';

import type { TPermission } from '@amms/contracts/permissions';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { ExportButton } from '@/components/export-button';
import { SelectField } from '@/components/ui/form';
import { Loading, QueryError } from '@/components/ui/states';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { useQueryChoice } from '@/lib/url-query';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { locationsQuery, stockQuery } from './queries';
import { StockRows } from './stock-rows';

/** Stock by part and location (`?location=` narrows it to one location). */
export function StockPage({ orgId, permissions }: { orgId: string; permissions: TPermission[] }) {
  const m = useMessages(inventoryMessages);
  const locations = useQuery(locationsQuery(orgId));
  const ids = (locations.data?.items ?? []).map((l) => l.id);
  const [location, setLocation] = useQueryChoice<string>('location', ['', ...ids], '');
  const stock = useQuery(stockQuery(orgId, { locationId: location || undefined }));
  return (
    <>
      <InventoryTabs orgId={orgId} current="stock" permissions={permissions} />
      <section aria-labelledby="stock-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="stock-title" className="text-base font-semibold text-slate-900">
            {m.stock.heading}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <ExportButton orgId={orgId} list="stock" query={{ locationId: location }} />
            {permissions.includes('inventory.adjust') ? (
              <Link href={orgPath(orgId, 'import?kind=stock')} className="text-sm text-emerald-800 underline">
                {m.stock.importFile}
              </Link>
            ) : null}
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SelectField label={m.stock.location} value={location} onChange={(e) => setLocation(e.target.value)}>
            <option value="">{m.stock.allLocations}</option>
            {(locations.data?.items ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name} · {m.kind[l.kind]}
              </option>
            ))}
          </SelectField>
        </div>
        {stock.isPending ? (
          <Loading />
        ) : stock.isError ? (
          <QueryError error={stock.error} onRetry={() => void stock.refetch()} />
        ) : stock.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{m.stock.empty}</p>
        ) : (
          <StockRows orgId={orgId} rows={stock.data.items} caption={m.stock.caption} showPart />
        )}
      </section>
    </>
  );
}
