import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { MaintenanceTabs } from '@/features/maintenance/ui';
import { WorkOrderBoard } from '@/features/maintenance/work-order-board';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('maintenance');
}

export default async function MaintenancePage({ params }: PageProps<'/orgs/[orgId]/maintenance'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'maintenance'));
  const { timeZone } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="maintenance" permission="maintenance.read">
      <MaintenanceTabs orgId={orgId} />
      <WorkOrderBoard orgId={orgId} timeZone={timeZone} />
    </SectionShell>
  );
}
