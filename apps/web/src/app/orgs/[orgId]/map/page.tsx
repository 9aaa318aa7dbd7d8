import type { Metadata } from 'next';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { MapPage } from '@/features/map/map-page';
import { basemapConfig } from '@/features/map/server';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('map');
}

/** The org's map; the basemap comes from the server's environment (features/map/server.ts). */
export default async function MapRoute({ params }: PageProps<'/orgs/[orgId]/map'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'map'));
  const { t } = await getI18n();
  const basemap = basemapConfig();
  return (
    <>
      <PageHeader title={t.sections.map.title} subtitle={t.sections.map.description} />
      {can(ctx.membership, 'field.read') ? (
        <MapPage
          orgId={orgId}
          basemap={basemap}
          canEdit={can(ctx.membership, 'field.write')}
          canTrack={can(ctx.membership, 'telematics.read')}
          timeZone={ctx.membership.organization.timezone}
        />
      ) : (
        <NoAccess />
      )}
    </>
  );
}
