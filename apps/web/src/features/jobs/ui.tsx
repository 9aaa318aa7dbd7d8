'use client';

import type { TJob, TJobStatus } from '@amms/contracts/jobs';
import { Badge, type Tone } from '@/components/ui/badge';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { enumLabels } from '@/lib/labels';
import { jobsMessages } from './messages';

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
