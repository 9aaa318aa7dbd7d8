import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('maintenance');
}

export default async function MaintenancePage({ params }: PageProps<'/orgs/[orgId]/maintenance'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'maintenance'));
  return <SectionPage ctx={ctx} section="maintenance" />;
}
