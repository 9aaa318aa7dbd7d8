import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { Loading } from '@/components/ui/states';
import { AnalyticsDashboard } from '@/features/analytics/analytics-dashboard';
import { prefetchAnalytics } from '@/features/analytics/prefetch';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { prefetchClient } from '@/lib/server/prefetch';
import { can, requireOrgContext } from '@/lib/server/auth';
import { searchParamsOf } from '@/lib/server/search-params';
import { FallbackQueries } from '@/components/fallback-queries';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('analytics');
}

export default async function AnalyticsPage({ params, searchParams }: PageProps<'/orgs/[orgId]/analytics'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'analytics'));
  const { t } = await getI18n();
  const timeZone = ctx.membership.organization.timezone;
  return (
    <>
      <PageHeader title={t.sections.analytics.title} subtitle={ctx.membership.organization.name} />
      {can(ctx.membership, 'analytics.read') ? (
        // the figures are fetched on the server and stream in with the page
        // (until they arrive the dashboard itself stands in, with its own loading states)
        <Suspense fallback={<Loading />}>
          <Suspense
            fallback={
              <FallbackQueries>
                <AnalyticsDashboard orgId={orgId} timeZone={timeZone} />
              </FallbackQueries>
            }
          >
            <PrefetchedAnalytics orgId={orgId} timeZone={timeZone} search={searchParamsOf(await searchParams)} />
          </Suspense>
        </Suspense>
      ) : (
        <NoAccess />
      )}
    </>
  );
}

async function PrefetchedAnalytics(props: { orgId: string; timeZone: string; search: URLSearchParams }) {
  const queryClient = prefetchClient();
  await prefetchAnalytics(queryClient, props);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AnalyticsDashboard orgId={props.orgId} timeZone={props.timeZone} />
    </HydrationBoundary>
  );
}
