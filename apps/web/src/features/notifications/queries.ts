import { ZListNotificationsResponse, type TNotification } from '@amms/contracts/notifications';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cursorListQuery } from '@/lib/cursor-list';
import { orgApi, qs } from '@/lib/org-api';
import { orgPath } from '@/lib/nav';
import { orgKey } from '@/lib/query-keys';

/** Keys: ['orgs', orgId, 'notifications', …] (lib/query-keys.ts). */
export const notificationKeys = {
  all: (orgId: string) => orgKey(orgId, 'notifications'),
  latest: (orgId: string) => orgKey(orgId, 'notifications', 'latest'),
  list: (orgId: string, unread: boolean) => orgKey(orgId, 'notifications', 'list', { unread }),
};

/** Notifications are written by the worker a moment after the change: the bell looks again every 30 s. */
export const POLL_MS = 30_000;

/** The newest few and the unread count (the header's bell). */
export const latestNotificationsQuery = (orgId: string) =>
  queryOptions({
    queryKey: notificationKeys.latest(orgId),
    queryFn: ({ signal }) =>
      apiFetch(orgApi(orgId, `notifications${qs({ limit: 8 })}`), ZListNotificationsResponse, { signal }),
    refetchInterval: POLL_MS,
  });

export const notificationListQuery = (orgId: string, unread: boolean) =>
  cursorListQuery(notificationKeys.list(orgId, unread), (cursor, signal) =>
    apiFetch(
      orgApi(orgId, `notifications${qs({ limit: 30, cursor, unread: unread ? 'true' : undefined })}`),
      ZListNotificationsResponse,
      { signal },
    ),
  );

/** Where a notification leads: the row it is about (a machine's downtime: its first affected job). */
export function notificationHref(orgId: string, n: TNotification): string {
  if (n.resourceType === 'work_order') return orgPath(orgId, `maintenance/work-orders/${n.resourceId}`);
  if (n.resourceType === 'cost_document') return orgPath(orgId, `costs/${n.resourceId}`);
  if (n.resourceType === 'part') return orgPath(orgId, `inventory/parts/${n.resourceId}`);
  if (n.resourceType === 'draft') return orgPath(orgId, `drafts/${n.resourceId}`);
  const job = n.jobIds[0];
  return job ? orgPath(orgId, `jobs/${job}`) : orgPath(orgId, `assets/${n.resourceId}`);
}
