'use client';

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PlainTable } from '@/components/ui/data-table';
import { CursorListStates } from '@/components/ui/list';
import { Empty, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { COST_STATUS_TONE, DUE_STATUS_TONE, JOB_STATUS_TONE, WO_STATUS_TONE, enumLabels } from '@/lib/labels';
import { formatFen } from '@/lib/money';
import { orgPath } from '@/lib/nav';
import { woNumber } from '@/features/maintenance/ui';
import { addDays, todayIn, zonedDayStart } from '@/lib/zoned-time';
import { assetMessages } from './messages';
import { bookingsQuery, costDocumentsQuery, dueQuery, workOrdersQuery } from './queries';

/** The machine's history cards: bookings around today, maintenance plans and work orders, cost documents. */

const linkClass = 'text-emerald-800 underline-offset-2 hover:underline';
const cell = 'py-2 pr-4';
const muted = `${cell} text-slate-700`;
const mutedNowrap = `whitespace-nowrap ${muted}`;

/** A status cell: the badge in its tone. */
function BadgeCell({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <td className={cell}>
      <Badge tone={tone}>{children}</Badge>
    </td>
  );
}

/** A cell linking to the row's own page (a job, a work order, a cost document). */
function LinkCell({ href, className = cell, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <td className={className}>
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    </td>
  );
}

export function BookingsCard({ orgId, assetId, timeZone }: { orgId: string; assetId: string; timeZone: string }) {
  const m = useMessages(assetMessages);
  const bk = m.bookings;
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const [range] = useState(() => {
    const today = todayIn(timeZone);
    const fromDay = addDays(today, -7);
    const toDay = addDays(today, 54);
    return { from: zonedDayStart(fromDay, timeZone), to: zonedDayStart(addDays(toDay, 1), timeZone), fromDay, toDay };
  });
  const q = useInfiniteQuery(bookingsQuery(orgId, assetId, range.from, range.to));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-bookings" title={m.bookings.title}>
      <p className="mb-3 text-sm text-slate-600">
        {format(m.bookings.range, { from: range.fromDay, to: range.toDay })}
      </p>
      <CursorListStates query={q} count={rows.length} empty={m.bookings.empty} keepRowsOnError>
        <PlainTable
          caps
          caption={m.bookings.title}
          head={[bk.slot, bk.job, bk.operation, bk.operator, bk.machines, m.fields.status]}
        >
          {rows.map((b) => (
            <tr key={b.id}>
              <td className={mutedNowrap}>
                {formatDateTime(b.startsAt, locale, timeZone)} – {formatDateTime(b.endsAt, locale, timeZone)}
              </td>
              <td className={cell}>
                <Link href={orgPath(orgId, `jobs/${b.job.id}`)} className={linkClass}>
                  {b.job.title ?? b.job.fieldName}
                </Link>
                {b.job.title ? <span className="block text-xs text-slate-600">{b.job.fieldName}</span> : null}
              </td>
              <td className={muted}>{l.operation[b.job.operationType]}</td>
              <td className={muted}>{b.operatorName}</td>
              <td className={muted}>{b.machines.map((x) => x.name).join(' + ')}</td>
              <BadgeCell tone={JOB_STATUS_TONE[b.job.status]}>{l.jobStatus[b.job.status]}</BadgeCell>
            </tr>
          ))}
        </PlainTable>
      </CursorListStates>
    </Card>
  );
}

