import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { L, combine, harvest, implement, instance, job, operator, tractor } from './test-fixtures.js';
import type { DraftItem, SchedulerInput, ViolationCode } from './types.js';
import { validate } from './validator.js';

const input = (p: Partial<SchedulerInput> = {}): SchedulerInput =>
  instance({
    jobs: [job('j-1'), job('j-2', { operationType: 'TILLAGE' }), job('j-3'), job('j-4', { operationType: 'TILLAGE' })],
    machines: [
      combine('c-1'),
      combine('c-2', { dueForMaintenance: true }),
      combine('c-9', { status: 'RETIRED' }),
      tractor('t-1'),
      tractor('t-2'),
      implement('p-1', 'TILLAGE'),
    ],
    operators: [operator('o-1'), operator('o-2'), operator('o-3')],
    busy: {
      machines: [{ assetId: 'c-1', startsAt: L('03 07:00'), endsAt: L('03 12:00'), label: 'WO-12' }],
      operators: [{ membershipId: 'o-2', startsAt: L('02 07:00'), endsAt: L('02 12:00') }],
    },
    ...p,
  });

const tillage = (p: Partial<DraftItem> = {}): DraftItem => ({
  jobId: 'j-2',
  primaryAssetId: 't-1',
  implementAssetIds: ['p-1'],
  operatorMembershipId: 'o-2',
  startsAt: L('02 13:00'),
  endsAt: L('02 17:00'),
  ...p,
});

const codes = (items: DraftItem[], p: Partial<SchedulerInput> = {}) =>
  validate(input(p), items).violations.map((v) => [v.itemIndex, v.code]);

