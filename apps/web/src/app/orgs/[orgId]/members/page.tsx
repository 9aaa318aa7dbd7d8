import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('members');
}

export default async function MembersPage({ params }: PageProps<'/orgs/[orgId]/members'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'members'));
  return <SectionPage ctx={ctx} section="members" />;
}
