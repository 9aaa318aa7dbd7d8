'use client';

import type { TJobStatus } from '@amms/contracts/jobs';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { useMessages } from '@/i18n/messages';
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
                  active ? 'border-emerald-700 text-emerald-900' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
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

/** Table shell: scrolls inside itself on narrow screens. */
export function TableWrap({ children }: { children: ReactNode }) {
  return <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">{children}</div>;
}

export const thClass = 'whitespace-nowrap px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
export const tdClass = 'px-3 py-2 align-top text-sm text-slate-800';
