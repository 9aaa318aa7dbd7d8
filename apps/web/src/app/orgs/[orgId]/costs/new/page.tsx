import type { Metadata } from 'next';
import { sectionTitle } from '@/components/section-page';
import { NewCostDocument } from '@/features/costs/new-cost-document';
import { pageProps, SectionShell } from '@/features/jobs/section-shell';
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
