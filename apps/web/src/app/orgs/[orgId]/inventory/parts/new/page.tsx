import type { Metadata } from 'next';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { PartForm } from '@/features/inventory/part-form';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('inventory');
}

export default async function NewPartPage({ params }: PageProps<'/orgs/[orgId]/inventory/parts/new'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'inventory/parts/new'));
  return (
    <SectionShell ctx={ctx} section="inventory" permission="inventory.write">
      <PartForm orgId={orgId} />
    </SectionShell>
  );
}
