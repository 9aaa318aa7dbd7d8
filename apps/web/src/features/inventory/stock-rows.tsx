'use client';

import type { TStockRow } from '@amms/contracts/inventory';
import Link from 'next/link';
import { DataTable, numTdClass, rightHead, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatFenExact } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { inventoryMessages } from './messages';
import { useQty } from './ui';

/** Stock rows (part × location): on hand, reserved, available, average cost, reorder point. */
export function StockRows({
  orgId,
  rows,
  caption,
  showPart,
}: {
  orgId: string;
  rows: readonly TStockRow[];
  caption: string;
  showPart: boolean;
}) {
  const m = useMessages(inventoryMessages).stock;
  const { locale } = useI18n();
  const qty = useQty();
  const head = [
    ...(showPart ? [m.part] : []),
    m.location,
    rightHead(m.onHand),
    rightHead(m.reserved),
    rightHead(m.available),
    rightHead(m.avgCost),
    rightHead(m.reorderPoint),
  ];
  return (
    <DataTable caption={caption} className="min-w-[36rem]" head={head}>
      {rows.map((r) => {
        const low = r.reorderPoint !== null && r.available <= r.reorderPoint;
        return (
          <tr key={`${r.partId}-${r.locationId}`} className="hover:bg-slate-50">
            {showPart ? (
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                <Link href={orgPath(orgId, `inventory/parts/${r.partId}`)} className={`font-mono ${rowLinkClass}`}>
                  {r.partNumber}
                </Link>
                <span className="block text-xs font-normal text-slate-600">{r.nameZh}</span>
              </th>
            ) : (
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                {r.locationName}
              </th>
            )}
            {showPart ? <td className={tdClass}>{r.locationName}</td> : null}
            <td className={numTdClass}>{qty(r.onHand)}</td>
            <td className={numTdClass}>{qty(r.reserved)}</td>
            <td className={`${numTdClass} font-semibold ${low ? 'text-amber-800' : ''}`}>{qty(r.available)}</td>
            <td className={numTdClass}>{formatFenExact(r.avgCostMinor, locale)}</td>
            <td className={numTdClass}>{r.reorderPoint === null ? '—' : qty(r.reorderPoint)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
