import type { TPermission } from '@amms/contracts/permissions';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { JobsTabs } from '@/features/jobs/jobs-tabs';
import { JobsTimeline } from '@/features/jobs/jobs-timeline';
import { prefetchTimeline } from '@/features/jobs/prefetch';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';
import { prefetchClient } from '@/lib/server/prefetch';
import { FallbackQueries } from '@/components/fallback-queries';

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
      {/* this week's machines and bookings are fetched on the server and stream in with the page */}
      {/* (until they arrive the timeline itself stands in, with its own loading states) */}
      <Suspense
        fallback={
          <FallbackQueries>
            <JobsTimeline orgId={orgId} timeZone={timeZone} permissions={permissions} />
          </FallbackQueries>
        }
      >
        <PrefetchedTimeline orgId={orgId} timeZone={timeZone} permissions={permissions} />
      </Suspense>
    </SectionShell>
  );
}

async function PrefetchedTimeline(props: { orgId: string; timeZone: string; permissions: TPermission[] }) {
  const queryClient = prefetchClient();
  await prefetchTimeline(queryClient, props);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <JobsTimeline {...props} />
    </HydrationBoundary>
  );
}
