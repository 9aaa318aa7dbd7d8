import { describe, expect, it } from 'vitest';
import { L, combine, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { validate } from '../../planning/scheduler/validator.js';
import { splitItem } from './split-edit.js';

/** 30 ha on c-1 (Mon 07–17), a one-day window; c-2 as fast but booked Mon 07–13 */
const world = (): SchedulerInput =>
  instance({
    jobs: [job('j-1', { areaHa: 30, estimatedHours: 10, windowEnd: L('03 00:00') })],
    machines: [
      combine('c-1', { ratesHaPerHour: { HARVESTING: 3 } }),
      combine('c-2', { ratesHaPerHour: { HARVESTING: 3 } }),
    ],
    operators: [operator('o-1'), operator('o-2')],
    busy: { machines: [{ assetId: 'c-2', startsAt: L('02 07:00'), endsAt: L('02 13:00') }], operators: [] },
  });
const item = {
  jobId: 'j-1',
  primaryAssetId: 'c-1',
  implementAssetIds: [],
  operatorMembershipId: 'o-1',
  startsAt: L('02 07:00'),
  endsAt: L('02 17:00'),
};

describe('"让两台一起收": the follow-up sizes the shares as the scheduler does', () => {
  it('equal outputs, but the second combine is booked half the day: 20 / 10 ha, not 15 / 15', () => {
    const input = world();
    const r = splitItem(input, [item], 'j-1', 2);
    if (!('items' in r)) throw new Error(r.failure);
    // c-1 can do 12 h × 3 = 36 ha from 07:00, c-2 6 h × 3 = 18 ha after its booking: 30 × 36/54 and the rest
    expect(r.items.map((i) => [i.part?.index, i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [1, 20, 'c-1', L('02 07:00'), L('02 14:00')],
      [2, 10, 'c-2', L('02 13:00'), L('02 16:30')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });
});
