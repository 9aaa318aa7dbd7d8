import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { PartsList } from '@/features/inventory/parts-list';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function Page({ params }: PageProps<'/orgs/[orgId]/inventory'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory'));
  const { permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.read">
      <PartsList orgId={orgId} permissions={permissions} />
    </SectionShell>
  );
}
