'use client';

import { STOCK_MOVEMENT_TYPES, type TPartMovement, type TStockMovementType } from '@amms/contracts/inventory';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { DataTable, numTdClass, rightHead, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { SelectField } from '@/components/ui/form';
import { LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { formatFenExact } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { woNumber } from '../maintenance/ui';
import { inventoryMessages } from './messages';
import { locationsQuery, partMovementsQuery } from './queries';
import { useQty } from './ui';

/**
 * The part page's history: every movement of the part at the locations the reader sees, newest
 * first (GET /parts/:id/movements), filtered by type or location, a page at a time.
 */
export function PartMovements({ orgId, partId, timeZone }: { orgId: string; partId: string; timeZone: string }) {
  const m = useMessages(inventoryMessages);
  const h = m.detail.history;
  const [type, setType] = useState<TStockMovementType | ''>('');
  const [locationId, setLocationId] = useState('');
  const locations = useQuery(locationsQuery(orgId));
  const { query, rows } = useCursorList(
    partMovementsQuery(orgId, partId, { type: type || undefined, locationId: locationId || undefined }),
  );
  return (
    <div className="space-y-3" data-testid="part-history">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={h.filterType}
          value={type}
          onChange={(e) => setType(e.target.value as TStockMovementType | '')}
        >
          <option value="">{h.allTypes}</option>
          {STOCK_MOVEMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {m.type[t]}
            </option>
          ))}
        </SelectField>
        <SelectField label={h.filterLocation} value={locationId} onChange={(e) => setLocationId(e.target.value)}>
          <option value="">{h.allLocations}</option>
          {(locations.data?.items ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">{h.empty}</p>
      ) : (
        <>
          <MovementRows orgId={orgId} rows={rows} timeZone={timeZone} />
          <LoadMore
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}

function MovementRows({ orgId, rows, timeZone }: { orgId: string; rows: TPartMovement[]; timeZone: string }) {
  const m = useMessages(inventoryMessages);
  const h = m.detail.history;
  const { locale } = useI18n();
  const qty = useQty();
  const head = [h.when, h.type, h.location, rightHead(h.change), rightHead(h.value), h.who, h.detail];
  return (
    <DataTable caption={h.caption} className="min-w-[44rem]" head={head} focusable>
      {rows.map((r) => {
        const other = r.counterLocationId ? (r.counterLocationName ?? h.otherLocation) : null;
        return (
          <tr key={r.id} className="hover:bg-slate-50">
            <th scope="row" className={`${tdClass} whitespace-nowrap text-left font-normal`}>
              <time dateTime={r.occurredAt}>{formatDateTime(r.occurredAt, locale, timeZone)}</time>
            </th>
            <td className={tdClass}>{m.type[r.type]}</td>
            <td className={tdClass}>
              {r.locationName}
              {other ? (
                <span className="block text-xs text-slate-600">
                  {format(r.delta < 0 ? h.to : h.from, { name: other })}
                </span>
              ) : null}
            </td>
            <td className={`${numTdClass} ${r.delta < 0 ? 'text-amber-800' : 'text-emerald-800'}`}>
              {r.delta > 0 ? '+' : '−'}
              {qty(Math.abs(r.delta))}
            </td>
            <td className={numTdClass}>{formatFenExact(r.valueMinor.replace(/^-/, ''), locale)}</td>
            <td className={tdClass}>{r.actor?.name ?? h.system}</td>
            <td className={tdClass}>
              {r.workOrder ? (
                <Link href={orgPath(orgId, `maintenance/work-orders/${r.workOrder.id}`)} className={rowLinkClass}>
                  {woNumber(r.workOrder.number)} · {r.workOrder.title}
                </Link>
              ) : null}
              {r.reason ? <span className="block text-xs text-slate-600">{r.reason}</span> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
