import type { Metadata } from 'next';
import type { TImportKind } from '@amms/contracts/integrations';
import { PageHeader } from '@/components/page-header';
import { NoAccess } from '@/components/section-shell';
import { ImportPage } from '@/features/import/import-page';
import { importMessages } from '@/features/import/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: importMessages[locale].title };
}

/** File import of machines, fields, jobs, parts and stock: the kinds the member may create. */
export default async function ImportRoute({ params, searchParams }: PageProps<'/orgs/[orgId]/import'>) {
  const { orgId } = await params;
  const { kind: asked } = await searchParams;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'import'));
  const { locale } = await getI18n();
  const kinds = (
    [
      ['assets', 'asset.write'],
      ['fields', 'field.write'],
      ['jobs', 'job.write'],
      ['parts', 'inventory.write'],
      ['stock', 'inventory.adjust'],
    ] as const
  )
    .filter(([, permission]) => can(ctx.membership, permission))
    .map(([kind]) => kind as TImportKind);
  return (
    <>
      <PageHeader title={importMessages[locale].title} subtitle={ctx.membership.organization.name} />
      {kinds.length > 0 ? (
        <ImportPage
          orgId={orgId}
          kinds={kinds}
          timeZone={ctx.membership.organization.timezone}
          initialKind={kinds.find((k) => k === asked)}
        />
      ) : (
        <NoAccess />
      )}
    </>
  );
}
