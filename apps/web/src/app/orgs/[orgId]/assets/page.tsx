import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { Loading } from '@/components/ui/states';
import { AssetList } from '@/features/assets/asset-list';
import { assetMessages } from '@/features/assets/messages';
import { importMessages } from '@/features/import/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('assets');
}

export default async function AssetsPage({ params }: PageProps<'/orgs/[orgId]/assets'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'assets'));
  const { t, locale } = await getI18n();
  const m = assetMessages[locale];
  const allowed = can(ctx.membership, 'asset.read');
  return (
    <>
      <PageHeader title={t.sections.assets.title} subtitle={ctx.membership.organization.name}>
        {allowed && can(ctx.membership, 'asset.write') ? (
          <Link
            href={orgPath(orgId, 'assets/new')}
            className="inline-flex min-h-10 items-center rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {m.list.newAsset}
          </Link>
        ) : null}
        {allowed && can(ctx.membership, 'asset.write') ? (
          <Link
            href={orgPath(orgId, 'import')}
            className="inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
          >
            {importMessages[locale].title}
          </Link>
        ) : null}
      </PageHeader>
      {allowed ? (
        <Suspense fallback={<Loading />}>
          <AssetList orgId={orgId} />
        </Suspense>
      ) : (
        <NoAccess />
      )}
    </>
  );
}
