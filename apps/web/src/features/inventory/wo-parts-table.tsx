'use client';

import type { TWorkOrderPartsView } from '@amms/contracts/inventory';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatFenExact } from '@/lib/money';
import { inventoryMessages } from './messages';
import { useQty } from './ui';
import { summarizeWorkOrderParts } from './wo-parts-model';

/**
 * A work order's stock parts per part: reserved, issued, returned, still held; then the parts
 * cost from stock. `names` fills in parts issued without a reservation (the view names only those).
 */
export function WoPartsTable({
  view,
  names = new Map(),
}: {
  view: TWorkOrderPartsView;
  names?: ReadonlyMap<string, string>;
}) {
  const m = useMessages(inventoryMessages).wo;
  const { locale } = useI18n();
  const qty = useQty();
  const rows = summarizeWorkOrderParts(view);
  if (rows.length === 0) return <p className="text-sm text-slate-600">{m.empty}</p>;
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-100 text-sm" aria-label={m.caption} data-testid="wo-stock-parts">
        {rows.map((r) => (
          <li key={r.partId} className="py-2">
            <p className="font-medium text-slate-900">
              {r.partNumber ? (
                <>
                  <span className="font-mono">{r.partNumber}</span> {r.nameZh}
                </>
              ) : (
                (names.get(r.partId) ?? r.partId.slice(0, 8))
              )}
            </p>
            <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
              {(
                [
                  [m.reserved, r.reserved],
                  [m.issued, r.issued],
                  [m.returned, r.returned],
                  [m.open, r.open],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className="flex gap-1">
                  <dt>{label}</dt>
                  <dd className="font-semibold tabular-nums text-slate-900">{qty(n)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-800">
        {format(m.cost, { amount: formatFenExact(view.partsCostMinor, locale) })}
      </p>
    </div>
  );
}
