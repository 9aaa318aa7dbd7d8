import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { HeaderBackLink } from '@/components/detail';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { AssetDetail } from '@/features/assets/asset-detail';
import { assetMessages } from '@/features/assets/messages';
import { assetDetailQuery } from '@/features/assets/queries';
import { loadAssetOr404 } from '@/features/assets/server';
import { AssetManuals } from '@/features/knowledge/asset-manuals';
import { MachinePositionMap } from '@/features/map/machine-position-map';
import { AssetTelematics } from '@/features/telematics/asset-telematics';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';
import { getQueryClient } from '@/lib/server/query-client';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('assets');
}

export default async function AssetPage({ params }: PageProps<'/orgs/[orgId]/assets/[assetId]'>) {
  const { orgId, assetId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `assets/${assetId}`));
  const { t, locale } = await getI18n();
  const m = assetMessages[locale];
  const back = <HeaderBackLink href={orgPath(orgId, 'assets')}>{m.detail.back}</HeaderBackLink>;
  if (!can(ctx.membership, 'asset.read')) {
    return (
      <>
        <PageHeader title={t.sections.assets.title} subtitle={back} />
        <NoAccess />
      </>
    );
  }

  const asset = await loadAssetOr404(orgId, assetId);
  const queryClient = getQueryClient();
  if (asset) queryClient.setQueryData(assetDetailQuery(orgId, assetId).queryKey, asset);

  return (
    <>
      <PageHeader title={asset?.name ?? t.sections.assets.title} subtitle={back} />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <AssetDetail
          orgId={orgId}
          assetId={assetId}
          timeZone={ctx.membership.organization.timezone}
          permissions={ctx.membership.permissions}
          manuals={can(ctx.membership, 'knowledge.read') ? <AssetManuals orgId={orgId} assetId={assetId} /> : null}
        />
        {can(ctx.membership, 'field.read') ? <MachinePositionMap orgId={orgId} assetId={assetId} /> : null}
        {can(ctx.membership, 'telematics.read') ? (
          <AssetTelematics orgId={orgId} assetId={assetId} timeZone={ctx.membership.organization.timezone} />
        ) : null}
      </HydrationBoundary>
    </>
  );
}
