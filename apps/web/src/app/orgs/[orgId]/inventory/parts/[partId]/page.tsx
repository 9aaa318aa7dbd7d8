import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { PartDetail } from '@/features/inventory/part-detail';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function PartPage({ params }: PageProps<'/orgs/[orgId]/inventory/parts/[partId]'>) {
  const { orgId, partId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `inventory/parts/${partId}`));
  const { permissions, timeZone } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.read">
      <PartDetail key={partId} orgId={orgId} partId={partId} permissions={permissions} timeZone={timeZone} />
    </SectionShell>
  );
}
