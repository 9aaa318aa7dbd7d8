import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('analytics');
}

export default async function AnalyticsPage({ params }: PageProps<'/orgs/[orgId]/analytics'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'analytics'));
  return <SectionPage ctx={ctx} section="analytics" />;
}
