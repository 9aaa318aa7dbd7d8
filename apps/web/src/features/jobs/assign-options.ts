import type { TAssignMachineOption, TAssignOperatorOption, TBusySpan } from '@amms/contracts/jobs';
import { clashes, type Range } from './availability';

/** Why a machine or an operator cannot take the slot: its status, or the first booking in the way. */
export type Unavailable = { status: 'IN_MAINTENANCE' | 'RETIRED' } | { booking: TBusySpan } | null;

export function machineState(m: TAssignMachineOption, slot: Range | null): Unavailable {
  if (m.status !== 'ACTIVE') return { status: m.status };
  const first = slot ? clashes(m.busy, slot)[0] : undefined;
  return first ? { booking: first } : null;
}

export function operatorState(o: TAssignOperatorOption, slot: Range | null): Unavailable {
  const first = slot ? clashes(o.busy, slot)[0] : undefined;
  return first ? { booking: first } : null;
}

/** Free and capable first, then free, then the rest; by name within each. */
export function rankMachines(list: readonly TAssignMachineOption[], slot: Range | null): TAssignMachineOption[] {
  const rank = (m: TAssignMachineOption) => (machineState(m, slot) ? 2 : 0) + (m.capable ? 0 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'zh-CN'));
}

/** Operators grouped by their first team (by team name), the team-less last; free ones first in each group. */
export function groupOperators(
  list: readonly TAssignOperatorOption[],
  slot: Range | null,
  noTeam: string,
): { label: string; operators: TAssignOperatorOption[] }[] {
  const groups = new Map<string, TAssignOperatorOption[]>();
  for (const o of list) {
    const key = o.teams[0]?.name ?? '';
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const busy = (o: TAssignOperatorOption) => (operatorState(o, slot) ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b, 'zh-CN')))
    .map(([key, ops]) => ({
      label: key || noTeam,
      operators: ops.sort((a, b) => busy(a) - busy(b) || a.name.localeCompare(b.name, 'zh-CN')),
    }));
}
