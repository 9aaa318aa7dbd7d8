'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { DataTable, numTdClass, rightHead, tdClass } from '@/components/ui/data-table';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Button } from '@/components/ui/button';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatFenExact } from '@/lib/money';
import { orgPath, type DeciderProps } from '@/lib/nav';
import { InventoryTabs } from './inventory-tabs';
import { inventoryMessages } from './messages';
import { useDecideWriteOff } from './mutations';
import { inventorySettingsQuery, locationsQuery, stockQuery, writeOffsQuery } from './queries';
import { secondaryLinkClass, useQty, WriteOffBadge } from './ui';

/**
 * Write-off requests and their four-eyes state: the org's limit, who asked, waiting / approved /
 * rejected. Another member with inventory.adjust approves or rejects; the requester sees that
 * someone else must (the API refuses their own: 403 SELF_APPROVAL).
 */
export function WriteOffs({ orgId, permissions, myUserId }: DeciderProps) {
  const m = useMessages(inventoryMessages);
  const { locale } = useI18n();
  const qty = useQty();
  const list = useQuery(writeOffsQuery(orgId));
  const settings = useQuery(inventorySettingsQuery(orgId));
  const locations = useQuery(locationsQuery(orgId));
  const stock = useQuery(stockQuery(orgId, {}));
  const decide = useDecideWriteOff(orgId);
  const locName = new Map((locations.data?.items ?? []).map((l) => [l.id, l.name]));
  const partName = new Map((stock.data?.items ?? []).map((r) => [r.partId, `${r.partNumber} ${r.nameZh}`]));
  const limit = settings.data?.writeOffApprovalMinor ?? null;

  return (
    <>
      <InventoryTabs orgId={orgId} current="writeOffs" permissions={permissions} />
      <section aria-labelledby="wo-title" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="wo-title" className="text-base font-semibold text-slate-900">
            {m.writeOffs.heading}
          </h2>
          <Link href={`${orgPath(orgId, 'inventory/movements')}?type=WRITE_OFF`} className={secondaryLinkClass}>
            {m.writeOffs.create}
          </Link>
        </div>
        <p className="text-sm text-slate-700">{m.writeOffs.intro}</p>
        {settings.data ? (
          <p className="text-sm font-medium text-slate-900">
            {limit === null
              ? m.writeOffs.noLimit
              : format(m.writeOffs.limit, { amount: formatFenExact(limit, locale) })}
          </p>
        ) : null}
        <ErrorAlert error={decide.error} />
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{m.writeOffs.empty}</p>
        ) : (
          <DataTable
            caption={m.writeOffs.caption}
            className="min-w-[48rem]"
            head={[
              m.writeOffs.part,
              m.writeOffs.location,
              rightHead(m.writeOffs.quantity),
              rightHead(m.writeOffs.value),
              m.writeOffs.reason,
              m.writeOffs.state,
            ]}
          >
            {list.data.items.map((w) => {
              const own = w.requestedByUserId === myUserId;
              return (
                <tr key={w.id}>
                  <th scope="row" className={`${tdClass} text-left font-medium`}>
                    {partName.get(w.partId) ?? w.partId.slice(0, 8)}
                  </th>
                  <td className={tdClass}>{locName.get(w.locationId) ?? '—'}</td>
                  <td className={numTdClass}>{qty(w.quantity)}</td>
                  <td className={numTdClass}>{formatFenExact(w.valueMinor, locale)}</td>
                  <td className={`${tdClass} max-w-xs break-words`}>{w.reason}</td>
                  <td className={tdClass}>
                    <WriteOffBadge status={w.status} />
                    {w.status === 'PENDING' && own ? (
                      <span className="mt-1 block text-xs text-amber-900">{m.writeOffs.own}</span>
                    ) : null}
                    {w.status === 'PENDING' && !own ? (
                      <span className="mt-2 flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          pending={decide.isPending && decide.variables?.id === w.id && decide.variables.approve}
                          onClick={() => decide.mutate({ id: w.id, approve: true })}
                        >
                          {m.writeOffs.approve}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          pending={decide.isPending && decide.variables?.id === w.id && !decide.variables.approve}
                          onClick={() => decide.mutate({ id: w.id, approve: false })}
                        >
                          {m.writeOffs.reject}
                        </Button>
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
    </>
  );
}
