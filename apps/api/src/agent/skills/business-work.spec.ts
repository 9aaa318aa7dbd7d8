import { describe, expect, it } from 'vitest';
import { subjectOf } from './business-work.js';
import { classifyIntent } from './intent.js';
import type { MachineCandidate } from './machine-match.js';
import { workDone } from './work-done.js';

const machine = (id: string, name: string, modelName: string, kind = 'SELF_PROPELLED'): MachineCandidate => ({
  id,
  name,
  status: 'ACTIVE',
  teamId: null,
  modelId: `m-${modelName}`,
  modelName,
  manufacturer: 'John Deere',
  kind,
  operationTypes: kind === 'SELF_PROPELLED' ? ['HARVESTING'] : ['TILLAGE'],
});
const fleet = [
  machine('a', 'S780 #01', 'S780'),
  machine('b', 'S780 #02', 'S780'),
  machine('c', '6R 155 #01', '6R 155', 'POWER_UNIT'),
];

describe('business questions about machines and people', () => {
  it('routes the per-machine and per-person kinds, and keeps day limits and plans with hours as plans', () => {
    expect(classifyIntent('这台S780本周干了多少公顷？')).toMatchObject({
      intent: 'BUSINESS_QUESTION',
      metrics: ['hectares'],
    });
    expect(classifyIntent('who worked most hours last week')).toMatchObject({
      intent: 'BUSINESS_QUESTION',
      metrics: ['hours'],
    });
    expect(classifyIntent('上个月哪台收割机干的活最多？每公顷油耗多少？').metrics).toEqual([
      'hectares',
      'fuelPerHectare',
    ]);
    expect(classifyIntent('cost per hectare of S780 #01 last month').metrics).toEqual(['costPerHectare']);
    expect(classifyIntent('安排下周的收获作业，每人每天别超过10小时').intent).toBe('PLAN');
    expect(classifyIntent('plan next week, no more than 10 hours a day per person').intent).toBe('PLAN');
  });

  it('the subject: a machine named, a model (several), a ranking of a kind, a ranking of people, or the fleet', () => {
    expect(subjectOf('S780 #02 本周干了多少公顷', fleet)).toEqual({ kind: 'machines', ids: ['b'] });
    expect(subjectOf('这台S780本周干了多少公顷？', fleet)).toEqual({ kind: 'machines', ids: ['a', 'b'] });
    expect(subjectOf('上个月哪台收割机干的活最多', fleet)).toEqual({ kind: 'rankMachines', ids: ['a', 'b'] });
    expect(subjectOf('which machines did the most work', fleet)).toEqual({ kind: 'rankMachines', ids: null });
    expect(subjectOf('上周谁的工时最多', fleet)).toEqual({ kind: 'rankOperators' });
    expect(subjectOf('上个月每公顷成本是多少？', fleet)).toBeNull();
  });

  it('work done: only jobs completed in the period, hours to every machine of the set and to the operator, fuel per ha over jobs that recorded fuel', () => {
    const job = (completedAt: string, ha: number, hours: number, fuel: number | null, machines: string[], op: string) =>
      ({
        status: 'COMPLETED',
        completedAt,
        areaDoneHa: ha,
        actualHours: hours,
        fuelLiters: fuel,
        assignment: {
          operatorMembershipId: op,
          operatorName: op.toUpperCase(),
          machines: machines.map((id) => ({ assetId: id, name: id.toUpperCase() })),
        },
      }) as never;
    const w = workDone(
      [
        job('2026-12-02T03:00:00Z', 10, 5, 40, ['t', 'p'], 'x'),
        job('2026-12-03T03:00:00Z', 4, 3, null, ['t'], 'x'),
        job('2026-11-20T03:00:00Z', 99, 99, 99, ['t'], 'y'),
      ],
      '2026-12-01T00:00:00Z',
      '2026-12-08T00:00:00Z',
    );
    expect(w.machines).toEqual([
      { id: 'p', name: 'P', jobs: 1, hectares: 10, hours: 5, fuelLiters: 40, fuelHectares: 10 },
      { id: 't', name: 'T', jobs: 2, hectares: 14, hours: 8, fuelLiters: 40, fuelHectares: 10 },
    ]);
    expect(w.operators).toEqual([
      { id: 'x', name: 'X', jobs: 2, hectares: 14, hours: 8, fuelLiters: 40, fuelHectares: 10 },
    ]);
  });
});
