import { ZListTeamsResponse } from '@amms/contracts/teams';
import type { TPermission } from '@amms/contracts/permissions';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/page-header';
import { sectionTitle } from '@/components/section-shell';
import { TeamsCard } from '@/components/teams-card';
import { Loading } from '@/components/ui/states';
import { OverviewDashboard } from '@/features/dashboard/overview-dashboard';
import { prefetchOverview } from '@/features/dashboard/prefetch';
import { format } from '@/i18n/dictionaries';
import { getI18n } from '@/i18n/server';
import { prefetchClient } from '@/lib/server/prefetch';
import { orgPath } from '@/lib/nav';
import { teamsQuery } from '@/lib/queries';
import { serverApiGet } from '@/lib/server/api';
import { can, requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';
import { searchParamsOf } from '@/lib/server/search-params';
import { FallbackQueries } from '@/components/fallback-queries';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('overview');
}

export default async function OverviewPage({ params, searchParams }: PageProps<'/orgs/[orgId]'>) {
  const { orgId } = await params;
  const { me, membership } = await requireOrgContext(orgId, orgPath(orgId));
  const { t } = await getI18n();
  const org = membership.organization;

  const queryClient = getQueryClient();
  const showTeams = can(membership, 'team.read');
  if (showTeams) {
    const options = teamsQuery(orgId);
    await queryClient.prefetchQuery({
      ...options,
      queryFn: () => serverApiGet(`orgs/${encodeURIComponent(orgId)}/teams?limit=50`, ZListTeamsResponse),
    });
  }

  return (
    <>
      <PageHeader
        title={t.sections.overview.title}
        subtitle={format(t.overview.welcome, { name: me.user.name || me.user.email })}
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <section aria-labelledby="org-card-title" className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="org-card-title" className="break-words text-base font-semibold text-slate-900">
            {org.name}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">{t.overview.yourRole}</dt>
            <dd className="text-slate-900">{t.roles[membership.role]}</dd>
            <dt className="text-slate-600">{t.overview.dataScope}</dt>
            <dd className="text-slate-900">{t.dataScopes[membership.dataScope]}</dd>
            <dt className="text-slate-600">{t.overview.timezone}</dt>
            <dd className="break-all text-slate-900">{org.timezone}</dd>
          </dl>
        </section>
        {showTeams ? (
          <HydrationBoundary state={dehydrate(queryClient)}>
            <TeamsCard orgId={orgId} />
          </HydrationBoundary>
        ) : null}
      </div>

      {/* the dashboard's data is fetched here, on the server, and streams in with the page; until it
          arrives the dashboard itself stands in (its cards and their own loading states: a slow API
          never hides the page's structure, and the browser fetches what the stream has not brought) */}
      <Suspense fallback={<Loading />}>
        <Suspense
          fallback={
            <FallbackQueries>
              <OverviewDashboard
                orgId={orgId}
                timeZone={org.timezone}
                permissions={membership.permissions}
                myUserId={me.user.id}
              />
            </FallbackQueries>
          }
        >
          <PrefetchedDashboard
            orgId={orgId}
            timeZone={org.timezone}
            permissions={membership.permissions}
            myUserId={me.user.id}
            search={searchParamsOf(await searchParams)}
          />
        </Suspense>
      </Suspense>
    </>
  );
}

async function PrefetchedDashboard(props: {
  orgId: string;
  timeZone: string;
  permissions: TPermission[];
  myUserId: string;
  search: URLSearchParams;
}) {
  // its own client: the layout's and the teams card's entries are already on their way
  const queryClient = prefetchClient();
  await prefetchOverview(queryClient, props);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <OverviewDashboard
        orgId={props.orgId}
        timeZone={props.timeZone}
        permissions={props.permissions}
        myUserId={props.myUserId}
      />
    </HydrationBoundary>
  );
}
