import type { Metadata } from 'next';
import Link from 'next/link';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { DraftTrail } from '@/features/audit/draft-trail';
import { auditMessages } from '@/features/audit/messages';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('audit');
}

export default async function DraftAuditPage({ params }: PageProps<'/orgs/[orgId]/drafts/[draftId]/audit'>) {
  const { orgId, draftId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `drafts/${draftId}/audit`));
  const { locale } = await getI18n();
  const m = auditMessages[locale];
  const org = ctx.membership.organization;
  return (
    <>
      <PageHeader title={m.trailTitle} subtitle={org.name}>
        <Link
          href={orgPath(orgId, `drafts/${draftId}`)}
          className="text-sm font-medium text-emerald-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {m.backToDraft}
        </Link>
      </PageHeader>
      {can(ctx.membership, 'audit.read') && can(ctx.membership, 'draft.read') ? (
        <DraftTrail orgId={orgId} draftId={draftId} timeZone={org.timezone} myUserId={ctx.me.user.id} />
      ) : (
        <NoAccess />
      )}
    </>
  );
}
