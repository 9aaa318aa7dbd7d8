import { redirect } from 'next/navigation';
import { orgPath } from '@/lib/nav';

/** The work orders live on the maintenance board. */
export default async function WorkOrdersIndex({ params }: PageProps<'/orgs/[orgId]/maintenance/work-orders'>) {
  const { orgId } = await params;
  redirect(orgPath(orgId, 'maintenance'));
}
