import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('jobs');
}

export default async function JobsPage({ params }: PageProps<'/orgs/[orgId]/jobs'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'jobs'));
  return <SectionPage ctx={ctx} section="jobs" />;
}
