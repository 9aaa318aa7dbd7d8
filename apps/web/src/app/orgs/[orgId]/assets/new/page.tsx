import type { Metadata } from 'next';
import { HeaderBackLink } from '@/components/detail';
import { PageHeader } from '@/components/page-header';
import { AssetForm } from '@/features/assets/asset-form';
import { assetMessages } from '@/features/assets/messages';
import { NoAccess } from '@/components/section-shell';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: assetMessages[locale].form.createTitle };
}

export default async function NewAssetPage({ params }: PageProps<'/orgs/[orgId]/assets/new'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'assets/new'));
  const { locale } = await getI18n();
  const m = assetMessages[locale];
  return (
    <>
      <PageHeader
        title={m.form.createTitle}
        subtitle={<HeaderBackLink href={orgPath(orgId, 'assets')}>{m.detail.back}</HeaderBackLink>}
      />
      {can(ctx.membership, 'asset.write') ? <AssetForm orgId={orgId} asset={null} /> : <NoAccess />}
    </>
  );
}
