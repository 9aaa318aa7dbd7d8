'use client';

import type { TCostDocumentStatus } from '@amms/contracts/costs';
import { Badge, type Tone } from '@/components/ui/badge';
import { useMessages } from '@/i18n/messages';
import { costsMessages } from './messages';

const TONES: Record<TCostDocumentStatus, Tone> = { DRAFT: 'neutral', SUBMITTED: 'amber', APPROVED: 'green', REJECTED: 'red' };

export function CostStatusBadge({ status }: { status: TCostDocumentStatus }) {
  const m = useMessages(costsMessages);
  return <Badge tone={TONES[status]}>{m.status[status]}</Badge>;
}
