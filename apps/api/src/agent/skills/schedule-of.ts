/**
 * The `schedule_of` tool: live assignments overlapping [from, to), optionally of one machine or
 * one operator, read through AssignmentsService.calendar with the caller's context (the
 * `GET /assignments` REST answer: same permission and job scope), page by page.
 */
import { ZCalendarAssignment, type TCalendarAssignment } from '@amms/contracts/jobs';
import { z } from 'zod';
import type { AssignmentsService } from '../../jobs/assignments.service.js';
import { allPages, type AgentTool } from '../../platform/tools/tool.js';

const ZInput = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  assetId: z.uuid().optional(),
  operatorMembershipId: z.uuid().optional(),
});

/** at most this many bookings are read for one answer (a period of a whole fleet) */
export const SCHEDULE_OF_MAX = 400;

export function scheduleOfTool(
  assignments: AssignmentsService,
): AgentTool<z.output<typeof ZInput>, TCalendarAssignment[]> {
  return {
    name: 'schedule_of',
    description:
      'Live bookings (assignments) overlapping [from, to), optionally of one machine or one operator, by start time, in the caller’s job scope',
    input: ZInput,
    output: z.array(ZCalendarAssignment),
    permissions: ['job.read'],
    scope: 'data-scope',
    writes: 'nothing',
    timeoutMs: 5000,
    run: (ctx, i) =>
      allPages(
        (cursor) =>
          assignments.calendar(ctx, {
            from: i.from,
            to: i.to,
            assetId: i.assetId,
            operatorMembershipId: i.operatorMembershipId,
            limit: 200,
            cursor,
          }),
        SCHEDULE_OF_MAX,
      ),
    render: (r, u) =>
      r
        .map(
          (a) =>
            `${a.startsAt}..${a.endsAt} job ${a.jobId} ${a.job.operationType} field ${u.wrap(a.job.fieldName)} operator ${u.wrap(a.operatorName)} machines ${a.machines.map((m) => u.wrap(m.name)).join(', ')}`,
        )
        .join('\n'),
  };
}
