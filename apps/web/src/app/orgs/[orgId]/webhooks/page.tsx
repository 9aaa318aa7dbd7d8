import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { WebhooksAdmin } from '@/features/webhooks/webhooks';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('webhooks');
}

export default async function WebhooksPage({ params }: PageProps<'/orgs/[orgId]/webhooks'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'webhooks'));
  return (
    <SectionShell ctx={ctx} section="webhooks">
      <WebhooksAdmin orgId={orgId} timeZone={ctx.membership.organization.timezone} />
    </SectionShell>
  );
}
