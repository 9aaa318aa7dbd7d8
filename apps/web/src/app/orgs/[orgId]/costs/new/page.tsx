import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { NewCostDocument } from '@/features/costs/new-cost-document';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';
import { isUuid } from '@/lib/uuid';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('costs');
}

export default async function NewCostDocumentPage({ params, searchParams }: PageProps<'/orgs/[orgId]/costs/new'>) {
  const { orgId } = await params;
  const q = await searchParams;
  // started from a machine or a work order: ?assetId=…&workOrderId=… (ids only; the API checks them)
  const id = (v: unknown) => (typeof v === 'string' && isUuid(v) ? v : undefined);
  const initialLinks = { assetId: id(q.assetId), workOrderId: id(q.workOrderId), jobId: id(q.jobId) };
  const ctx = await requireOrgContext(orgId, orgPath(orgId, 'costs/new'));
  const { timeZone } = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="costs" permission="cost.write">
      <NewCostDocument orgId={orgId} timeZone={timeZone} initialLinks={initialLinks} />
    </SectionShell>
  );
}
