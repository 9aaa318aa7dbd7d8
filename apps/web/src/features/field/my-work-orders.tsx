'use client';

import type { TWorkOrderView } from '@amms/contracts/maintenance';
import { useInfiniteQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { workOrdersQuery, type WorkOrderFilter } from './api';
import { myReportsFilter, myWorkOrderFilters } from './list-queries';
import { fieldHref, fieldPaths } from './links';
import { fieldMessages } from './messages';
import type { FieldOrgProps } from './types';
import { Section, WorkOrderStatusBadge, workOrderNumber } from './ui';

/**
 * A mechanic's work orders: mine by status (in progress first), then open orders nobody has
 * taken yet (starting one makes me its assignee).
 */
export function MyWorkOrders({ orgId, membershipId, timeZone }: FieldOrgProps) {
  const m = useMessages(fieldMessages);
  const f = myWorkOrderFilters(membershipId);
  return (
    <div>
      <h2 className="mb-2 text-xl font-bold text-slate-900">{m.workOrders.heading}</h2>
      <WorkOrderList
        id="wo-in-progress"
        title={m.workOrders.inProgress}
        filter={f.inProgress}
        orgId={orgId}
        timeZone={timeZone}
      />
      <WorkOrderList id="wo-open" title={m.workOrders.open} filter={f.open} orgId={orgId} timeZone={timeZone} />
      <WorkOrderList
        id="wo-awaiting"
        title={m.workOrders.awaiting}
        filter={f.awaiting}
        orgId={orgId}
        timeZone={timeZone}
      />
      <WorkOrderList
        id="wo-unassigned"
        title={m.workOrders.unassigned}
        filter={f.unassigned}
        only={(w) => w.assigneeMembershipId === null}
        empty={m.workOrders.emptyUnassigned}
        orgId={orgId}
        timeZone={timeZone}
      />
    </div>
  );
}

/**
 * For reporters without maintenance.read (operators): the work orders they reported, any status.
 * The API shows such a caller exactly their own reports, so no filter is needed here.
 */
export function MyReports({ orgId, timeZone }: FieldOrgProps) {
  const m = useMessages(fieldMessages);
  return (
    <WorkOrderList
      id="wo-reported"
      title={m.workOrders.reported}
      filter={myReportsFilter}
      empty={m.workOrders.emptyReported}
      orgId={orgId}
      timeZone={timeZone}
    />
  );
}

function WorkOrderList({
  id,
  title,
  filter,
  only,
  empty,
  orgId,
  timeZone,
}: {
  id: string;
  title: string;
  filter: WorkOrderFilter;
  only?: (w: TWorkOrderView) => boolean;
  empty?: string;
  orgId: string;
  timeZone: string;
}) {
  const m = useMessages(fieldMessages);
  const q = useInfiniteQuery(workOrdersQuery(orgId, filter));
  const rows = (q.data?.pages.flatMap((p) => p.items) ?? []).filter((w) => (only ? only(w) : true));
  // urgent first (5 is the most urgent), then newest: a fault reported a minute ago is on top of its priority
  rows.sort((a, b) => b.priority - a.priority || b.number - a.number);
  return (
    <Section
      id={id}
      title={title}
      aside={q.isSuccess ? <span className="text-sm text-slate-600">{rows.length}</span> : null}
    >
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{empty ?? m.workOrders.empty}</Empty>
      ) : (
        <ul className="space-y-3">
          {rows.map((w) => (
            <li key={w.id}>
              <WorkOrderCard wo={w} orgId={orgId} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
      {q.isSuccess ? (
        <LoadMore
          hasNextPage={q.hasNextPage}
          isFetchingNextPage={q.isFetchingNextPage}
          onClick={() => void q.fetchNextPage()}
        />
      ) : null}
    </Section>
  );
}

function WorkOrderCard({ wo, orgId, timeZone }: { wo: TWorkOrderView; orgId: string; timeZone: string }) {
  const { locale } = useI18n();
  const m = useMessages(fieldMessages);
  return (
    <Link
      href={fieldHref(fieldPaths.workOrder(wo.id), orgId)}
      className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-emerald-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 break-words text-base font-semibold text-slate-900">{wo.title}</p>
        <WorkOrderStatusBadge status={wo.status} />
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        <span className="font-mono">{workOrderNumber(wo.number)}</span> · {m.woType[wo.type]} · {wo.assetName}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>
          <span className="sr-only">{m.wo.reported}: </span>
          {formatDateTime(wo.createdAt, locale, timeZone)}
        </span>
        {wo.priority >= 4 ? <Badge tone="red">{m.priority[wo.priority as 4 | 5]}</Badge> : null}
        {wo.causesDowntime && wo.downtimeStartedAt && !wo.downtimeEndedAt ? (
          <Badge tone="amber">{m.wo.downtime}</Badge>
        ) : null}
      </p>
    </Link>
  );
}
