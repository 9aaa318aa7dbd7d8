import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('agent');
}

export default async function AgentPage({ params }: PageProps<'/orgs/[orgId]/agent'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'agent'));
  return <SectionPage ctx={ctx} section="agent" />;
}
