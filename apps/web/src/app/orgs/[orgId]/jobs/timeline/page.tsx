import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { JobsTabs } from '@/features/jobs/jobs-tabs';
import { JobsTimeline } from '@/features/jobs/jobs-timeline';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('jobs');
}

export default async function JobsTimelinePage({ params }: PageProps<'/orgs/[orgId]/jobs/timeline'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'jobs/timeline'));
  const { timeZone, permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="jobs" permission="job.read">
      <JobsTabs orgId={orgId} />
      <JobsTimeline orgId={orgId} timeZone={timeZone} permissions={permissions} />
    </SectionShell>
  );
}
