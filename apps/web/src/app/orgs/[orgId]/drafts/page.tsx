import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('drafts');
}

export default async function DraftsPage({ params }: PageProps<'/orgs/[orgId]/drafts'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'drafts'));
  return <SectionPage ctx={ctx} section="drafts" />;
}
