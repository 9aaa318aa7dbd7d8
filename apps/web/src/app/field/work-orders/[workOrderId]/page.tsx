import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FieldPage } from '@/features/field/field-page';
import { fieldPaths } from '@/features/field/links';
import { fieldMessages } from '@/features/field/messages';
import { requireFieldContext } from '@/features/field/server';
import { WorkOrderView } from '@/features/field/work-order-view';
import { getI18n } from '@/i18n/server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const { locale } = await getI18n();
  return { title: fieldMessages[locale].appTitle };
}

/** A work order in the field: start, checklist, submit for acceptance. */
export default async function FieldWorkOrderPage({
  params,
  searchParams,
}: PageProps<'/field/work-orders/[workOrderId]'>) {
  const { workOrderId } = await params;
  const ctx = await requireFieldContext(fieldPaths.workOrder(workOrderId), await searchParams);
  if (!UUID.test(workOrderId)) notFound();
  return <FieldPage ctx={ctx}>{(props) => <WorkOrderView {...props} workOrderId={workOrderId} />}</FieldPage>;
}
