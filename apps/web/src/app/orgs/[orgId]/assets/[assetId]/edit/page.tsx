import type { Metadata } from 'next';
import { HeaderBackLink } from '@/components/detail';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/empty-state';
import { AssetForm } from '@/features/assets/asset-form';
import { assetMessages } from '@/features/assets/messages';
import { NoAccess } from '@/components/section-shell';
import { loadAssetOr404 } from '@/features/assets/server';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: assetMessages[locale].form.editTitle };
}

export default async function EditAssetPage({ params }: PageProps<'/orgs/[orgId]/assets/[assetId]/edit'>) {
  const { orgId, assetId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `assets/${assetId}/edit`));
  const { locale, t } = await getI18n();
  const m = assetMessages[locale];
  // not found before not allowed: another org's (or a hidden) machine is a 404 for everyone
  const asset = can(ctx.membership, 'asset.read') ? await loadAssetOr404(orgId, assetId) : null;
  const allowed = can(ctx.membership, 'asset.write');
  return (
    <>
      <PageHeader
        title={asset ? `${m.form.editTitle} · ${asset.name}` : m.form.editTitle}
        subtitle={<HeaderBackLink href={orgPath(orgId, `assets/${assetId}`)}>{m.form.cancel}</HeaderBackLink>}
      />
      {!allowed ? (
        <NoAccess />
      ) : asset ? (
        <AssetForm key={`${asset.id}:${asset.version}`} orgId={orgId} asset={asset} />
      ) : (
        <EmptyState title={t.error.title}>
          <p>{t.error.body}</p>
        </EmptyState>
      )}
    </>
  );
}
