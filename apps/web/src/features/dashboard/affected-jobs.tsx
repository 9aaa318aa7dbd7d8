'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { enumLabels } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { dashboardMessages } from './messages';
import { machineDownJobsQuery } from './queries';

/**
 * Consequences told: the scheduled jobs whose machine went down, each with the
 * machine and its status, linking to the job to reassign it. Nothing is shown while there are none.
 */
export function AffectedJobsCard({ orgId, timeZone }: { orgId: string; timeZone: string }) {
  const m = useMessages(dashboardMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const q = useQuery(machineDownJobsQuery(orgId));
  const jobs = q.data?.items ?? [];
  if (jobs.length === 0) return null;
  return (
    <Card id="machine-down-card" title={format(m.machineDown.title, { count: jobs.length })}>
      <p className="mb-2 text-sm text-slate-700">{m.machineDown.intro}</p>
      <ul className="divide-y divide-slate-100 text-sm">
        {jobs.map((j) => (
          <li key={j.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <Link
              href={orgPath(orgId, `jobs/${j.id}`)}
              prefetch={false}
              className="font-medium text-emerald-800 underline-offset-2 hover:underline"
            >
              {j.title ?? j.fieldName}
            </Link>
            <span className="text-slate-700">
              {(j.assignment?.machines ?? [])
                .filter((mc) => mc.status !== 'ACTIVE')
                .map((mc) => `${mc.name} · ${labels.assetStatus[mc.status]}`)
                .join(m.machineDown.separator)}
              {j.assignment ? ` · ${formatDateTime(j.assignment.startsAt, locale, timeZone)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
