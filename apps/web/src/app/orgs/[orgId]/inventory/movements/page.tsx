import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { MovementForm } from '@/features/inventory/movement-form';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function Page({ params }: PageProps<'/orgs/[orgId]/inventory/movements'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory/movements'));
  const { permissions } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.read">
      <MovementForm orgId={orgId} permissions={permissions} />
    </SectionShell>
  );
}
