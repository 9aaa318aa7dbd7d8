import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { TelematicsSourcesAdmin } from '@/features/telematics/sources/sources-admin';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('telematics');
}

export default async function TelematicsSourcesPage({ params }: PageProps<'/orgs/[orgId]/telematics'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'telematics'));
  return (
    <SectionShell ctx={ctx} section="telematics">
      <TelematicsSourcesAdmin orgId={orgId} timeZone={ctx.membership.organization.timezone} />
    </SectionShell>
  );
}
