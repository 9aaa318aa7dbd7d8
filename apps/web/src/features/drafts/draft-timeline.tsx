'use client';

import type { TPlanPeriod } from '@amms/contracts/agent';
import type { TDraftDetail, TDraftVersion } from '@amms/contracts/drafts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Loading } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { startOfLocalDay, startOfNextLocalDay, zonedToInstant } from '@/lib/zoned-time';
import { Timeline } from '@/components/timeline/timeline';
import { draftBookingsQuery, draftWorkOrdersQuery } from './queries';
import { diffItems } from './diff';
import { labelMessages } from '@/lib/draft-labels';
import { draftMessages } from './messages';
import { buildDraftTimeline } from './timeline-model';

const DAY = 86_400_000;
const MAX_DAYS = 62;

function periodInstants(period: TPlanPeriod, timeZone: string): { from: number; to: number } {
  const [fy, fm, fd] = period.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = period.to.split('-').map(Number) as [number, number, number];
  const from = zonedToInstant(fy, fm, fd, 0, 0, timeZone);
  const to = startOfNextLocalDay(zonedToInstant(ty, tm, td, 12, 0, timeZone), timeZone);
  return { from, to };
}

/**
 * The proposal on the shared Timeline: a lane per machine and per operator of the version, the
 * proposed bookings ('proposed', or 'conflict' on the lane the validator's finding is about),
 * corrective / preventive work orders of a maintenance draft, what the last edit removed or
 * moved ('removed'), and the existing bookings of the same machines and people in the period:
 * jobs (GET assignments) and planned work orders ('maintenance'). Each bar opens a card
 * (hover, focus or tap) instead of a cut label; see ./timeline-model.ts.
 */
export function DraftTimeline({
  orgId,
  draft,
  version,
  previous,
  period,
  timeZone,
  canReadMaintenance,
}: {
  orgId: string;
  draft: TDraftDetail;
  version: TDraftVersion;
  previous: TDraftVersion | undefined;
  period: TPlanPeriod | null;
  timeZone: string;
  canReadMaintenance: boolean;
}) {
  const m = useMessages(draftMessages);
  const l = useMessages(labelMessages);
  const { locale } = useI18n();
  const op = (t: string) => (l.operationType as Record<string, string>)[t] ?? t;

  const diff = useMemo(() => (previous ? diffItems(previous.items, version.items) : null), [previous, version]);

  const range = useMemo(() => {
    const times: number[] = [];
    for (const i of version.items) times.push(Date.parse(i.startsAt), Date.parse(i.endsAt));
    for (const w of version.workOrderItems) times.push(Date.parse(w.plannedStart), Date.parse(w.plannedEnd));
    for (const i of diff?.removed ?? []) times.push(Date.parse(i.startsAt), Date.parse(i.endsAt));
    let from: number;
    let to: number;
    if (period) ({ from, to } = periodInstants(period, timeZone));
    else if (times.length > 0) {
      from = startOfLocalDay(Math.min(...times), timeZone);
      to = startOfNextLocalDay(Math.max(...times) - 1, timeZone);
    } else {
      from = startOfLocalDay(Date.now(), timeZone);
      to = from + 7 * DAY;
    }
    // every proposed bar inside, at most MAX_DAYS
    if (times.length > 0) {
      from = Math.min(from, startOfLocalDay(Math.min(...times), timeZone));
      to = Math.max(to, startOfNextLocalDay(Math.max(...times) - 1, timeZone));
    }
    if (to - from > MAX_DAYS * DAY) to = from + MAX_DAYS * DAY;
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  }, [version, diff, period, timeZone]);

  const bookings = useQuery(draftBookingsQuery(orgId, range.from, range.to));
  const workOrders = useQuery(draftWorkOrdersQuery(orgId, range.from, range.to, canReadMaintenance));

  const { rows, bars } = useMemo(
    () =>
      buildDraftTimeline({
        orgId,
        draft,
        version,
        diff,
        bookings: bookings.data ?? [],
        workOrders: workOrders.data ?? [],
        op,
        findingText: (code, message) => (l.finding as Record<string, string>)[code] ?? message,
        range: (s, e) => `${formatDateTime(s, locale, timeZone)} – ${formatDateTime(e, locale, timeZone)}`,
        path: (p) => orgPath(orgId, p),
        t: m.timelineCard,
        locale,
      }),
    // `op` and the finding texts follow `l` (the locale's catalog)
    [version, diff, bookings.data, workOrders.data, draft, locale, timeZone, orgId, m, l],
  );

  return (
    <div className="space-y-2">
      {bookings.isPending ? <Loading /> : null}
      {bookings.isError || workOrders.isError ? <p className="text-sm text-amber-800">{m.timelineLoadError}</p> : null}
      <Timeline
        rows={rows}
        bars={bars}
        from={range.from}
        to={range.to}
        timeZone={timeZone}
        ariaLabel={m.timelineLabel}
        rowHeader={m.timelineCard.lanes}
      />
    </div>
  );
}
