import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { L, combine, implement, instance, job, operator, tractor } from './test-fixtures.js';
import type { ScheduleResult } from './types.js';

// The scheduler's objective (Σ priority, then earliness, machine changes, preferences, team affinity);
// placement, machine sets and reasons: scheduler.spec.ts; properties over random instances: scheduler-properties.spec.ts.

const only = (r: ScheduleResult) => {
  expect(r.items).toHaveLength(1);
  return r.items[0]!;
};
const reasonOf = (r: ScheduleResult, jobId: string) => r.unplaced.find((u) => u.jobId === jobId)?.reason;

describe('objective', () => {
  it('one machine, room for one job: the higher priority wins, whatever the ids', () => {
    const jobs = [
      job('a-low', { priority: 2, estimatedHours: 12, windowEnd: L('03 00:00') }),
      job('b-high', { priority: 4, estimatedHours: 12, windowEnd: L('03 00:00') }),
    ];
    const r = schedule(instance({ jobs, machines: [combine('c-1')] }));
    expect(only(r).jobId).toBe('b-high');
    expect(reasonOf(r, 'a-low')).toBe('NO_MACHINE_AVAILABLE');
  });

  it('Σ priority: two priority-3 jobs beat one priority-5 job they both exclude', () => {
    const w = { windowEnd: L('03 00:00') };
    const jobs = [
      job('a', { ...w, priority: 5, estimatedHours: 12 }),
      job('b', { ...w, priority: 3, estimatedHours: 6 }),
      job('c', { ...w, priority: 3, estimatedHours: 6 }),
    ];
    const r = schedule(instance({ jobs, machines: [combine('c-1')] }));
    expect(r.items.map((i) => i.jobId).sort()).toEqual(['b', 'c']);
    expect(r.stats).toMatchObject({ weightPlaced: 6, weightTotal: 11 });
  });

  it('earliness: with two machines both jobs start at once', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1'), job('j-2')],
        machines: [combine('c-1'), combine('c-2')],
        operators: [operator('o-1'), operator('o-2')],
      }),
    );
    expect(r.items.map((i) => i.startsAt)).toEqual([L('02 07:00'), L('02 07:00')]);
  });

  it('machine changes: an operator keeps the machine of their previous job', () => {
    const r = schedule(
      instance({
        jobs: [
          job('j-1', { windowEnd: L('03 00:00') }),
          job('j-2', { windowStart: L('03 00:00'), windowEnd: L('04 00:00') }),
        ],
        machines: [combine('c-1'), combine('c-2')],
        busy: { machines: [{ assetId: 'c-1', startsAt: L('02 00:00'), endsAt: L('02 19:00') }], operators: [] },
      }),
    );
    // j-2 would take c-1 by id order; continuity keeps o-1 on c-2
    expect(r.items.map((i) => [i.jobId, i.primaryAssetId])).toEqual([
      ['j-1', 'c-2'],
      ['j-2', 'c-2'],
    ]);
    expect(r.stats.machineChanges).toBe(0);
  });

  it('machine changes: a tractor keeps its implement', () => {
    const till = { operationType: 'TILLAGE' };
    const r = schedule(
      instance({
        jobs: [
          job('j-1', { ...till, windowEnd: L('03 00:00') }),
          job('j-2', { ...till, windowStart: L('03 00:00'), windowEnd: L('04 00:00') }),
        ],
        machines: [tractor('t-1'), implement('p-1', 'TILLAGE'), implement('p-2', 'TILLAGE')],
        busy: { machines: [{ assetId: 'p-1', startsAt: L('02 00:00'), endsAt: L('02 19:00') }], operators: [] },
      }),
    );
    expect(r.items.map((i) => i.implementAssetIds)).toEqual([['p-2'], ['p-2']]);
  });

  it('preferences break ties among equally early options; avoided operators are never used', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1')],
        machines: [combine('c-1'), combine('c-2')],
        operators: [operator('o-1'), operator('o-2'), operator('o-3')],
        options: { preferAssetIds: ['c-2'], preferOperatorIds: ['o-3'] },
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 'c-2', operatorMembershipId: 'o-3' });
    const r2 = schedule(
      instance({
        jobs: [job('j-1')],
        machines: [combine('c-1')],
        operators: [operator('o-1'), operator('o-2')],
        options: { avoidOperatorIds: ['o-1'] },
      }),
    );
    expect(only(r2).operatorMembershipId).toBe('o-2');
  });

  it('a preference never delays a job: an earlier non-preferred machine wins', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1')],
        machines: [combine('c-1'), combine('c-2')],
        busy: { machines: [{ assetId: 'c-2', startsAt: L('02 00:00'), endsAt: L('02 12:00') }], operators: [] },
        options: { preferAssetIds: ['c-2'] },
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 'c-1', startsAt: L('02 07:00') });
  });

  it("team affinity: the job's team's machine and operator when otherwise equal", () => {
    const r = schedule(
      instance({
        jobs: [job('j-1', { teamId: 'team-b' })],
        machines: [combine('c-1', { teamId: 'team-a' }), combine('c-2', { teamId: 'team-b' })],
        operators: [operator('o-1', { teamIds: ['team-a'] }), operator('o-2', { teamIds: ['team-b'] })],
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 'c-2', operatorMembershipId: 'o-2' });
  });
});
