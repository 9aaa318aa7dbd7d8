import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { CostDetail } from '@/features/costs/cost-detail';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('costs');
}

export default async function CostDocumentPage({ params }: PageProps<'/orgs/[orgId]/costs/[documentId]'>) {
  const { orgId, documentId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `costs/${documentId}`));
  return (
    <SectionShell ctx={ctx} section="costs" permission="cost.read">
      <CostDetail key={documentId} orgId={orgId} documentId={documentId} {...pageProps(ctx)} />
    </SectionShell>
  );
}
