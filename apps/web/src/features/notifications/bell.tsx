'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { useAfterLoad } from '@/lib/after-load';
import { orgPath } from '@/lib/nav';
import { notificationMessages } from './messages';
import { latestNotificationsQuery } from './queries';

/** The header's bell: the unread count, a link to the list. */
export function NotificationBell({
  orgId,
  className = 'text-slate-700 hover:bg-slate-100',
  deferred = false,
}: {
  orgId: string;
  className?: string;
  /** ask for the count only after the load (the field app on a phone: the page's data comes first) */
  deferred?: boolean;
}) {
  const m = useMessages(notificationMessages);
  const loaded = useAfterLoad();
  const { data } = useQuery({ ...latestNotificationsQuery(orgId), enabled: !deferred || loaded });
  const unread = data?.unreadCount ?? 0;
  return (
    <Link
      href={orgPath(orgId, 'notifications')}
      aria-label={unread > 0 ? format(m.bellUnread, { n: unread }) : m.bell}
      data-testid="notification-bell"
      className={`relative grid size-10 place-items-center rounded-md ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8" strokeLinejoin="round" />
        <path d="M10.3 20a2 2 0 0 0 3.4 0" strokeLinecap="round" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
