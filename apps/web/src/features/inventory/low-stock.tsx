'use client';

import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { DataTable, numTdClass, rightHead, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { agentGoalHref } from '../agent/goal-link';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { lowStockQuery } from './queries';
import { primaryButtonClass, useQty } from './ui';

/** What is at or below its reorder point, with the supplier's lead time and a suggested order; the way to the agent's purchase draft. */
export function LowStock({ orgId, permissions }: { orgId: string; permissions: TPermission[] }) {
  const m = useMessages(inventoryMessages);
  const qty = useQty();
  const low = useQuery(lowStockQuery(orgId));
  return (
    <>
      <InventoryTabs orgId={orgId} current="low" permissions={permissions} />
      <section aria-labelledby="low-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="low-title" className="text-base font-semibold text-slate-900">
            {m.low.heading}
          </h2>
          {permissions.includes('agent.run') ? (
            <Link href={agentGoalHref(orgId, m.low.goal)} className={primaryButtonClass}>
              {m.low.draft}
            </Link>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">{m.low.intro}</p>
        {low.isPending ? (
          <Loading />
        ) : low.isError ? (
          <QueryError error={low.error} onRetry={() => void low.refetch()} />
        ) : low.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{m.low.empty}</p>
        ) : (
          <DataTable
            caption={m.low.caption}
            className="min-w-[44rem]"
            head={[
              m.stock.part,
              m.stock.location,
              rightHead(m.stock.available),
              rightHead(m.stock.reorderPoint),
              m.low.supplier,
              rightHead(m.low.leadTime),
              rightHead(m.low.suggested),
            ]}
          >
            {low.data.items.map((r) => (
              <tr key={`${r.partId}-${r.locationId}`} className="hover:bg-slate-50">
                <th scope="row" className={`${tdClass} text-left font-medium`}>
                  <Link href={orgPath(orgId, `inventory/parts/${r.partId}`)} className={`font-mono ${rowLinkClass}`}>
                    {r.partNumber}
                  </Link>
                  <span className="block text-xs font-normal text-slate-600">{r.nameZh}</span>
                </th>
                <td className={tdClass}>{r.locationName}</td>
                <td className={`${numTdClass} font-semibold text-amber-800`}>{qty(r.available)}</td>
                <td className={numTdClass}>{r.reorderPoint === null ? '—' : qty(r.reorderPoint)}</td>
                <td className={tdClass}>{r.supplier ?? '—'}</td>
                <td className={numTdClass}>
                  {r.leadTimeDays === null ? '—' : format(m.detail.days, { count: r.leadTimeDays })}
                </td>
                <td className={numTdClass}>{qty(r.suggestedQty)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
