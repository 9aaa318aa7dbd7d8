import type { Metadata } from 'next';
import { PageHeader } from '@/components/page-header';
import { BotsAdmin } from '@/features/notify-settings/bots-admin';
import { messages } from '@/features/notify-settings/messages';
import { PreferencesForm } from '@/features/notify-settings/preferences-form';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: messages[locale].heading };
}

/** Every member's own choices; the group bots for admins (notify.manage). */
export default async function NotificationSettingsPage({ params }: PageProps<'/orgs/[orgId]/notifications/settings'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'notifications/settings'));
  const { locale } = await getI18n();
  const m = messages[locale];
  return (
    <>
      <PageHeader title={m.heading} subtitle={m.subtitle} />
      <PreferencesForm orgId={orgId} />
      {can(ctx.membership, 'notify.manage') ? (
        <div className="mt-8">
          <BotsAdmin orgId={orgId} />
        </div>
      ) : null}
    </>
  );
}
