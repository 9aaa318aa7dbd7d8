import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { CostList } from '@/features/costs/cost-list';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('costs');
}

export default async function CostsPage({ params }: PageProps<'/orgs/[orgId]/costs'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'costs'));
  const { permissions, myUserId } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="costs" permission="cost.read">
      <CostList orgId={orgId} permissions={permissions} myUserId={myUserId} />
    </SectionShell>
  );
}
