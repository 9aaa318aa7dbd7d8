'use client';

import { WORK_ORDER_STATUSES, type TWorkOrderStatus } from '@amms/contracts/maintenance';
import Link from 'next/link';
import { NextPage } from '@/components/ui/list';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { maintenanceMessages } from './messages';
import { BOARD_SORT, boardColumnQuery } from './queries';
import { WorkOrderTypeBadge, woNumber } from './ui';
import { ExportButton } from '@/components/export-button';

/** Work orders by status: one column per status (stacked on small screens), each paginated on its own, newest first. */
export function WorkOrderBoard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(maintenanceMessages);
  return (
    <section aria-labelledby="wo-board-title">
      <h2 id="wo-board-title" className="sr-only">
        {m.board.heading}
      </h2>
      <div className="mb-3 flex justify-end">
        <ExportButton orgId={orgId} list="work-orders" query={{ sort: BOARD_SORT }} />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-5">
        {WORK_ORDER_STATUSES.map((s) => (
          <Column key={s} orgId={orgId} timeZone={timeZone} status={s} />
        ))}
      </div>
    </section>
  );
}

function Column({ orgId, timeZone, status }: { orgId: string; timeZone: string; status: TWorkOrderStatus }) {
  const m = useMessages(maintenanceMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const { query: q, rows: items } = useCursorList(boardColumnQuery(orgId, status));
  const headingId = `wo-col-${status}`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        {q.isPending
          ? m.status[status]
          : format(m.board.column, { status: m.status[status], n: items.length, more: q.hasNextPage ? '+' : '' })}
      </h3>
      {q.isPending ? (
        <Loading />
      ) : q.isError && items.length === 0 ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : items.length === 0 ? (
        <p className="py-3 text-center text-sm text-slate-600">{m.board.empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((wo) => (
            <li key={wo.id}>
              <Link
                href={orgPath(orgId, `maintenance/work-orders/${wo.id}`)}
                className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-emerald-400 focus-visible:outline-2 focus-visible:outline-emerald-700"
              >
                <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                  <span className="font-mono">{woNumber(wo.number)}</span>
                  <WorkOrderTypeBadge type={wo.type} />
                </span>
                <span className="mt-1 block break-words text-sm font-semibold text-slate-900">{wo.title}</span>
                <span className="mt-0.5 block text-sm text-slate-700">{wo.assetName}</span>
                <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
                  <span>{format(m.board.priority, { n: priorityText(labels, wo.priority) })}</span>
                  {wo.causesDowntime &&
                  (status === 'OPEN' || status === 'IN_PROGRESS' || status === 'AWAITING_ACCEPTANCE') ? (
                    <span className="font-semibold text-red-800">⛔ {m.board.downtime}</span>
                  ) : null}
                </span>
                {wo.plannedStart ? (
                  <span className="mt-1 block text-xs tabular-nums text-slate-600">
                    {m.board.planned}: {formatDateTime(wo.plannedStart, locale, timeZone)} –{' '}
                    {formatDateTime(wo.plannedEnd, locale, timeZone)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NextPage query={q} />
    </section>
  );
}
