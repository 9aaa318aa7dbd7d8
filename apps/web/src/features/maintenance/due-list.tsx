'use client';

import { DUE_STATUSES, type TDueItem, type TDueStatus } from '@amms/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { EnumSelect } from '@/components/ui/enum-select';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SelectField } from '@/components/ui/form';
import { DataTable, rowLinkClass, tdClass } from '@/components/ui/data-table';
import { ListStates } from '@/components/ui/list';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { dueText } from '@/lib/due-text';
import { formatDate, formatNumber } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/idempotency';
import { orgPath, type SectionProps } from '@/lib/nav';
import { maintenanceMessages } from './messages';
import { useCreateWorkOrder } from './mutations';
import { dueListQuery } from './queries';
import { DueBadge, WorkOrderStatusBadge, woNumber } from './ui';

const RANK: Record<TDueStatus, number> = { OVERDUE: 0, DUE_SOON: 1, OK: 2 };
const WITHIN = [7, 14, 30, 60, 90];

export function DueList({ orgId, timeZone, permissions }: SectionProps) {
  const m = useMessages(maintenanceMessages);
  const { locale } = useI18n();
  const [status, setStatus] = useState<'' | TDueStatus>('');
  const [withinDays, setWithin] = useState(14);
  const params = { status: status || undefined, withinDays };
  const due = useQuery(dueListQuery(orgId, params));
  // overdue first, then due soon, then the rest; the API's urgency order is kept within a status
  const rows = [...(due.data?.items ?? [])].sort((a, b) => RANK[a.status] - RANK[b.status]);
  const overdue = rows.filter((r) => r.status === 'OVERDUE').length;
  const soon = rows.filter((r) => r.status === 'DUE_SOON').length;

  return (
    <section aria-labelledby="due-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="due-title" className="text-base font-semibold text-slate-900">
            {m.due.heading}
          </h2>
          {due.data ? (
            <p className="mt-1 flex gap-2 text-sm">
              <DueBadge status="OVERDUE" />{' '}
              <span className="text-slate-700">{format(m.due.countOverdue, { n: overdue })}</span>
              <DueBadge status="DUE_SOON" />{' '}
              <span className="text-slate-700">{format(m.due.countSoon, { n: soon })}</span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <EnumSelect
            label={m.due.filter}
            value={status}
            onChange={(v) => setStatus(v)}
            anyLabel={m.due.all}
            values={DUE_STATUSES}
            optionLabel={(s) => m.due.status[s]}
          />
          <SelectField label={m.due.within} value={withinDays} onChange={(e) => setWithin(Number(e.target.value))}>
            {WITHIN.map((d) => (
              <option key={d} value={d}>
                {format(m.due.days, { n: d })}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      <ListStates query={due} count={rows.length} empty={m.due.empty}>
        {due.data?.truncated ? <p className="text-sm text-amber-900">{m.due.truncated}</p> : null}
        <DataTable
          caption={m.due.caption}
          className="min-w-[52rem]"
          head={[m.due.machine, m.due.plan, m.due.state, m.due.next, m.due.remaining, m.due.last, m.due.workOrder]}
        >
          {rows.map((r) => (
            <tr key={`${r.planId}-${r.assetId}`} className={r.status === 'OVERDUE' ? 'bg-red-50/50' : undefined}>
              <th scope="row" className={`${tdClass} text-left font-medium`}>
                <Link href={orgPath(orgId, `assets/${r.assetId}`)} className={rowLinkClass}>
                  {r.assetName}
                </Link>
              </th>
              <td className={tdClass}>{r.planName}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                <DueBadge status={r.status} />
              </td>
              <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                {r.nextDueAt ? formatDate(r.nextDueAt, locale, timeZone) : null}
                {r.nextDueAt && r.nextDueHours !== null ? <br /> : null}
                {r.nextDueHours !== null ? format(m.due.atHours, { n: formatNumber(r.nextDueHours, locale, 1) }) : null}
              </td>
              <td className={`${tdClass} tabular-nums`}>{dueText(r, locale, 1) ?? m.due.none}</td>
              <td className={`${tdClass} whitespace-nowrap tabular-nums`}>
                {formatDate(r.lastServiceAt, locale, timeZone)}
                <br />
                <span className="text-slate-600">
                  {format(m.due.atHours, { n: formatNumber(r.lastServiceHours, locale, 1) })}
                </span>
              </td>
              <td className={tdClass}>
                {r.openWorkOrder ? (
                  <Link
                    href={orgPath(orgId, `maintenance/work-orders/${r.openWorkOrder.id}`)}
                    className="inline-flex flex-wrap items-center gap-1 text-emerald-800 underline-offset-2 hover:underline"
                  >
                    <span className="font-mono">{woNumber(r.openWorkOrder.number)}</span>
                    <WorkOrderStatusBadge status={r.openWorkOrder.status} />
                  </Link>
                ) : permissions.includes('workorder.write') && r.status !== 'OK' ? (
                  <CreateFromDue orgId={orgId} row={r} />
                ) : (
                  m.due.none
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </ListStates>
    </section>
  );
}

/** A preventive work order for this plan and machine (the plan's checklist comes with it). */
function CreateFromDue({ orgId, row }: { orgId: string; row: TDueItem }) {
  const m = useMessages(maintenanceMessages);
  const router = useRouter();
  const idem = useIdempotencyKey();
  const create = useCreateWorkOrder(orgId, (wo) => {
    idem.reset();
    router.push(orgPath(orgId, `maintenance/work-orders/${wo.id}`));
  });
  const body = {
    type: 'PREVENTIVE',
    assetId: row.assetId,
    planId: row.planId,
    title: `${row.planName} · ${row.assetName}`.slice(0, 200),
  };
  return (
    <div className="space-y-1">
      <Button
        size="sm"
        variant="secondary"
        pending={create.isPending}
        onClick={() => create.mutate({ body, idempotencyKey: idem.key() })}
      >
        {m.due.createWo}
      </Button>
      <ErrorAlert error={create.error} />
    </div>
  );
}
