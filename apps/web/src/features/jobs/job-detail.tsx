'use client';

import type { TPermission } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { ActionBar, BackLink, DetailHeading } from '@/components/detail';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading, QueryError } from '@/components/ui/states';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { enumLabels, priorityText } from '@/lib/labels';
import { formatDateTime, formatNumber } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { jobQuery } from './queries';
import { AssignDialog } from './assign-dialog';
import { CancelDialog, CompleteDialog, StartDialog, UnassignDialog } from './job-dialogs';
import { jobTitle } from './jobs-list';
import { jobsMessages } from './messages';
import { JobStatusBadge, MachineDownNotice } from './ui';
import { Fact, Facts } from '@/components/ui/facts';
import { FuelSource, JobFieldCheckNotice } from '../telematics/job-field-check';

type Props = { orgId: string; jobId: string; timeZone: string; permissions: TPermission[] };
type Open = null | 'assign' | 'unassign' | 'start' | 'complete' | 'cancel';

export function JobDetail({ orgId, jobId, timeZone, permissions }: Props) {
  const m = useMessages(jobsMessages);
  const labels = useMessages(enumLabels);
  const { locale } = useI18n();
  const [open, setOpen] = useState<Open>(null);
  const job = useQuery(jobQuery(orgId, jobId));

  if (job.isPending) return <Loading />;
  if (job.isError) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  const j = job.data;
  const can = (p: TPermission) => permissions.includes(p);
  const dt = (iso: string | null) => formatDateTime(iso, locale, timeZone);
  const hours = (n: number | null) => (n === null ? '—' : format(m.detail.hours, { n: formatNumber(n, locale, 2) }));

  const actions = [
    can('job.schedule') && (j.status === 'PLANNED' || j.status === 'SCHEDULED') ? (
      <Button key="assign" onClick={() => setOpen('assign')}>
        {j.status === 'SCHEDULED' ? m.actions.reassign : m.actions.assign}
      </Button>
    ) : null,
    can('job.execute') && j.status === 'SCHEDULED' ? (
      <Button key="start" onClick={() => setOpen('start')}>
        {m.actions.start}
      </Button>
    ) : null,
    can('job.execute') && j.status === 'IN_PROGRESS' ? (
      <Button key="complete" onClick={() => setOpen('complete')}>
        {m.actions.complete}
      </Button>
    ) : null,
    can('job.schedule') && j.status === 'SCHEDULED' ? (
      <Button key="unassign" variant="secondary" onClick={() => setOpen('unassign')}>
        {m.actions.unassign}
      </Button>
    ) : null,
    can('job.write') && (j.status === 'PLANNED' || j.status === 'SCHEDULED') ? (
      <Button key="cancel" variant="danger" onClick={() => setOpen('cancel')}>
        {m.actions.cancel}
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <BackLink href={orgPath(orgId, 'jobs')}>{m.detail.back}</BackLink>
      <DetailHeading title={jobTitle(j, m)}>
        <JobStatusBadge status={j.status} />
        {job.isFetching ? (
          <span className="sr-only" role="status">
            …
          </span>
        ) : null}
      </DetailHeading>

      <MachineDownNotice job={j} />
      <JobFieldCheckNotice job={j} />
      <ActionBar id="job-actions" title={m.detail.actions} actions={actions} noActions={m.detail.noActions} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card id="job-overview" title={m.detail.overview}>
          <Facts>
            <Fact term={m.detail.field}>{j.fieldName}</Fact>
            <Fact term={m.detail.operation}>{m.operation[j.operationType]}</Fact>
            <Fact term={m.detail.window}>
              <span className="tabular-nums">
                {dt(j.windowStart)} – {dt(j.windowEnd)}
              </span>
            </Fact>
            <Fact term={m.detail.priority}>{priorityText(labels, j.priority)}</Fact>
            <Fact term={m.detail.area}>{format(m.detail.ha, { n: formatNumber(j.areaHa, locale, 4) })}</Fact>
            <Fact term={m.detail.estimatedHours}>{hours(j.estimatedHours)}</Fact>
            {j.notes ? <Fact term={m.detail.notes}>{j.notes}</Fact> : null}
            <Fact term={m.detail.createdAt}>{dt(j.createdAt)}</Fact>
          </Facts>
        </Card>

        <Card id="job-assignment" title={m.detail.assignment}>
          {j.assignment ? (
            <Facts>
              <Fact term={m.detail.machines}>
                <ul className="space-y-0.5">
                  {j.assignment.machines.map((mc) => (
                    <li key={mc.assetId}>
                      <Link
                        href={orgPath(orgId, `assets/${mc.assetId}`)}
                        className="text-emerald-800 underline-offset-2 hover:underline"
                      >
                        {mc.name}
                      </Link>{' '}
                      <span className="text-xs text-slate-600">
                        ({mc.role === 'PRIMARY' ? m.detail.primary : m.detail.implement} · {m.kind[mc.kind]})
                      </span>
                      {mc.status !== 'ACTIVE' ? (
                        <span className="ml-1 text-xs font-semibold text-red-800">{labels.assetStatus[mc.status]}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </Fact>
              <Fact term={m.detail.operator}>{j.assignment.operatorName}</Fact>
              <Fact term={m.detail.slot}>
                <span className="tabular-nums">
                  {dt(j.assignment.startsAt)} – {dt(j.assignment.endsAt)}
                </span>
              </Fact>
            </Facts>
          ) : (
            <p className="text-sm text-slate-600">{m.detail.noAssignment}</p>
          )}
        </Card>

        {j.startedAt || j.completedAt || j.cancelledAt ? (
          <Card id="job-execution" title={m.detail.execution} className="lg:col-span-2">
            <Facts>
              {j.startedAt ? <Fact term={m.detail.startedAt}>{dt(j.startedAt)}</Fact> : null}
              {j.startMeterHours !== null ? <Fact term={m.detail.startMeter}>{hours(j.startMeterHours)}</Fact> : null}
              {j.completedAt ? <Fact term={m.detail.completedAt}>{dt(j.completedAt)}</Fact> : null}
              {j.endMeterHours !== null ? <Fact term={m.detail.endMeter}>{hours(j.endMeterHours)}</Fact> : null}
              {j.actualHours !== null ? <Fact term={m.detail.actualHours}>{hours(j.actualHours)}</Fact> : null}
              {j.areaDoneHa !== null ? (
                <Fact term={m.detail.areaDone}>
                  {format(m.detail.ha, { n: formatNumber(j.areaDoneHa, locale, 4) })}
                </Fact>
              ) : null}
              {j.fuelLiters !== null ? (
                <Fact term={m.detail.fuel}>
                  {format(m.detail.liters, { n: formatNumber(j.fuelLiters, locale, 2) })}
                  <FuelSource job={j} />
                </Fact>
              ) : null}
              {j.completionNotes ? <Fact term={m.detail.completionNotes}>{j.completionNotes}</Fact> : null}
              {j.cancelledAt ? <Fact term={m.detail.cancelledAt}>{dt(j.cancelledAt)}</Fact> : null}
              {j.cancelReason ? <Fact term={m.detail.cancelReason}>{j.cancelReason}</Fact> : null}
            </Facts>
          </Card>
        ) : null}
      </div>

      {open === 'assign' ? (
        <AssignDialog orgId={orgId} timeZone={timeZone} job={j} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'start' ? <StartDialog orgId={orgId} job={j} onClose={() => setOpen(null)} /> : null}
      {open === 'complete' ? <CompleteDialog orgId={orgId} job={j} onClose={() => setOpen(null)} /> : null}
      {open === 'cancel' ? <CancelDialog orgId={orgId} job={j} onClose={() => setOpen(null)} /> : null}
      {open === 'unassign' ? <UnassignDialog orgId={orgId} job={j} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
