'use client';

import type { TAnalyticsOverview } from '@amms/contracts/analytics';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { dueText } from '@/lib/due-text';
import { formatDate } from '@/lib/format';
import { formatFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { COST_STATUS_TONE, DUE_STATUS_TONE, enumLabels } from '@/lib/labels';
import { docNumber } from '../costs/queries';
import { OwnDocumentNote } from '../costs/ui';
import { dashboardMessages } from './messages';
import { dueSoonQuery, submittedCostsQuery } from './queries';
import { linkClass, MoreLink } from './ui';

export function DueCard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(dashboardMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useQuery(dueSoonQuery(orgId));
  const urgent = (q.data?.items ?? []).filter((d) => d.status !== 'OK');
  const overdue = urgent.filter((d) => d.status === 'OVERDUE').length;
  const soon = urgent.length - overdue;

  return (
    <Card
      id="due-card"
      title={m.due.title}
      actions={<MoreLink href={orgPath(orgId, 'maintenance')}>{m.due.viewAll}</MoreLink>}
    >
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2">
            <div className="rounded-lg bg-red-50 p-3">
              <dt className="text-xs text-red-900">{m.due.overdue}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-red-800">{overdue}</dd>
            </div>
            <div className="rounded-lg bg-amber-50 p-3">
              <dt className="text-xs text-amber-900">{m.due.dueSoon}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums text-amber-900">{soon}</dd>
            </div>
          </dl>
          {urgent.length === 0 ? (
            <div className="mt-3">
              <Empty>{m.due.empty}</Empty>
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {urgent.slice(0, 5).map((d) => (
                <li key={`${d.planId}:${d.assetId}`} className="flex items-start justify-between gap-2 py-2 text-sm">
                  <div className="min-w-0">
                    <Link
                      href={orgPath(orgId, `assets/${d.assetId}`)}
                      prefetch={false}
                      className={`font-medium ${linkClass}`}
                    >
                      {d.assetName}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {d.planName} · {d.nextDueAt ? formatDate(d.nextDueAt, locale, timeZone) : ''} {dueText(d, locale)}
                    </p>
                  </div>
                  <Badge tone={DUE_STATUS_TONE[d.status]}>{l.dueStatus[d.status]}</Badge>
                </li>
              ))}
            </ul>
          )}
          {q.data.truncated ? <p className="mt-2 text-xs text-slate-600">{m.due.truncated}</p> : null}
        </>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------

export function CostsCard({
  orgId,
  overview,
  myUserId,
  permissions,
}: {
  orgId: string;
  overview: TAnalyticsOverview | undefined;
  myUserId: string;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(dashboardMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useQuery(submittedCostsQuery(orgId));
  const waiting = overview?.costs.awaitingApproval;

  return (
    <Card
      id="costs-card"
      title={m.costs.title}
      actions={<MoreLink href={orgPath(orgId, 'costs')}>{m.costs.viewAll}</MoreLink>}
    >
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <Empty>{m.costs.empty}</Empty>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            <span className="text-2xl font-bold tabular-nums text-slate-900">
              {waiting?.documents ?? `${q.data.items.length}${q.data.nextCursor ? '+' : ''}`}
            </span>{' '}
            {m.costs.documents}
            {waiting ? (
              <span className="block text-slate-600">
                {format(m.costs.total, { total: formatFen(waiting.totalMinor, locale) })}
              </span>
            ) : null}
          </p>
          <ul className="mt-3 divide-y divide-slate-100">
            {q.data.items.map((d) => (
              <li key={d.id} className="flex items-start justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <Link href={orgPath(orgId, `costs/${d.id}`)} prefetch={false} className={`font-medium ${linkClass}`}>
                    {docNumber(d.number)} · {l.costCategory[d.category]}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {d.documentDate}
                    {d.supplier ? ` · ${d.supplier}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="tabular-nums text-slate-900">{formatFen(d.totalMinor, locale)}</span>
                  <Badge tone={COST_STATUS_TONE[d.status]}>{l.costStatus[d.status]}</Badge>
                  <OwnDocumentNote doc={d} myUserId={myUserId} permissions={permissions} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

// ---------------------------------------------------------------------------
