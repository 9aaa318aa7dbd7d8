import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SectionShell, sectionTitle } from '@/components/section-shell';
import { Loading } from '@/components/ui/states';
import { PlotList } from '@/features/plots/plot-list';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('fields');
}

export default async function FieldsPage({ params }: PageProps<'/orgs/[orgId]/fields'>) {
  const { orgId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'fields'));
  return (
    <SectionShell ctx={ctx} section="fields">
      <Suspense fallback={<Loading />}>
        <PlotList orgId={orgId} />
      </Suspense>
    </SectionShell>
  );
}
