import { describe, expect, it } from 'vitest';
import type { TAssignMachineOption, TAssignOperatorOption } from '@amms/contracts/jobs';
import { groupOperators, machineState, rankMachines } from './assign-options';

const at = (hour: number) => new Date(Date.UTC(2027, 5, 1, hour)).toISOString();
const slot = { start: Date.parse(at(8)), end: Date.parse(at(12)) };
const machine = (name: string, o: Partial<TAssignMachineOption> = {}): TAssignMachineOption => ({
  id: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
  name,
  status: 'ACTIVE',
  kind: 'POWER_UNIT',
  modelName: 'm',
  capable: true,
  teamId: null,
  busy: [],
  ...o,
});
const booked = { startsAt: at(10), endsAt: at(14), kind: 'JOB' as const, jobId: null, workOrderId: null };

describe('the assign pickers', () => {
  it('says why a machine cannot take the slot', () => {
    expect(machineState(machine('1'), slot)).toBeNull();
    expect(machineState(machine('2', { status: 'IN_MAINTENANCE' }), slot)).toEqual({ status: 'IN_MAINTENANCE' });
    expect(machineState(machine('3', { busy: [booked] }), slot)).toEqual({ booking: booked });
    expect(
      machineState(machine('3', { busy: [booked] }), { start: Date.parse(at(14)), end: Date.parse(at(16)) }),
    ).toBeNull();
  });

  it('lists free capable machines first, busy ones last', () => {
    const list = [machine('busy', { busy: [booked] }), machine('seeder', { capable: false }), machine('tractor')];
    expect(rankMachines(list, slot).map((m) => m.name)).toEqual(['tractor', 'seeder', 'busy']);
  });

  it('groups operators by team, team-less last, free first', () => {
    const op = (name: string, team: string | null, busy = false): TAssignOperatorOption => ({
      membershipId: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
      name,
      teams: team ? [{ id: '00000000-0000-4000-8000-00000000000a', name: team }] : [],
      busy: busy ? [booked] : [],
    });
    const groups = groupOperators(
      [op('b', null), op('c', '北区', true), op('d', '北区'), op('a', '南区')],
      slot,
      '未分组',
    );
    expect(groups.map((g) => [g.label, g.operators.map((o) => o.name)])).toEqual([
      ['北区', ['d', 'c']],
      ['南区', ['a']],
      ['未分组', ['b']],
    ]);
  });
});
