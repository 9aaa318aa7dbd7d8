import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('assets');
}

export default async function AssetsPage({ params }: PageProps<'/orgs/[orgId]/assets'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'assets'));
  return <SectionPage ctx={ctx} section="assets" />;
}
