import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { JobDetail } from '@/features/jobs/job-detail';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('jobs');
}

export default async function JobPage({ params }: PageProps<'/orgs/[orgId]/jobs/[jobId]'>) {
  const { orgId, jobId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `jobs/${jobId}`));
  return (
    <SectionShell ctx={ctx} section="jobs" permission="job.read">
      <JobDetail key={jobId} orgId={orgId} jobId={jobId} {...pageProps(ctx)} />
    </SectionShell>
  );
}