export function MaintenanceCard({ orgId, assetId, timeZone }: { orgId: string; assetId: string; timeZone: string }) {
  const m = useMessages(assetMessages);
  const mm = m.maintenance;
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const due = useQuery(dueQuery(orgId, assetId));
  const wos = useInfiniteQuery(workOrdersQuery(orgId, assetId));
  const rows = wos.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-maintenance" title={m.maintenance.title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{m.maintenance.plans}</h3>
      {due.isPending ? (
        <Loading />
      ) : due.isError ? (
        <QueryError error={due.error} onRetry={() => void due.refetch()} />
      ) : due.data.items.length === 0 ? (
        <Empty>{m.maintenance.noPlans}</Empty>
      ) : (
        <PlainTable
          caps
          caption={m.maintenance.plans}
          head={[mm.plan, m.fields.status, mm.nextDueAt, mm.nextDueHours, mm.openWorkOrder]}
        >
          {due.data.items.map((d) => (
            <tr key={d.planId}>
              <td className={`${cell} text-slate-900`}>{d.planName}</td>
              <BadgeCell tone={DUE_STATUS_TONE[d.status]}>{l.dueStatus[d.status]}</BadgeCell>
              <td className={mutedNowrap}>{formatDate(d.nextDueAt, locale, timeZone)}</td>
              <td className={`${muted} tabular-nums`}>
                {d.nextDueHours !== null ? `${formatNumber(d.nextDueHours, locale, 1)} h` : '—'}
              </td>
              {d.openWorkOrder ? (
                <LinkCell href={orgPath(orgId, `maintenance/work-orders/${d.openWorkOrder.id}`)}>
                  {woNumber(d.openWorkOrder.number)}
                </LinkCell>
              ) : (
                <td className={cell}>—</td>
              )}
            </tr>
          ))}
        </PlainTable>
      )}

      <h3 className="mb-2 mt-5 text-sm font-semibold text-slate-900">{m.maintenance.history}</h3>
      <CursorListStates query={wos} count={rows.length} empty={m.maintenance.empty} keepRowsOnError>
        <PlainTable
          caps
          caption={m.maintenance.history}
          head={[mm.number, mm.woTitle, mm.type, m.fields.status, mm.createdAt, mm.cost]}
        >
          {rows.map((w) => (
            <tr key={w.id}>
              <LinkCell
                href={orgPath(orgId, `maintenance/work-orders/${w.id}`)}
                className={`whitespace-nowrap ${cell}`}
              >
                {woNumber(w.number)}
              </LinkCell>
              <td className={`${cell} text-slate-900`}>{w.title}</td>
              <td className={mutedNowrap}>{l.woType[w.type]}</td>
              <BadgeCell tone={WO_STATUS_TONE[w.status]}>{l.woStatus[w.status]}</BadgeCell>
              <td className={mutedNowrap}>{formatDate(w.createdAt, locale, timeZone)}</td>
              <td className={`${mutedNowrap} tabular-nums`}>{formatFen(w.totalCostMinor, locale)}</td>
            </tr>
          ))}
        </PlainTable>
      </CursorListStates>
    </Card>
  );
}

export function CostsCard({ orgId, assetId }: { orgId: string; assetId: string }) {
  const m = useMessages(assetMessages);
  const l = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useInfiniteQuery(costDocumentsQuery(orgId, assetId));
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Card id="asset-costs" title={m.costs.title}>
      <CursorListStates query={q} count={rows.length} empty={m.costs.empty} keepRowsOnError>
        <PlainTable
          caps
          caption={m.costs.title}
          head={[m.costs.number, m.costs.date, m.costs.category, m.costs.supplier, m.fields.status, m.costs.total]}
        >
          {rows.map((d) => (
            <tr key={d.id}>
              <LinkCell href={orgPath(orgId, `costs/${d.id}`)} className={`whitespace-nowrap ${cell}`}>
                #{d.number}
              </LinkCell>
              <td className={mutedNowrap}>{d.documentDate}</td>
              <td className={muted}>{l.costCategory[d.category]}</td>
              <td className={muted}>{d.supplier ?? '—'}</td>
              <BadgeCell tone={COST_STATUS_TONE[d.status]}>{l.costStatus[d.status]}</BadgeCell>
              <td className={`whitespace-nowrap ${cell} text-right tabular-nums text-slate-900`}>
                {formatFen(d.totalMinor, locale)}
              </td>
            </tr>
          ))}
        </PlainTable>
      </CursorListStates>
    </Card>
  );
}
