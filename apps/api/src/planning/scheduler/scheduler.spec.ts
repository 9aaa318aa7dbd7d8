import { describe, expect, it } from 'vitest';
import { SchedulerInputError } from './calendar.js';
import { itemKeyOf, schedule } from './scheduler.js';
import { L, combine, harvest, implement, instance, job, tractor } from './test-fixtures.js';
import type { SchedulerInput, ScheduleResult, UnplacedReason } from './types.js';

const only = (r: ScheduleResult) => {
  expect(r.items).toHaveLength(1);
  return r.items[0]!;
};

describe('placement', () => {
  it('earliest start inside working hours (07:00–19:00 Asia/Shanghai), booking [start, end)', () => {
    const r = schedule(instance({ jobs: [job('j-1')], machines: [combine('c-1')] }));
    expect(only(r)).toMatchObject(harvest());
    expect(r.unplaced).toEqual([]);
    expect(r.stats).toMatchObject({
      jobs: 1,
      placed: 1,
      weightPlaced: 3,
      weightTotal: 3,
      earlinessHours: 7,
      machineChanges: 0,
    });
  });

  it('a job longer than a working day continues the next morning; the booking covers the night', () => {
    const r = schedule(instance({ jobs: [job('j-1', { estimatedHours: 16 })], machines: [combine('c-1')] }));
    expect(only(r)).toMatchObject({ startsAt: L('02 07:00'), endsAt: L('03 11:00') });
  });

  it('hours round up to the 30-minute grid; an off-grid booking pushes the start to the next slot', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1', { estimatedHours: 2.2 })],
        machines: [combine('c-1')],
        busy: { machines: [{ assetId: 'c-1', startsAt: L('02 06:00'), endsAt: L('02 12:10') }], operators: [] },
      }),
    );
    expect(only(r)).toMatchObject({ startsAt: L('02 12:30'), endsAt: L('02 15:00') });
  });

  it('never starts before now (rounded up to the grid)', () => {
    const r = schedule(
      instance({
        now: new Date(Date.parse(L('02 09:10'))).toISOString(),
        jobs: [job('j-1')],
        machines: [combine('c-1')],
      }),
    );
    expect(only(r).startsAt).toBe(L('02 09:30'));
  });

  it('touching bookings do not overlap (half-open)', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1')],
        machines: [combine('c-1')],
        busy: {
          machines: [{ assetId: 'c-1', startsAt: L('02 05:00'), endsAt: L('02 07:00') }],
          operators: [{ membershipId: 'o-1', startsAt: L('02 11:00'), endsAt: L('02 15:00') }],
        },
      }),
    );
    expect(only(r)).toMatchObject({ startsAt: L('02 07:00'), endsAt: L('02 11:00') });
  });

  it('the time zone and working day are options', () => {
    const jobs = [job('j-1', { windowStart: '2026-03-02T00:00:00.000Z' })];
    const r = schedule(
      instance({
        jobs,
        machines: [combine('c-1')],
        options: { timezone: 'UTC', workday: { startHour: 6, endHour: 20 } },
      }),
    );
    expect(only(r).startsAt).toBe('2026-03-02T06:00:00.000Z');
  });
});

describe('machine sets: the cheapest set that covers the operation', () => {
  it('a power unit with one implement that does the job', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1', { operationType: 'TILLAGE' })],
        machines: [tractor('t-1'), implement('p-1', 'TILLAGE'), implement('s-1', 'SOWING_PLANTING')],
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 't-1', implementAssetIds: ['p-1'] });
  });

  it('a self-propelled machine alone rather than a tractor + implement', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1', { operationType: 'CROP_PROTECTION' })],
        machines: [
          tractor('a-tractor'),
          implement('b-sprayer', 'CROP_PROTECTION'),
          { ...combine('z-sp'), operationTypes: ['CROP_PROTECTION'] },
        ],
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 'z-sp', implementAssetIds: [] });
  });

  it('a power unit alone only when no implement in the fleet does the operation', () => {
    const r = schedule(
      instance({
        jobs: [job('j-1', { operationType: 'OTHER' })],
        machines: [tractor('t-1'), implement('p-1', 'TILLAGE')],
      }),
    );
    expect(only(r)).toMatchObject({ primaryAssetId: 't-1', implementAssetIds: [] });
    // the only trailer is in the workshop: the tractor does not go alone
    const r2 = schedule(
      instance({
        jobs: [job('j-1', { operationType: 'TRANSPORT' })],
        machines: [tractor('t-1'), implement('tr-1', 'TRANSPORT', { status: 'IN_MAINTENANCE' })],
      }),
    );
    expect(r2.items).toEqual([]);
    expect(r2.unplaced[0]).toMatchObject({ reason: 'NO_MACHINE_AVAILABLE', candidates: { assetIds: ['t-1', 'tr-1'] } });
    expect(r2.unplaced[0]!.detail).toContain('IN_MAINTENANCE');
  });
});

