import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('teams');
}

export default async function TeamsPage({ params }: PageProps<'/orgs/[orgId]/teams'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'teams'));
  return <SectionPage ctx={ctx} section="teams" />;
}
