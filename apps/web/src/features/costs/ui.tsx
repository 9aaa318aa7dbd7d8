'use client';

import type { TCostDocument, TCostDocumentStatus } from '@amms/contracts/costs';
import type { TPermission } from '@amms/contracts/permissions';
import { Badge } from '@/components/ui/badge';
import { useMessages } from '@/i18n/messages';
import { COST_STATUS_TONE } from '@/lib/labels';
import { costsMessages } from './messages';

export function CostStatusBadge({ status }: { status: TCostDocumentStatus }) {
  const m = useMessages(costsMessages);
  return <Badge tone={COST_STATUS_TONE[status]}>{m.status[status]}</Badge>;
}

/** The API refuses an approver who created or submitted the document (403 SELF_APPROVAL). */
export function isOwnDocument(
  doc: Pick<TCostDocument, 'createdByUserId' | 'submittedByUserId'>,
  myUserId: string,
): boolean {
  return doc.createdByUserId === myUserId || doc.submittedByUserId === myUserId;
}

/**
 * Under a document waiting for approval, for a reader who approves documents but not this one (their
 * own): says so in the list and on the overview card, before they open it to find out.
 */
export function OwnDocumentNote({
  doc,
  myUserId,
  permissions,
}: {
  doc: Pick<TCostDocument, 'status' | 'createdByUserId' | 'submittedByUserId'>;
  myUserId: string;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(costsMessages);
  if (doc.status !== 'SUBMITTED' || !permissions.includes('cost.approve') || !isOwnDocument(doc, myUserId)) return null;
  return <span className="block text-xs text-amber-900">{m.list.ownDocument}</span>;
}
