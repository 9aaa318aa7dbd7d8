import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { HeaderBackLink } from '@/components/detail';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { basemapConfig } from '@/features/map/server';
import { plotMessages } from '@/features/plots/messages';
import { PlotPage } from '@/features/plots/plot-page';
import { plotQuery } from '@/features/plots/queries';
import { loadPlotOr404 } from '@/features/plots/server';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('fields');
}

/** A field: details, its boundary on a map (draw / edit, navigate), its jobs. Another org's or an invisible field → 404. */
export default async function FieldPage({ params }: PageProps<'/orgs/[orgId]/fields/[fieldId]'>) {
  const { orgId, fieldId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `fields/${fieldId}`));
  const { t, locale } = await getI18n();
  const back = <HeaderBackLink href={orgPath(orgId, 'fields')}>{plotMessages[locale].page.back}</HeaderBackLink>;
  if (!can(ctx.membership, 'field.read')) {
    return (
      <>
        <PageHeader title={t.sections.fields.title} subtitle={back} />
        <NoAccess />
      </>
    );
  }
  const field = await loadPlotOr404(orgId, fieldId);
  const queryClient = getQueryClient();
  if (field) queryClient.setQueryData(plotQuery(orgId, fieldId).queryKey, field);
  return (
    <>
      <PageHeader title={field?.name ?? t.sections.fields.title} subtitle={back} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <PlotPage
          orgId={orgId}
          fieldId={fieldId}
          timeZone={ctx.membership.organization.timezone}
          basemap={basemapConfig()}
          canEdit={can(ctx.membership, 'field.write')}
          canReadJobs={can(ctx.membership, 'job.read')}
        />
      </HydrationBoundary>
    </>
  );
}
