'use client';

import Link from 'next/link';
import { z } from 'zod';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { useMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { orgPath } from '@/lib/nav';
import { jobsMessages } from './messages';

/**
 * details.conflicts of a 409 BOOKING_CONFLICT (apps/api/src/bookings/bookings.service.ts,
 * `BookingConflict`). The contracts package has no schema for error details, so this is the
 * one shape read here; it is parsed leniently and anything else is ignored.
 */
const ZBookingConflicts = z.object({
  conflicts: z.array(
    z.object({
      resource: z.enum(['machine', 'operator']),
      resourceId: z.string(),
      bookingId: z.string(),
      kind: z.enum(['JOB', 'WORK_ORDER']),
      startsAt: z.string(),
      endsAt: z.string(),
      jobId: z.string().nullable(),
      workOrderId: z.string().nullable(),
    }),
  ),
});
export type BookingConflictDetail = z.infer<typeof ZBookingConflicts>['conflicts'][number];

export function bookingConflicts(err: unknown): BookingConflictDetail[] {
  if (!isApiError(err, 409) || err.code !== 'BOOKING_CONFLICT') return [];
  const parsed = ZBookingConflicts.safeParse(err.details);
  return parsed.success ? parsed.data.conflicts : [];
}

/** The bookings that stand in the way, with links to their job or work order. */
export function BookingConflictList({
  orgId,
  timeZone,
  error,
  names,
}: {
  orgId: string;
  timeZone: string;
  error: unknown;
  /** asset id / membership id → display name */
  names: ReadonlyMap<string, string>;
}) {
  const m = useMessages(jobsMessages);
  const { locale } = useI18n();
  const conflicts = bookingConflicts(error);
  if (conflicts.length === 0) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-semibold">{m.assign.conflictTitle}</p>
      <ul className="mt-1 space-y-1">
        {conflicts.map((c) => {
          const name = names.get(c.resourceId) ?? m.assign.unknown;
          return (
            <li key={`${c.resource}-${c.bookingId}`} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-medium">
                {format(c.resource === 'machine' ? m.assign.conflictMachine : m.assign.conflictOperator, { name })}
              </span>
              <span>· {c.kind === 'JOB' ? m.assign.conflictJob : m.assign.conflictWorkOrder}</span>
              <span className="tabular-nums">
                · {formatDateTime(c.startsAt, locale, timeZone)} – {formatDateTime(c.endsAt, locale, timeZone)}
              </span>
              {c.jobId ? (
                <Link className="text-emerald-800 underline" href={orgPath(orgId, `jobs/${c.jobId}`)}>
                  {m.assign.viewJob}
                </Link>
              ) : c.workOrderId ? (
                <Link
                  className="text-emerald-800 underline"
                  href={orgPath(orgId, `maintenance/work-orders/${c.workOrderId}`)}
                >
                  {m.assign.viewWorkOrder}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
