import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { ApiKeysAdmin } from '@/features/admin/api-keys';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('apiKeys');
}

export default async function ApiKeysPage({ params }: PageProps<'/orgs/[orgId]/api-keys'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'api-keys'));
  return (
    <SectionShell ctx={ctx} section="apiKeys">
      <ApiKeysAdmin
        orgId={orgId}
        timeZone={ctx.membership.organization.timezone}
        permissions={ctx.membership.permissions}
      />
    </SectionShell>
  );
}
