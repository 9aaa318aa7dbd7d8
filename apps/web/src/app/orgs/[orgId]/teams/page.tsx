import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { TeamsAdmin } from '@/features/admin/teams';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('teams');
}

export default async function TeamsPage({ params }: PageProps<'/orgs/[orgId]/teams'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'teams'));
  return (
    <SectionShell ctx={ctx} section="teams">
      <TeamsAdmin orgId={orgId} timeZone={ctx.membership.organization.timezone} />
    </SectionShell>
  );
}
