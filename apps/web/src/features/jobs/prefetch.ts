import 'server-only';
import type { TPermission } from '@amms/contracts/permissions';
import type { QueryClient } from '@tanstack/react-query';
import { addDays, todayIn, weekStart, zonedToIso } from '@/lib/zoned-time';
import { machineOptionsQuery, timelineAssignmentsQuery, timelineWorkOrdersQuery } from './queries';

/** The jobs timeline's first week (this week in the org's zone): machines, bookings, work orders. */
export async function prefetchTimeline(
  qc: QueryClient,
  { orgId, timeZone, permissions }: { orgId: string; timeZone: string; permissions: readonly TPermission[] },
): Promise<void> {
  const monday = weekStart(todayIn(timeZone));
  const from = zonedToIso(monday, timeZone);
  const to = zonedToIso(addDays(monday, 7), timeZone);
  if (!from || !to) return;
  await Promise.all([
    qc.prefetchQuery(machineOptionsQuery(orgId)),
    qc.prefetchQuery(timelineAssignmentsQuery(orgId, from, to)),
    ...(permissions.includes('maintenance.read') ? [qc.prefetchQuery(timelineWorkOrdersQuery(orgId, true))] : []),
  ]);
}
