import type { Metadata } from 'next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PreferencesList } from '@/features/agent-memory/preferences-list';
import { memoryMessages } from '@/features/agent-memory/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: memoryMessages[locale].title };
}

/** "我的偏好" / "My preferences": the caller's own saved agent preferences. */
export default async function AgentPreferencesPage({ params }: PageProps<'/orgs/[orgId]/agent/preferences'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'agent/preferences'));
  const { t, locale } = await getI18n();
  const m = memoryMessages[locale];
  return (
    <>
      <PageHeader title={m.title} subtitle={t.sections.agent.title} />
      {can(ctx.membership, 'agent.run') ? (
        <PreferencesList orgId={orgId} timeZone={ctx.membership.organization.timezone} />
      ) : (
        <EmptyState title={t.noAccess.title}>
          <p>{t.noAccess.body}</p>
        </EmptyState>
      )}
    </>
  );
}
