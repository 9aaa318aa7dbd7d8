import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { AppShell } from '@/components/app-shell';
import { BasemapProvider } from '@/features/map/basemap-context';
import { basemapConfig } from '@/features/map/server';
import { NotificationBell } from '@/features/notifications/bell';
import { orgPath } from '@/lib/nav';
import { meQuery } from '@/lib/queries';
import { requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';

export default async function OrgLayout({ children, params }: LayoutProps<'/orgs/[orgId]'>) {
  const { orgId } = await params;
  // the same check runs again in every page.tsx (cached per request): a layout alone is not a guard
  const { me } = await requireOrgContext(orgId, orgPath(orgId));

  const queryClient = getQueryClient();
  queryClient.setQueryData(meQuery().queryKey, me);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <AppShell orgId={orgId} bell={<NotificationBell orgId={orgId} />}>
        {/* every map under the org draws the configured basemap (docs/maps.md) */}
        <BasemapProvider value={basemapConfig()}>{children}</BasemapProvider>
      </AppShell>
    </HydrationBoundary>
  );
}
