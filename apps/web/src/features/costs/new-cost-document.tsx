'use client';

import { BackLink } from '@/components/detail';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { CostForm } from './cost-form';
import type { CostLinks } from './cost-links';
import { costsMessages } from './messages';

export function NewCostDocument({
  orgId,
  timeZone,
  initialLinks,
}: {
  orgId: string;
  timeZone: string;
  initialLinks?: Partial<CostLinks>;
}) {
  const m = useMessages(costsMessages);
  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'costs')}>{m.form.back}</BackLink>
      <h2 className="text-xl font-semibold text-slate-900">{m.form.newTitle}</h2>
      <CostForm orgId={orgId} timeZone={timeZone} initialLinks={initialLinks} />
    </div>
  );
}