describe('unplaced jobs and their reasons', () => {
  const base = { machines: [combine('c-1')] };
  const one = (p: Partial<SchedulerInput>, jobP: Parameters<typeof job>[1] = {}) =>
    schedule(instance({ ...base, jobs: [job('j-1', jobP)], ...p }));
  const cases: [string, UnplacedReason, () => ScheduleResult][] = [
    ['no machine lists the operation', 'NO_CAPABLE_MACHINE', () => one({}, { operationType: 'FORAGE_HARVESTING' })],
    [
      'the only capable machine is in maintenance',
      'NO_MACHINE_AVAILABLE',
      () => one({ machines: [combine('c-1', { status: 'IN_MAINTENANCE' })] }),
    ],
    [
      'the only capable machine is retired',
      'NO_MACHINE_AVAILABLE',
      () => one({ machines: [combine('c-1', { status: 'RETIRED' })] }),
    ],
    ['the only capable machine is avoided', 'NO_MACHINE_AVAILABLE', () => one({ options: { avoidAssetIds: ['c-1'] } })],
    [
      'the only capable machine is due and due ones are avoided',
      'NO_MACHINE_AVAILABLE',
      () => one({ machines: [combine('c-1', { dueForMaintenance: true })], options: { avoidDueForMaintenance: true } }),
    ],
    [
      'the only capable machine is booked through the window',
      'NO_MACHINE_AVAILABLE',
      () =>
        one({
          busy: {
            machines: [{ assetId: 'c-1', startsAt: L('01 00:00'), endsAt: L('04 00:00'), label: 'WO-7' }],
            operators: [],
          },
        }),
    ],
    [
      'the only operator is booked through the window',
      'NO_OPERATOR_AVAILABLE',
      () =>
        one({
          busy: {
            machines: [],
            operators: [
              { membershipId: 'o-1', startsAt: L('02 00:00'), endsAt: L('03 12:00') },
              { membershipId: 'o-1', startsAt: L('03 12:00'), endsAt: L('04 00:00') },
            ],
          },
        }),
    ],
    ['no eligible operator', 'NO_OPERATOR_AVAILABLE', () => one({ operators: [] })],
    ['the only operator is avoided', 'NO_OPERATOR_AVAILABLE', () => one({ options: { avoidOperatorIds: ['o-1'] } })],
    [
      'more working hours than the window holds',
      'WINDOW_TOO_SHORT',
      () => one({}, { windowEnd: L('03 00:00'), estimatedHours: 12.5 }),
    ],
    [
      'a window at night only',
      'WINDOW_TOO_SHORT',
      () => one({}, { windowStart: L('02 19:00'), windowEnd: L('03 07:00'), estimatedHours: 1 }),
    ],
    [
      'the window ended before now',
      'WINDOW_IN_PAST',
      () => one({}, { windowStart: L('01 00:00'), windowEnd: L('01 20:00') }),
    ],
    [
      'what is left after now is too short',
      'WINDOW_IN_PAST',
      () => one({ now: L('02 10:00') }, { windowEnd: L('02 19:00'), estimatedHours: 12 }),
    ],
  ];
  it.each(cases)('%s → %s', (_name, reason, run) => {
    const r = run();
    expect(r.items).toEqual([]);
    expect(r.unplaced).toHaveLength(1);
    expect(r.unplaced[0]).toMatchObject({ jobId: 'j-1', reason });
    expect(r.unplaced[0]!.detail.length).toBeGreaterThan(20);
    expect(r.stats).toMatchObject({ placed: 0, unplaced: 1, weightPlaced: 0, weightTotal: 3 });
  });

  it('the detail names the candidates considered', () => {
    const r = one({
      machines: [combine('c-1', { status: 'IN_MAINTENANCE' }), combine('c-2')],
      busy: { machines: [{ assetId: 'c-2', startsAt: L('01 00:00'), endsAt: L('05 00:00') }], operators: [] },
    });
    expect(r.unplaced[0]).toMatchObject({
      reason: 'NO_MACHINE_AVAILABLE',
      candidates: { assetIds: ['c-1', 'c-2'], operatorMembershipIds: ['o-1'] },
    });
    expect(r.unplaced[0]!.detail).toContain('Combine c-2');
    expect(r.unplaced[0]!.detail).toContain('Combine c-1 (IN_MAINTENANCE)');
  });

  it('a due machine is used when due ones are not avoided', () => {
    expect(only(one({ machines: [combine('c-1', { dueForMaintenance: true })] })).primaryAssetId).toBe('c-1');
  });
});

describe('item keys and input checks', () => {
  it('the item key is stable and changes with the job version or the content', () => {
    const inp = instance({ jobs: [job('j-1')], machines: [combine('c-1')] });
    const a = only(schedule(inp));
    expect(only(schedule(inp)).itemKey).toBe(a.itemKey);
    expect(a.itemKey).toMatch(/^sch_[0-9a-f]{32}$/);
    const { itemKey: _k, ...content } = a;
    expect(itemKeyOf(content, 1)).toBe(a.itemKey);
    expect(itemKeyOf(content, 2)).not.toBe(a.itemKey);
    expect(itemKeyOf({ ...content, operatorMembershipId: 'o-2' }, 1)).not.toBe(a.itemKey);
  });

  it('malformed input is refused with SchedulerInputError', () => {
    expect(() => schedule(instance({ jobs: [job('j-1'), job('j-1')], machines: [] }))).toThrow(SchedulerInputError);
    expect(() => schedule(instance({ jobs: [job('j-1', { priority: 9 })] }))).toThrow(/priority/);
    expect(() => schedule(instance({ jobs: [job('j-1', { windowStart: 'soon' })] }))).toThrow(/not an instant/);
    expect(() => schedule(instance({ options: { granularityMinutes: 7 } }))).toThrow(/granularity/);
    expect(() => schedule(instance({ options: { timezone: 'Mars/Olympus' } }))).toThrow(/time zone/);
  });

  it('no jobs → an empty draft', () => {
    expect(schedule(instance())).toMatchObject({ items: [], unplaced: [], stats: { jobs: 0, placed: 0 } });
  });
});

// --- properties over seeded random instances ---------------------------------------
