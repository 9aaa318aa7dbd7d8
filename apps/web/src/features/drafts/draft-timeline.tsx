'use client';

import type { TPlanPeriod } from '@amms/contracts/agent';
import type { TDraftDetail, TDraftItem, TDraftVersion } from '@amms/contracts/drafts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Loading } from '@/components/ui/states';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { startOfLocalDay, startOfNextLocalDay, zonedToInstant } from '@/lib/zoned-time';
import { Timeline, type TimelineBar, type TimelineRow } from '../timeline/timeline';
import { draftBookingsQuery, draftWorkOrdersQuery } from './queries';
import { diffItems, jobName, machineSetName } from './diff';
import { draftMessages, labelMessages } from './messages';

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
 * The proposal on the shared Timeline: one row per machine of the version, the proposed
 * bookings ('proposed', or 'conflict' when the validator found a hard violation), what the
 * last edit removed or moved ('removed'), and the existing bookings of the same machines in
 * the period: jobs (GET assignments) and planned work orders ('maintenance').
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

  const { rows, bars } = useMemo(() => {
    const rowMap = new Map<string, TimelineRow>();
    const addRow = (id: string, name: string | null) => {
      if (!rowMap.has(id)) rowMap.set(id, { id, label: name ?? id.slice(0, 8) });
    };
    for (const i of version.items) addRow(i.primaryAssetId, i.primaryAssetName);
    for (const w of version.workOrderItems) addRow(w.assetId, w.assetName);
    for (const i of diff?.removed ?? []) addRow(i.primaryAssetId, i.primaryAssetName);
    for (const c of diff?.changed ?? []) addRow(c.before.primaryAssetId, c.before.primaryAssetName);

    const violated = new Set(version.validation.violations.map((v) => v.itemIndex));
    const out: TimelineBar[] = [];
    const itemTitle = (i: TDraftItem) =>
      `${jobName(i, op)} · ${machineSetName(i)} · ${i.operatorName ?? ''} · ${formatDateTime(i.startsAt, locale, timeZone)} – ${formatDateTime(i.endsAt, locale, timeZone)}`;

    if (draft.status !== 'EXECUTED') {
      version.items.forEach((i, idx) => {
        out.push({
          id: `p-${i.itemKey}`,
          rowId: i.primaryAssetId,
          start: i.startsAt,
          end: i.endsAt,
          label: jobName(i, op),
          kind: violated.has(idx) ? 'conflict' : 'proposed',
          title: itemTitle(i),
          href: `#item-${i.jobId}`,
        });
      });
      version.workOrderItems.forEach((w, idx) => {
        out.push({
          id: `w-${w.itemKey}`,
          rowId: w.assetId,
          start: w.plannedStart,
          end: w.plannedEnd,
          label: w.title,
          kind: violated.has(idx) ? 'conflict' : 'proposed',
        });
      });
      for (const i of diff?.removed ?? [])
        out.push({
          id: `r-${i.itemKey}`,
          rowId: i.primaryAssetId,
          start: i.startsAt,
          end: i.endsAt,
          label: jobName(i, op),
          kind: 'removed',
          title: itemTitle(i),
        });
      for (const c of diff?.changed ?? []) {
        if (!c.machine && !c.time) continue;
        out.push({
          id: `c-${c.before.itemKey}`,
          rowId: c.before.primaryAssetId,
          start: c.before.startsAt,
          end: c.before.endsAt,
          label: jobName(c.before, op),
          kind: 'removed',
          title: itemTitle(c.before),
        });
      }
    }

    for (const a of bookings.data ?? []) {
      const primary = a.machines.find((x) => x.role === 'PRIMARY') ?? a.machines[0];
      if (!primary) continue;
      // only the machines of the draft: the rest of the fleet is not what is being reviewed
      if (!rowMap.has(primary.assetId)) continue;
      out.push({
        id: `a-${a.id}`,
        rowId: primary.assetId,
        start: a.startsAt,
        end: a.endsAt,
        label: a.job.title || `${a.job.fieldName} · ${op(a.job.operationType)}`,
        kind: 'job',
        title: `${a.machines.map((x) => x.name).join(' + ')} · ${a.operatorName}`,
        href: orgPath(orgId, `jobs/${a.jobId}`),
      });
    }
    for (const w of workOrders.data ?? []) {
      if (
        !w.plannedStart ||
        !w.plannedEnd ||
        w.status === 'CLOSED' ||
        w.status === 'CANCELLED' ||
        !rowMap.has(w.assetId)
      )
        continue;
      out.push({
        id: `wo-${w.id}`,
        rowId: w.assetId,
        start: w.plannedStart,
        end: w.plannedEnd,
        label: w.title,
        kind: 'maintenance',
        href: orgPath(orgId, `maintenance/work-orders/${w.id}`),
      });
    }
    return { rows: [...rowMap.values()].sort((a, b) => a.label.localeCompare(b.label, locale)), bars: out };
  }, [version, diff, bookings.data, workOrders.data, draft.status, locale, timeZone, orgId]);

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
      />
    </div>
  );
}
