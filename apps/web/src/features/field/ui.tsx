'use client';

import type { TJob, TJobStatus } from '@amms/contracts/jobs';
import type { TWorkOrderStatus } from '@amms/contracts/maintenance';
import type { ComponentProps, ReactNode } from 'react';
import { Badge, type Tone } from '@/components/ui/badge';
import { Checkbox, TextField } from '@/components/ui/form';
import { useMessages } from '@/i18n/messages';
import { fieldMessages, type FieldMessages } from './messages';

const JOB_TONE: Record<TJobStatus, Tone> = {
  PLANNED: 'neutral',
  SCHEDULED: 'blue',
  IN_PROGRESS: 'amber',
  COMPLETED: 'green',
  CANCELLED: 'neutral',
};
const WO_TONE: Record<TWorkOrderStatus, Tone> = {
  OPEN: 'blue',
  IN_PROGRESS: 'amber',
  AWAITING_ACCEPTANCE: 'violet',
  CLOSED: 'green',
  CANCELLED: 'neutral',
};

export function JobStatusBadge({ status }: { status: TJobStatus }) {
  const m = useMessages(fieldMessages);
  return <Badge tone={JOB_TONE[status]}>{m.jobStatus[status]}</Badge>;
}

export function WorkOrderStatusBadge({ status }: { status: TWorkOrderStatus }) {
  const m = useMessages(fieldMessages);
  return <Badge tone={WO_TONE[status]}>{m.woStatus[status]}</Badge>;
}

export function jobTitle(job: Pick<TJob, 'title' | 'operationType' | 'fieldName'>, m: FieldMessages): string {
  return job.title ?? `${m.operation[job.operationType]} · ${job.fieldName}`;
}

export function workOrderNumber(n: number): string {
  return `WO-${String(n).padStart(6, '0')}`;
}

/** A titled block of the one-column layout. */
export function Section({
  id,
  title,
  aside,
  level = 3,
  children,
}: {
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  level?: 2 | 3;
  children: ReactNode;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 first:mt-0">
      <div className="mb-2 flex items-center justify-between gap-2">
        <H id={`${id}-title`} className="text-base font-semibold text-slate-800">
          {title}
        </H>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A white panel (detail blocks and forms). */
export function Panel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-3 text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label/value rows that stack on a phone. */
export function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
      {rows.map(([k, v], i) => (
        <div key={i} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="min-w-0 break-words text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A polite status line (success, "state changed"). */
export function Notice({ tone = 'green', children }: { tone?: 'green' | 'blue'; children: ReactNode }) {
  const cls =
    tone === 'green' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-sky-200 bg-sky-50 text-sky-900';
  return (
    <p role="status" className={`rounded-md border px-3 py-2 text-sm ${cls}`}>
      {children}
    </p>
  );
}

/** The bar at the bottom of a form: stays in reach of the thumb while the form scrolls. */
export function StickyActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-20 -mx-4 mt-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
      {children}
    </div>
  );
}

/** A decimal input (meter hours, hectares, litres) sized for a thumb: numeric keypad, big text. */
export function DecimalField(
  props: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'autoComplete' | 'className'>,
) {
  return (
    <TextField inputMode="decimal" autoComplete="off" className="[&_input]:min-h-12 [&_input]:text-lg" {...props} />
  );
}

/**
 * Shown after the API refused a reading as implausible (METER_IMPLAUSIBLE): ticking it resends
 * the reading as confirmed ("meter replaced / corrected"), which the API records and audits.
 */
export function ConfirmJump({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
}) {
  return (
    <Checkbox
      label={label}
      name="confirmMeterJump"
      checked={checked}
      onChange={onChange}
      className="mt-3 flex min-h-12 items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-base text-amber-950"
      inputClassName="mt-1 size-5 accent-amber-700"
    />
  );
}

/** The record's title with its status badge on the right (the field app's job and work-order pages). */
export function RecordTitle({
  title,
  badge,
  className = '',
}: {
  title: ReactNode;
  badge: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex items-start justify-between gap-2 ${className}`}>
      <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="pt-1.5">{badge}</div>
    </div>
  );
}
