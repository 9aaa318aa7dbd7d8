import type { Metadata } from 'next';
import { SectionPage, sectionTitle } from '@/components/section-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('apiKeys');
}

export default async function ApiKeysPage({ params }: PageProps<'/orgs/[orgId]/api-keys'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'api-keys'));
  return <SectionPage ctx={ctx} section="apiKeys" />;
}
