import type { Metadata } from 'next';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { MapPage } from '@/features/map/map-page';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('map');
}

/**
 * The org's map. The basemap comes from the server's environment: MAP_STYLE_URL (a MapLibre
 * style) or MAP_RASTER_TILES (a {z}/{x}/{y} template, with MAP_ATTRIBUTION); neither → a plain
 * background and nothing fetched from outside (docs/maps.md).
 */
export default async function MapRoute({ params }: PageProps<'/orgs/[orgId]/map'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'map'));
  const { t } = await getI18n();
  const basemap = {
    styleUrl: process.env.MAP_STYLE_URL || null,
    rasterTiles: process.env.MAP_RASTER_TILES || null,
    attribution: process.env.MAP_ATTRIBUTION || null,
  };
  return (
    <>
      <PageHeader title={t.sections.map.title} subtitle={t.sections.map.description} />
      {can(ctx.membership, 'field.read') ? (
        <MapPage orgId={orgId} basemap={basemap} canEdit={can(ctx.membership, 'field.write')} />
      ) : (
        <NoAccess />
      )}
    </>
  );
}
