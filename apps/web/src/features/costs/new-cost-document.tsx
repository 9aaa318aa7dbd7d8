'use client';

import Link from 'next/link';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { CostForm } from './cost-form';
import { costsMessages } from './messages';

export function NewCostDocument({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(costsMessages);
  return (
    <div className="space-y-4">
      <p>
        <Link href={orgPath(orgId, 'costs')} className="text-sm text-emerald-800 underline-offset-2 hover:underline">
          ← {m.form.back}
        </Link>
      </p>
      <h2 className="text-xl font-semibold text-slate-900">{m.form.newTitle}</h2>
      <CostForm orgId={orgId} timeZone={timeZone} />
    </div>
  );
}
