import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { StockCountPage } from '@/features/inventory/stock-count';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function Page({ params }: PageProps<'/orgs/[orgId]/inventory/counts'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory/counts'));
  const { permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.adjust">
      <StockCountPage orgId={orgId} permissions={permissions} />
    </SectionShell>
  );
}
