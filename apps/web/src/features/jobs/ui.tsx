'use client';

import type { TJob, TJobStatus } from '@amms/contracts/jobs';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { jobsMessages } from './messages';

/** Tabs between sibling pages (list / timeline, board / due list): links, the current one marked. */
export function SubNav({ label, items }: { label: string; items: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="mb-5 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {items.map((item) => {
          const active = pathname === item.href;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-700 ${
                  active
                    ? 'border-emerald-700 text-emerald-900'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const JOB_TONES: Record<TJobStatus, Tone> = {
  PLANNED: 'amber',
  SCHEDULED: 'blue',
  IN_PROGRESS: 'violet',
  COMPLETED: 'green',
  CANCELLED: 'neutral',
};

export function JobStatusBadge({ status }: { status: TJobStatus }) {
  const m = useMessages(jobsMessages);
  return <Badge tone={JOB_TONES[status]}>{m.status[status]}</Badge>;
}

/** A two-column description list that wraps on small screens. */
export function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">{children}</dl>;
}

export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="-mt-2 break-words text-slate-900 sm:mt-0">{children}</dd>
    </>
  );
}

/**
 * A job not yet started whose machine went down (a fault, a service, retired): says which machine
 * and that the job needs another one. The dispatcher sees it on the job, the operator in the field app.
 */
export function MachineDownNotice({ job }: { job: TJob }) {
  const m = useMessages(jobsMessages);
  const labels = useMessages(enumLabels);
  const down =
    job.status === 'SCHEDULED' ? (job.assignment?.machines ?? []).filter((mc) => mc.status !== 'ACTIVE') : [];
  if (down.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {format(m.detail.machineDown, {
        machines: down
          .map((mc) => format(m.detail.machineDownItem, { name: mc.name, status: labels.assetStatus[mc.status] }))
          .join(m.detail.listSeparator),
      })}
    </div>
  );
}
