import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { PrestartAdmin } from '@/features/maintenance/prestart-admin';
import { MaintenanceTabs } from '@/features/maintenance/ui';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('maintenance');
}

/** The pre-start lists per machine model or kind (issue #31 §2): everyone reads them, planners edit. */
export default async function PrestartListsPage({ params }: PageProps<'/orgs/[orgId]/maintenance/prestart'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'maintenance/prestart'));
  return (
    <SectionShell ctx={ctx} section="maintenance" permission="maintenance.read">
      <MaintenanceTabs orgId={orgId} />
      <PrestartAdmin
        orgId={orgId}
        canEdit={can(ctx.membership, 'maintenance.plan') && ctx.membership.dataScope === 'ORG'}
      />
    </SectionShell>
  );
}
