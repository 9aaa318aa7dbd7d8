'use client';

import { ROLE_PERMISSIONS } from '@amms/contracts/permissions';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Loading, QueryError } from '@/components/ui/states';
import { Timeline, type TimelineRow } from '@/components/timeline/timeline';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { labelMessages } from '@/lib/draft-labels';
import { formatDate } from '@/lib/format';
import { orgPath, type SectionProps } from '@/lib/nav';
import { addDays, todayIn, weekStart, zonedToIso } from '@/lib/zoned-time';
import { machineOptionsQuery, timelineAssignmentsQuery, timelineWorkOrdersQuery } from './queries';
import { jobTitle } from './jobs-list';
import { jobsMessages } from './messages';
import { membersQuery } from '@/features/drafts/queries';
import { boardBars, movedItem } from './board-bars';
import { useBoardDraft } from './board-draft';
import { boardMessages } from './board-messages';
import { BoardPanel } from './board-panel';
import { Checkbox } from '@/components/ui/form';

const isDay = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * Machines as rows, a week of days as columns: job bookings (GET assignments for the week) and
 * maintenance windows of live work orders. Week navigation in the org's time zone (`?week=` a
 * day of the week to open). With `draft.edit` it is a board: operators get rows too, and a
 * scheduled job dragged (or moved with the arrow keys) onto another row or time becomes an
 * item of the dispatcher's board draft, validated and confirmed like any draft.
 */
export function JobsTimeline({ orgId, timeZone, permissions }: SectionProps) {
  const m = useMessages(jobsMessages);
  const bm = useMessages(boardMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const params = useSearchParams();
  const thisWeek = weekStart(todayIn(timeZone));
  const askedWeek = params.get('week');
  const [monday, setMonday] = useState(() => (isDay(askedWeek) ? weekStart(askedWeek) : thisWeek));
  const canBoard = permissions.includes('draft.edit');
  const board = useBoardDraft(orgId, bm.draftTitle);
  const members = useQuery({
    ...membersQuery(orgId),
    enabled: canBoard && permissions.includes('member.read'),
  });
  const [onlyBooked, setOnlyBooked] = useState(false);
  const from = zonedToIso(monday, timeZone)!;
  const to = zonedToIso(addDays(monday, 7), timeZone)!;

  const machines = useQuery(machineOptionsQuery(orgId));
  const assignments = useQuery(timelineAssignmentsQuery(orgId, from, to));
  const workOrders = useQuery(timelineWorkOrdersQuery(orgId, permissions.includes('maintenance.read')));

  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const findingText = (code: string, message: string) => (l.finding as Record<string, string>)[code] ?? message;
  const { bars, bases } = boardBars({
    assignments: assignments.data?.items ?? [],
    version: board.version,
    labelOf: (a) => jobTitle(a.job, m),
    title: (a) => `${jobTitle(a.job, m)} · ${m.status[a.job.status]} · ${a.operatorName}`,
    href: (jobId) => orgPath(orgId, `jobs/${jobId}`),
    withOperators: canBoard,
    movable: canBoard,
    findingText,
  });
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
  const machineRows: TimelineRow[] = (machines.data?.items ?? [])
    .filter((a) => (onlyBooked ? withBars.has(a.id) : a.status !== 'RETIRED' || withBars.has(a.id)))
    .map((a) => ({
      id: a.id,
      label: a.name,
      sublabel: a.model ? m.kind[a.model.kind] : undefined,
      ...(canBoard ? { group: bm.machines } : {}),
    }));
  // the board's operator rows: eligible members, and anyone booked this week
  const operators = new Map<string, string>();
  if (canBoard) {
    for (const x of members.data?.items ?? [])
      if (x.status === 'ACTIVE' && ROLE_PERMISSIONS[x.role].includes('job.execute'))
        operators.set(x.id, x.name || x.email);
    for (const a of assignments.data?.items ?? []) operators.set(a.operatorMembershipId, a.operatorName);
  }
  const operatorRows: TimelineRow[] = [...operators]
    .filter(([id]) => !onlyBooked || withBars.has(id))
    .sort((a, b) => a[1].localeCompare(b[1], locale))
    .map(([id, name]) => ({ id, label: name, group: bm.operators }));
  const rows = [...machineRows, ...operatorRows];

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
          <Checkbox
            label={m.timeline.onlyBooked}
            checked={onlyBooked}
            onChange={setOnlyBooked}
            className="mr-2 flex min-h-8 items-center gap-2 text-sm text-slate-800"
            inputClassName="size-4 accent-emerald-700"
          />
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
            rowHeader={canBoard ? bm.rowHeader : undefined}
            board={
              canBoard
                ? {
                    onPropose: (drop) => {
                      const base = bases.get(drop.barId);
                      if (base) board.propose.mutate(movedItem(base, drop, (id) => operators.has(id)));
                    },
                  }
                : undefined
            }
          />
        </div>
      )}
      {canBoard ? (
        <BoardPanel
          orgId={orgId}
          draft={board.draft}
          version={board.version}
          pending={board.propose.isPending}
          error={board.propose.error}
          timeZone={timeZone}
          canConfirm={permissions.includes('draft.confirm')}
          onStartOver={() => board.setDraftId(null)}
        />
      ) : null}
    </section>
  );
}
