import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { StockPage } from '@/features/inventory/stock-page';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function Page({ params }: PageProps<'/orgs/[orgId]/inventory/stock'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory/stock'));
  const { permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.read">
      <StockPage orgId={orgId} permissions={permissions} />
    </SectionShell>
  );
}
