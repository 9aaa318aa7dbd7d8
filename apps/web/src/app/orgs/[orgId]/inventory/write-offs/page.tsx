import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { WriteOffs } from '@/features/inventory/write-offs';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function Page({ params }: PageProps<'/orgs/[orgId]/inventory/write-offs'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory/write-offs'));
  const { permissions, myUserId } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.adjust">
      <WriteOffs orgId={orgId} permissions={permissions} myUserId={myUserId} />
    </SectionShell>
  );
}
