import type { Metadata } from 'next';
import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { sectionTitle } from '@/components/section-shell';
import { AgentPanel } from '@/features/agent/agent-panel';
import { goalPrefill } from '@/features/agent/goal-link';
import { memoryMessages } from '@/features/agent-memory/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('agent');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function AgentPage({ params, searchParams }: PageProps<'/orgs/[orgId]/agent'>) {
  const { orgId } = await params;
  const sp = await searchParams;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'agent'));
  const { t, locale } = await getI18n();
  const org = ctx.membership.organization;
  const conversation = typeof sp.conversation === 'string' && UUID.test(sp.conversation) ? sp.conversation : null;
  return (
    <>
      <PageHeader title={t.sections.agent.title} subtitle={t.sections.agent.description} />
      {can(ctx.membership, 'agent.run') ? (
        <>
          <p className="mb-3 text-sm">
            <Link href={orgPath(orgId, 'agent/preferences')} className="text-emerald-800 underline">
              {memoryMessages[locale].link}
            </Link>
          </p>
          <AgentPanel
            orgId={orgId}
            timeZone={org.timezone}
            initialConversationId={conversation}
            initialGoal={goalPrefill(sp.goal)}
          />
        </>
      ) : (
        <EmptyState title={t.noAccess.title}>
          <p>{t.noAccess.body}</p>
        </EmptyState>
      )}
    </>
  );
}
