import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { JobsList } from '@/features/jobs/jobs-list';
import { JobsTabs } from '@/features/jobs/jobs-tabs';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('jobs');
}

export default async function JobsPage({ params }: PageProps<'/orgs/[orgId]/jobs'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'jobs'));
  const { timeZone, permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="jobs" permission="job.read">
      <JobsTabs orgId={orgId} />
      <JobsList orgId={orgId} timeZone={timeZone} permissions={permissions} />
    </SectionShell>
  );
}
