import type { Metadata } from 'next';
import Link from 'next/link';
import { messages as notifySettingsMessages } from '@/features/notify-settings/messages';
import { PageHeader } from '@/components/page-header';
import { NotificationList } from '@/features/notifications/notification-list';
import { notificationMessages } from '@/features/notifications/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: notificationMessages[locale].heading };
}

/** Every member's own notifications (no permission beyond membership). */
export default async function NotificationsPage({ params }: PageProps<'/orgs/[orgId]/notifications'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'notifications'));
  const { locale } = await getI18n();
  const m = notificationMessages[locale];
  return (
    <>
      <PageHeader title={m.heading} subtitle={m.subtitle}>
        <Link
          href={orgPath(orgId, 'notifications/settings')}
          className="text-sm font-semibold text-emerald-800 underline"
        >
          {notifySettingsMessages[locale].link}
        </Link>
      </PageHeader>
      <NotificationList orgId={orgId} timeZone={ctx.membership.organization.timezone} />
    </>
  );
}
