import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { DueList } from '@/features/maintenance/due-list';
import { MaintenanceTabs } from '@/features/maintenance/ui';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('maintenance');
}

export default async function MaintenanceDuePage({ params }: PageProps<'/orgs/[orgId]/maintenance/due'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'maintenance/due'));
  const { timeZone, permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="maintenance" permission="maintenance.read">
      <MaintenanceTabs orgId={orgId} />
      <DueList orgId={orgId} timeZone={timeZone} permissions={permissions} />
    </SectionShell>
  );
}
