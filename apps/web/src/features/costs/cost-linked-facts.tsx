'use client';

import type { TCostDocument } from '@amms/contracts/costs';
import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { assetDetailQuery } from '../assets/queries';
import { Fact } from '@/components/ui/facts';
import { jobQuery } from '../jobs/queries';
import { workOrderQuery } from '../maintenance/queries';
import { woNumber } from '../maintenance/ui';
import { costsMessages } from './messages';

const linkClass = 'text-emerald-800 underline';

/**
 * What a cost document is linked to, by name: the machine, the job (its title or field) and the work
 * order (WO-000012 · title). A reader without the permission to open the linked record keeps the
 * plain link, named by what it is.
 */
export function CostLinkedFacts({
  orgId,
  doc,
  permissions,
}: {
  orgId: string;
  doc: Pick<TCostDocument, 'assetId' | 'jobId' | 'workOrderId'>;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(costsMessages);
  const can = (p: TPermission) => permissions.includes(p);
  const asset = useQuery({
    ...assetDetailQuery(orgId, doc.assetId ?? ''),
    enabled: !!doc.assetId && can('asset.read'),
    retry: false,
  });
  const job = useQuery({ ...jobQuery(orgId, doc.jobId ?? ''), enabled: !!doc.jobId && can('job.read'), retry: false });
  const order = useQuery({
    ...workOrderQuery(orgId, doc.workOrderId ?? ''),
    enabled: !!doc.workOrderId && (can('maintenance.read') || can('workorder.write')),
    retry: false,
  });
  return (
    <>
      {doc.assetId ? (
        <Fact term={m.detail.machine}>
          <Link href={orgPath(orgId, `assets/${doc.assetId}`)} className={linkClass}>
            {asset.data?.name ?? m.detail.machine}
          </Link>
        </Fact>
      ) : null}
      {doc.jobId ? (
        <Fact term={m.detail.job}>
          <Link href={orgPath(orgId, `jobs/${doc.jobId}`)} className={linkClass}>
            {job.data ? (job.data.title ?? job.data.fieldName) : m.detail.job}
          </Link>
        </Fact>
      ) : null}
      {doc.workOrderId ? (
        <Fact term={m.detail.workOrder}>
          <Link href={orgPath(orgId, `maintenance/work-orders/${doc.workOrderId}`)} className={linkClass}>
            {order.data ? `${woNumber(order.data.number)} · ${order.data.title}` : m.detail.workOrder}
          </Link>
        </Fact>
      ) : null}
    </>
  );
}
