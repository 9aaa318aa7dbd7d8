'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Loading, QueryError } from '@/components/ui/states';
import { Timeline, type TimelineBar, type TimelineRow } from '@/components/timeline/timeline';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDate } from '@/lib/format';
import { orgPath, type SectionProps } from '@/lib/nav';
import { addDays, todayIn, weekStart, zonedToIso } from '@/lib/zoned-time';
import { machineOptionsQuery, timelineAssignmentsQuery, timelineWorkOrdersQuery } from './queries';
import { jobTitle } from './jobs-list';
import { jobsMessages } from './messages';

/**
 * Machines as rows, a week of days as columns: job bookings (GET assignments for the week) and
 * maintenance windows of live work orders. Week navigation in the org's time zone.
 */
export function JobsTimeline({ orgId, timeZone, permissions }: SectionProps) {
  const m = useMessages(jobsMessages);
  const { locale } = useI18n();
  const thisWeek = weekStart(todayIn(timeZone));
  const [monday, setMonday] = useState(thisWeek);
  const [onlyBooked, setOnlyBooked] = useState(false);
  const from = zonedToIso(monday, timeZone)!;
  const to = zonedToIso(addDays(monday, 7), timeZone)!;

  const machines = useQuery(machineOptionsQuery(orgId));
  const assignments = useQuery(timelineAssignmentsQuery(orgId, from, to));
  const workOrders = useQuery(timelineWorkOrdersQuery(orgId, permissions.includes('maintenance.read')));

  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const bars: TimelineBar[] = [];
  for (const a of assignments.data?.items ?? []) {
    const label = jobTitle(a.job, m);
    for (const mc of a.machines) {
      bars.push({
        id: `${a.id}-${mc.assetId}`,
        rowId: mc.assetId,
        start: a.startsAt,
        end: a.endsAt,
        label,
        kind: 'job',
        title: `${label} · ${m.status[a.job.status]} · ${a.operatorName}`,
        href: orgPath(orgId, `jobs/${a.job.id}`),
      });
    }
  }
  for (const wo of workOrders.data ?? []) {
    // a planned window; else an open downtime (the machine is out of service until accepted)
    const start = wo.plannedStart ?? (wo.causesDowntime ? wo.downtimeStartedAt : null);
    const end = wo.plannedStart ? wo.plannedEnd : start ? new Date(Math.max(toMs, Date.now())).toISOString() : null;
    if (!start || !end || Date.parse(end) <= fromMs || Date.parse(start) >= toMs) continue;
    bars.push({
      id: `wo-${wo.id}`,
      rowId: wo.assetId,
      start,
      end,
      label: format(m.timeline.maintenance, { title: wo.title }),
      kind: 'maintenance',
      href: orgPath(orgId, `maintenance/work-orders/${wo.id}`),
    });
  }
  const withBars = new Set(bars.map((b) => b.rowId));
  const rows: TimelineRow[] = (machines.data?.items ?? [])
    .filter((a) => (onlyBooked ? withBars.has(a.id) : a.status !== 'RETIRED' || withBars.has(a.id)))
    .map((a) => ({ id: a.id, label: a.name, sublabel: a.model ? m.kind[a.model.kind] : undefined }));

  const rangeText = format(m.timeline.week, {
    from: formatDate(from, locale, timeZone),
    to: formatDate(new Date(toMs - 1).toISOString(), locale, timeZone),
  });
  const error = machines.error ?? assignments.error ?? workOrders.error;

  return (
    <section aria-labelledby="jobs-timeline-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="jobs-timeline-title" className="text-base font-semibold text-slate-900">
            {m.timeline.heading}
          </h2>
          <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
            {rangeText}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="mr-2 flex min-h-8 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-emerald-700"
              checked={onlyBooked}
              onChange={(e) => setOnlyBooked(e.target.checked)}
            />
            {m.timeline.onlyBooked}
          </label>
          <Button variant="secondary" size="sm" onClick={() => setMonday((d) => addDays(d, -7))}>
            ← {m.timeline.prev}
          </Button>
          <Button variant="secondary" size="sm" disabled={monday === thisWeek} onClick={() => setMonday(thisWeek)}>
            {m.timeline.today}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setMonday((d) => addDays(d, 7))}>
            {m.timeline.next} →
          </Button>
        </div>
      </div>
      {assignments.data?.truncated ? (
        <p className="text-sm text-amber-900">{format(m.timeline.truncated, { n: assignments.data.items.length })}</p>
      ) : null}
      {error ? (
        <QueryError
          error={error}
          onRetry={() => void Promise.all([machines.refetch(), assignments.refetch(), workOrders.refetch()])}
        />
      ) : null}
      {machines.isPending || assignments.isPending ? (
        <Loading />
      ) : (
        <div aria-busy={assignments.isFetching || workOrders.isFetching}>
          <Timeline
            rows={rows}
            bars={bars}
            from={from}
            to={to}
            timeZone={timeZone}
            ariaLabel={format(m.timeline.aria, { range: rangeText })}
            emptyText={m.timeline.empty}
          />
        </div>
      )}
    </section>
  );
}