describe('validate', () => {
  it('a correct draft is ok, with no warnings; touching ranges are fine', () => {
    const r = validate(input(), [
      harvest(),
      tillage(),
      harvest({ jobId: 'j-3', startsAt: L('02 11:00'), endsAt: L('02 15:00') }),
    ]);
    expect(r).toEqual({ ok: true, violations: [], warnings: [] });
  });

  const cases: [string, DraftItem[], [number, ViolationCode][]][] = [
    ['unknown job', [harvest({ jobId: 'j-x' })], [[0, 'UNKNOWN_JOB']]],
    [
      'a job twice',
      [
        harvest(),
        harvest({ primaryAssetId: 'c-2', operatorMembershipId: 'o-2', startsAt: L('02 13:00'), endsAt: L('02 17:00') }),
      ],
      [[1, 'DUPLICATE_JOB']],
    ],
    ['end before start', [harvest({ startsAt: L('02 11:00'), endsAt: L('02 07:00') })], [[0, 'INVALID_RANGE']]],
    ['not an instant', [harvest({ startsAt: 'monday' })], [[0, 'INVALID_RANGE']]],
    ['past the window', [harvest({ startsAt: L('03 20:00'), endsAt: L('04 01:00') })], [[0, 'OUTSIDE_WINDOW']]],
    [
      'before now (and the window)',
      [harvest({ startsAt: L('01 07:00'), endsAt: L('01 11:00') })],
      [
        [0, 'OUTSIDE_WINDOW'],
        [0, 'STARTS_IN_PAST'],
      ],
    ],
    ['unknown machine', [harvest({ primaryAssetId: 'zz' })], [[0, 'UNKNOWN_MACHINE']]],
    [
      'an implement as the primary',
      [tillage({ primaryAssetId: 'p-1', implementAssetIds: [] })],
      [[0, 'INVALID_MACHINE_SET']],
    ],
    [
      'a tractor attached as an implement',
      [tillage({ implementAssetIds: ['p-1', 't-2'] })],
      [[0, 'INVALID_MACHINE_SET']],
    ],
    ['a machine twice in the set', [tillage({ implementAssetIds: ['p-1', 'p-1'] })], [[0, 'INVALID_MACHINE_SET']]],
    ['a retired machine', [harvest({ primaryAssetId: 'c-9' })], [[0, 'MACHINE_NOT_ACTIVE']]],
    [
      'a set that cannot do the operation',
      [harvest({ primaryAssetId: 't-1', implementAssetIds: ['p-1'] })],
      [[0, 'CAPABILITY_MISMATCH']],
    ],
    ['unknown operator', [harvest({ operatorMembershipId: 'o-x' })], [[0, 'UNKNOWN_OPERATOR']]],
    ['a machine already booked', [harvest({ startsAt: L('03 10:00'), endsAt: L('03 14:00') })], [[0, 'MACHINE_BUSY']]],
    [
      'an operator already booked',
      [harvest({ operatorMembershipId: 'o-2', startsAt: L('02 11:30'), endsAt: L('02 15:30') })],
      [[0, 'OPERATOR_BUSY']],
    ],
    [
      'one machine in two items',
      [
        harvest(),
        harvest({ jobId: 'j-3', operatorMembershipId: 'o-3', startsAt: L('02 10:00'), endsAt: L('02 14:00') }),
      ],
      [[1, 'MACHINE_DOUBLE_BOOKED']],
    ],
    [
      'one implement in two items',
      [
        tillage(),
        tillage({
          jobId: 'j-4',
          primaryAssetId: 't-2',
          operatorMembershipId: 'o-1',
          startsAt: L('02 16:00'),
          endsAt: L('02 20:00'),
        }),
      ],
      [[1, 'MACHINE_DOUBLE_BOOKED']],
    ],
    [
      'one operator in two items',
      [harvest(), tillage({ operatorMembershipId: 'o-1', startsAt: L('02 10:30'), endsAt: L('02 14:30') })],
      [[1, 'OPERATOR_DOUBLE_BOOKED']],
    ],
  ];
  it.each(cases)('%s', (_name, items, expected) => {
    expect(codes(items)).toEqual(expected);
    expect(validate(input(), items).ok).toBe(false);
  });

  it('a long item overlapping two later ones is reported against each (not the two later ones against each other)', () => {
    const items = [
      harvest({ startsAt: L('02 07:00'), endsAt: L('02 19:00') }),
      harvest({ jobId: 'j-3', primaryAssetId: 'c-2', startsAt: L('02 08:00'), endsAt: L('02 09:00') }),
      tillage({ operatorMembershipId: 'o-1', startsAt: L('02 12:00'), endsAt: L('02 16:00') }),
    ];
    const r = validate(input(), items);
    expect(r.violations.map((v) => [v.itemIndex, v.code, v.otherItemIndex])).toEqual([
      [1, 'OPERATOR_DOUBLE_BOOKED', 0],
      [2, 'OPERATOR_DOUBLE_BOOKED', 0],
    ]);
    expect(r.violations[0]!.message).toContain('Operator o-1');
  });

  it('soft findings are warnings, not violations', () => {
    const r = validate(
      input({ options: { avoidAssetIds: ['c-1'], avoidOperatorIds: ['o-1'], avoidDueForMaintenance: true } }),
      [
        harvest(),
        harvest({
          jobId: 'j-3',
          primaryAssetId: 'c-2',
          operatorMembershipId: 'o-2',
          startsAt: L('02 05:00'),
          endsAt: L('02 07:00'),
        }),
      ],
    );
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => [w.itemIndex, w.code])).toEqual([
      [0, 'AVOIDED_MACHINE'],
      [0, 'AVOIDED_OPERATOR'],
      [1, 'DUE_FOR_MAINTENANCE'],
      [1, 'OUTSIDE_WORKING_HOURS'],
      [1, 'SHORTER_THAN_ESTIMATE'],
    ]);
  });

  it("the scheduler's draft validates clean; a hand edit into a booking is caught", () => {
    const inp = input();
    const r = schedule(inp);
    expect(r.items).toHaveLength(4);
    expect(validate(inp, r.items)).toEqual({ ok: true, violations: [], warnings: [] });
    const edited = r.items.map((it) =>
      it.jobId === 'j-1' ? { ...it, primaryAssetId: 'c-1', startsAt: L('03 09:00'), endsAt: L('03 13:00') } : it,
    );
    expect(validate(inp, edited).violations.map((v) => v.code)).toContain('MACHINE_BUSY');
  });

  it('a clash names the booking it clashes with (job or work order) when the facts carry it', () => {
    const ref = { kind: 'WORK_ORDER' as const, id: 'wo-12' };
    const job7 = { kind: 'JOB' as const, id: 'job-7' };
    const inp = input({
      busy: {
        machines: [{ assetId: 'c-1', startsAt: L('03 07:00'), endsAt: L('03 12:00'), label: 'WO-12', ref }],
        operators: [{ membershipId: 'o-1', startsAt: L('03 08:00'), endsAt: L('03 09:00'), ref: job7 }],
      },
    });
    const found = validate(inp, [harvest({ startsAt: L('03 10:00'), endsAt: L('03 14:00') })]).violations;
    expect(found.find((v) => v.code === 'MACHINE_BUSY')?.clash).toEqual({
      ...ref,
      startsAt: new Date(L('03 07:00')).toISOString(),
      endsAt: new Date(L('03 12:00')).toISOString(),
    });
    expect(found.some((v) => v.code === 'OPERATOR_BUSY')).toBe(false);
    const early = validate(inp, [harvest({ startsAt: L('03 08:30'), endsAt: L('03 11:00') })]).violations;
    expect(early.find((v) => v.code === 'OPERATOR_BUSY')?.clash).toMatchObject(job7);
    // without a ref (a preference's blocked time), no clash is claimed
    expect(
      validate(input(), [harvest({ startsAt: L('03 10:00'), endsAt: L('03 14:00') })]).violations[0],
    ).not.toHaveProperty('clash');
  });

  it("a re-planned job's own booking is not a clash (a board move of a SCHEDULED job); another job's is", () => {
    const own = { kind: 'JOB' as const, id: 'j-1' };
    const other = { kind: 'JOB' as const, id: 'j-3' };
    const at = { startsAt: L('02 07:00'), endsAt: L('02 11:00') };
    const busy = (ref: typeof own) => ({
      machines: [{ assetId: 'c-1', ...at, ref }],
      operators: [{ membershipId: 'o-1', ...at, ref }],
    });
    const moved = harvest({ startsAt: L('02 09:00'), endsAt: L('02 13:00') });
    expect(validate(input({ busy: busy(own) }), [moved]).violations).toEqual([]);
    expect(
      validate(input({ busy: busy(other) }), [moved])
        .violations.map((v) => v.code)
        .sort(),
    ).toEqual(['MACHINE_BUSY', 'OPERATOR_BUSY']);
  });
});
