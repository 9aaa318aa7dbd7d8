'use client';

import type { TNotification } from '@amms/contracts/notifications';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Empty, LoadMore, Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { useCursorList } from '@/lib/cursor-list';
import { formatDateTime } from '@/lib/format';
import { notificationMessages } from './messages';
import { useMarkAllRead, useMarkRead } from './mutations';
import { notificationHref, notificationListQuery } from './queries';

/** The member's notifications, newest first; opening one marks it read. */
export function NotificationList({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(notificationMessages);
  const { locale } = useI18n();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { query, rows } = useCursorList(notificationListQuery(orgId, unreadOnly));
  const markRead = useMarkRead(orgId);
  const markAll = useMarkAllRead(orgId);
  const unreadCount = query.data?.pages[0]?.unreadCount ?? 0;

  const row = (n: TNotification) => (
    <li key={n.id} className={`flex flex-wrap items-start gap-3 px-4 py-3 ${n.readAt ? '' : 'bg-emerald-50/60'}`}>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">
          {n.readAt ? null : <span className="sr-only">{m.unread}: </span>}
          {m.type[n.type]}
        </p>
        <p className="truncate text-sm text-slate-700">{n.title ?? '—'}</p>
        {n.jobIds.length > 0 ? (
          <p className="text-xs text-slate-600">{format(m.jobs, { n: n.jobIds.length })}</p>
        ) : null}
        <p className="text-xs text-slate-600">{formatDateTime(n.createdAt, locale, timeZone)}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Link
          href={notificationHref(orgId, n)}
          onClick={() => (n.readAt ? undefined : markRead.mutate(n.id))}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          {m.open}
        </Link>
        {n.readAt ? null : (
          <Button variant="secondary" onClick={() => markRead.mutate(n.id)}>
            {m.markRead}
          </Button>
        )}
      </div>
    </li>
  );

  return (
    <section aria-labelledby="notifications-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-heading" className="sr-only">
          {m.heading}
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />
          {m.unreadOnly}
        </label>
        <Button
          variant="secondary"
          onClick={() => markAll.mutate()}
          pending={markAll.isPending}
          disabled={unreadCount === 0}
        >
          {m.markAll}
        </Button>
      </div>
      <ErrorAlert error={markRead.error ?? markAll.error} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <Empty>{m.empty}</Empty>
      ) : (
        <ul
          data-testid="notification-list"
          className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
        >
          {rows.map(row)}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      />
    </section>
  );
}
