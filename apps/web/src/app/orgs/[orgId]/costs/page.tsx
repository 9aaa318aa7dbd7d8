import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('costs');
}

export default async function CostsPage({ params }: PageProps<'/orgs/[orgId]/costs'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'costs'));
  return <SectionPage ctx={ctx} section="costs" />;
}
