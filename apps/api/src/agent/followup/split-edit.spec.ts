import { describe, expect, it } from 'vitest';
import { L, combine, instance, job, operator } from '../../planning/scheduler/test-fixtures.js';
import type { SchedulerInput } from '../../planning/scheduler/types.js';
import { validate } from '../../planning/scheduler/validator.js';
import { splitAsked, splitItem } from './split-edit.js';
import { refusalNote } from './split-followup.js';

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
  it('equal outputs, but the second combine is booked until 13:00: both work until 15:00, 24 / 6 ha', () => {
    const input = world();
    const r = splitItem(input, [item], 'j-1', 2);
    if (!('items' in r)) throw new Error(r.failure);
    // by 15:00 c-1 has worked 8 h × 3 = 24 ha and c-2 (from 13:00) 2 h × 3 = 6 ha: the earliest both finish
    expect(r.items.map((i) => [i.part?.index, i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [1, 24, 'c-1', L('02 07:00'), L('02 15:00')],
      [2, 6, 'c-2', L('02 13:00'), L('02 15:00')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  // 60 ha on c-1 from Mon 07:00 (20 h: Mon 07–19, Tue 07–15); c-2 as fast, free Mon 13–17 and from Tue 13:00
  const later = (busy: SchedulerInput['busy']['machines'], areaHa = 60) =>
    instance({
      jobs: [job('j-1', { areaHa, estimatedHours: areaHa / 3, windowEnd: L('05 00:00') })],
      machines: [
        combine('c-1', { ratesHaPerHour: { HARVESTING: 3 } }),
        combine('c-2', { ratesHaPerHour: { HARVESTING: 3 } }),
      ],
      operators: [operator('o-1'), operator('o-2')],
      busy: { machines: busy, operators: [] },
    });
  const unsplit = { ...item, endsAt: L('03 15:00') };

  it('the second combine works its short early stretch, not its longest one: done Tue 11:00, before Tue 15:00', () => {
    const input = later([
      { assetId: 'c-2', startsAt: L('02 07:00'), endsAt: L('02 13:00') },
      { assetId: 'c-2', startsAt: L('02 17:00'), endsAt: L('03 13:00') },
    ]);
    const r = splitItem(input, [unsplit], 'j-1', 2);
    if (!('items' in r)) throw new Error(r.failure);
    // by Tue 11:00 c-1 has worked 16 h (48 ha) and c-2 Mon 13–17 (12 ha); its long stretch from Tue 13:00
    // (the longest) would have finished the split on Wednesday, after the unsplit plan
    expect(r.items.map((i) => [i.part?.index, i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [1, 48, 'c-1', L('02 07:00'), L('03 11:00')],
      [2, 12, 'c-2', L('02 13:00'), L('02 17:00')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('several free stretches of one combine add up (a part each)', () => {
    // c-2 booked Mon 09–11: 07–09 and 11:00 on. 6t − 6 = 60 ha → all done Mon 18:00
    const input = later([{ assetId: 'c-2', startsAt: L('02 09:00'), endsAt: L('02 11:00') }]);
    const r = splitItem(input, [unsplit], 'j-1', 2);
    if (!('items' in r)) throw new Error(r.failure);
    expect(
      r.items.map((i) => [i.part?.index, i.part?.of, i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt]),
    ).toEqual([
      [1, 3, 33, 'c-1', L('02 07:00'), L('02 18:00')],
      [2, 3, 6, 'c-2', L('02 07:00'), L('02 09:00')],
      [3, 3, 21, 'c-2', L('02 11:00'), L('02 18:00')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('a second combine free only once the unsplit plan is done: no split, the reason given', () => {
    // 30 ha on c-1 Mon 07–17; c-2 is booked until Mon 17:00
    const input = later([{ assetId: 'c-2', startsAt: L('02 07:00'), endsAt: L('02 17:00') }], 30);
    const r = splitItem(input, [{ ...item, endsAt: L('02 17:00') }], 'j-1', 2);
    expect(r).toMatchObject({ failure: 'NO_GAIN', unsplitEndsAt: L('02 17:00') });
  });

  it('a goal asking for two combines: the split not made is reported, the item stays whole', () => {
    const input = later([{ assetId: 'c-2', startsAt: L('02 07:00'), endsAt: L('02 17:00') }], 30);
    const whole = { ...item, endsAt: L('02 17:00'), itemKey: 'k-1' };
    const refused: [string, string][] = [];
    const r = splitAsked(
      input,
      [whole],
      [],
      2,
      () => 'x',
      (jobId, why) => refused.push([jobId, why.failure]),
    );
    expect(r).toBeNull();
    expect(refused).toEqual([['j-1', 'NO_GAIN']]);
    const note = refusalNote(
      [{ id: 'j-1', fieldName: 'F7' }],
      input,
      [whole],
      'j-1',
      { failure: 'NO_GAIN', unsplitEndsAt: L('02 17:00'), others: [{ assetId: 'c-2', freeFrom: null }] },
      2,
      'Asia/Shanghai',
    );
    expect(note.zh).toBe(
      'F7 让2台一起收不会更早完成：原计划由 Combine c-1 整块作业，3/2周一 17:00 收完；Combine c-2 在那之前没有空。所以没有分块。',
    );
    expect(note.en).toContain('So it is not split.');
  });
});

describe('"让两台一起收" beside a machine coming from another field', () => {
  it('the second combine leaves its other field at 13:00, 13 km away: its part starts after the drive, and the version has no travel finding', () => {
    // j-2 on field f-2 holds c-2 Mon 07–13 (a draft item); f-2 is 13 km from j-1's field f-1 (40 min at 20 km/h)
    const input: SchedulerInput = {
      ...instance({
        jobs: [
          job('j-1', { fieldId: 'f-1', areaHa: 30, estimatedHours: 10, windowEnd: L('03 00:00') }),
          job('j-2', { fieldId: 'f-2', areaHa: 10, estimatedHours: 6, windowEnd: L('03 00:00') }),
        ],
        machines: [
          combine('c-1', { ratesHaPerHour: { HARVESTING: 3 } }),
          combine('c-2', { ratesHaPerHour: { HARVESTING: 3 } }),
        ],
        operators: [operator('o-1'), operator('o-2')],
      }),
      travel: {
        fieldIds: ['f-1', 'f-2'],
        km: [
          [0, 13],
          [13, 0],
        ],
        speedKmh: { 'c-1': 20, 'c-2': 20 },
      },
    };
    const other = { ...item, jobId: 'j-2', primaryAssetId: 'c-2', operatorMembershipId: 'o-2', endsAt: L('02 13:00') };
    const r = splitItem(input, [item, other], 'j-1', 2);
    if (!('items' in r)) throw new Error(r.failure);
    const part2 = r.items.find((i) => i.jobId === 'j-1' && i.primaryAssetId === 'c-2')!;
    expect(Date.parse(part2.startsAt)).toBeGreaterThanOrEqual(Date.parse(L('02 13:40')));
    expect(validate(input, r.items).violations.map((v) => v.code)).not.toContain('UNREACHABLE_IN_TIME');
  });
});
