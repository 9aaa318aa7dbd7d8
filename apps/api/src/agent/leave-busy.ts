import type { TPlanConstraints } from '@amms/contracts/agent';
import { periodRange } from '../planning/draft-content.js';
import type { BusyFacts } from '../planning/tools/agent-tools.js';

/**
 * Leave a goal states with its days ("赵刚周三请假", "Li is off on Tuesday") as the scheduler's
 * busy intervals: each local day range [from 00:00, to + 1 day 00:00) in the org's zone holds the
 * person, like a leave record (the validator names it ON_LEAVE). Only operators among the facts
 * (visible to the caller) count: a reference the facts do not hold is dropped.
 */
export function leaveBusy(
  leave: TPlanConstraints['leave'],
  operators: readonly { membershipId: string }[],
  timezone: string,
): BusyFacts['operators'] {
  return (leave ?? [])
    .filter((l) => operators.some((o) => o.membershipId === l.operator.id))
    .map((l) => {
      const r = periodRange(l, timezone);
      return {
        membershipId: l.operator.id,
        startsAt: r.from,
        endsAt: r.to,
        label: 'leave (said in the goal)',
        ref: { kind: 'LEAVE' as const, id: `goal:${l.operator.id}:${l.from}` },
      };
    });
}
