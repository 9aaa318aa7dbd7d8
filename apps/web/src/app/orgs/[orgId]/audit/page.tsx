import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('audit');
}

export default async function AuditPage({ params }: PageProps<'/orgs/[orgId]/audit'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'audit'));
  return <SectionPage ctx={ctx} section="audit" />;
}
