import type { Metadata } from 'next';
import { pageProps, SectionShell, sectionTitle } from '@/components/section-shell';
import { WorkOrderStockParts } from '@/features/inventory/wo-stock-parts';
import { WorkOrderDetail } from '@/features/maintenance/work-order-detail';
import { orgPath } from '@/lib/nav';
import { requireOrgContext } from '@/lib/server/auth';

export function generateMetadata(): Promise<Metadata> {
  return sectionTitle('maintenance');
}

export default async function WorkOrderPage({
  params,
}: PageProps<'/orgs/[orgId]/maintenance/work-orders/[workOrderId]'>) {
  const { orgId, workOrderId } = await params;
  const ctx = await requireOrgContext(orgId, orgPath(orgId, `maintenance/work-orders/${workOrderId}`));
  const props = pageProps(ctx);
  return (
    <SectionShell ctx={ctx} section="maintenance" permission="maintenance.read">
      <WorkOrderDetail
        key={workOrderId}
        orgId={orgId}
        workOrderId={workOrderId}
        {...props}
        stockParts={
          <WorkOrderStockParts
            orgId={orgId}
            workOrderId={workOrderId}
            permissions={props.permissions}
            myMembershipId={props.myMembershipId}
          />
        }
      />
    </SectionShell>
  );
}
