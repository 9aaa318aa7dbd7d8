import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { NewCostDocument } from '@/features/costs/new-cost-document';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('costs');
}

export default async function NewCostDocumentPage({ params }: PageProps<'/orgs/[orgId]/costs/new'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'costs/new'));
  const { timeZone } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="costs" permission="cost.write">
      <NewCostDocument orgId={orgId} timeZone={timeZone} />
    </SectionShell>
  );
}
