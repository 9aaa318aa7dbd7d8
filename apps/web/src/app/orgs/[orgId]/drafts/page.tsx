import type { Metadata } from 'next';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { DraftsList } from '@/features/drafts/drafts-list';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('drafts');
}

export default async function DraftsPage({ params }: PageProps<'/orgs/[orgId]/drafts'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'drafts'));
  const { t } = await getI18n();
  const org = ctx.membership.organization;
  return (
    <>
      <PageHeader title={t.sections.drafts.title} subtitle={org.name} />
      {can(ctx.membership, 'draft.read') ? <DraftsList orgId={orgId} timeZone={org.timezone} /> : <NoAccess />}
    </>
  );
}
