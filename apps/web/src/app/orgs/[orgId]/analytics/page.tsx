import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { Loading } from '@/components/ui/states';
import { AnalyticsDashboard } from '@/features/analytics/analytics-dashboard';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('analytics');
}

export default async function AnalyticsPage({ params }: PageProps<'/orgs/[orgId]/analytics'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'analytics'));
  const { t } = await getI18n();
  return (
    <>
      <PageHeader title={t.sections.analytics.title} subtitle={ctx.membership.organization.name} />
      {can(ctx.membership, 'analytics.read') ? (
        <Suspense fallback={<Loading />}>
          <AnalyticsDashboard orgId={orgId} timeZone={ctx.membership.organization.timezone} />
        </Suspense>
      ) : (
        <NoAccess />
      )}
    </>
  );
}
