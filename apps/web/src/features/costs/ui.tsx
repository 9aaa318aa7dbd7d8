'use client';

import type { TCostDocumentStatus } from '@amms/contracts/costs';
import { Badge } from '@/components/ui/badge';
import { useMessages } from '@/i18n/messages';
import { COST_STATUS_TONE } from '@/lib/labels';
import { costsMessages } from './messages';

export function CostStatusBadge({ status }: { status: TCostDocumentStatus }) {
  const m = useMessages(costsMessages);
  return <Badge tone={COST_STATUS_TONE[status]}>{m.status[status]}</Badge>;
}
