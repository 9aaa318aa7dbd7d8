import type { Metadata } from 'next';
import { PageHeader } from '@/components/page-header';
import { NoAccess, sectionTitle } from '@/components/section-shell';
import { OrgAudit } from '@/features/audit/org-audit';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { can, requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('audit');
}

export default async function AuditPage({ params }: PageProps<'/orgs/[orgId]/audit'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'audit'));
  const { t } = await getI18n();
  const org = ctx.membership.organization;
  return (
    <>
      <PageHeader title={t.sections.audit.title} subtitle={org.name} />
      {can(ctx.membership, 'audit.read') ? (
        <OrgAudit orgId={orgId} timeZone={org.timezone} myUserId={ctx.me.user.id} />
      ) : (
        <NoAccess />
      )}
    </>
  );
}
