import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { validate } from './validator.js';
import { L, combine, harvest, instance, job, operator, tractor } from './test-fixtures.js';

const two = instance({
  jobs: [job('j-1', { areaHa: 30 })],
  machines: [combine('c-1'), combine('c-2')],
  operators: [operator('o-1'), operator('o-2')],
});
const part = (index: number, areaHa: number, p = {}) => harvest({ part: { index, of: 2, areaHa }, ...p });

describe('split jobs: the validator', () => {
  it('two parts on two machines at once, covering the area: valid', () => {
    const r = validate(two, [part(1, 15), part(2, 15, { primaryAssetId: 'c-2', operatorMembershipId: 'o-2' })]);
    expect(r.violations).toEqual([]);
  });
  it('parts that do not sum to the area → PARTS_AREA_MISMATCH', () => {
    const r = validate(two, [part(1, 10), part(2, 10, { primaryAssetId: 'c-2', operatorMembershipId: 'o-2' })]);
    expect(r.violations.map((v) => v.code)).toEqual(['PARTS_AREA_MISMATCH']);
  });
  it('two parts overlapping on one machine → MACHINE_DOUBLE_BOOKED; one after the other → valid', () => {
    const r = validate(two, [part(1, 15), part(2, 15, { operatorMembershipId: 'o-2', startsAt: L('02 09:00') })]);
    expect(r.violations.map((v) => v.code)).toEqual(['MACHINE_DOUBLE_BOOKED']);
    const seq = validate(two, [part(1, 15), part(2, 15, { startsAt: L('02 11:00'), endsAt: L('02 15:00') })]);
    expect(seq.violations).toEqual([]);
  });
  it('a missing or repeated part, a whole item beside parts → PARTS_INCOMPLETE; two whole items stay DUPLICATE_JOB', () => {
    expect(validate(two, [part(1, 30)]).violations.map((v) => v.code)).toEqual(['PARTS_INCOMPLETE']);
    const mixed = validate(two, [harvest(), part(2, 30, { primaryAssetId: 'c-2', operatorMembershipId: 'o-2' })]);
    expect(mixed.violations.map((v) => v.code)).toContain('PARTS_INCOMPLETE');
    const dup = validate(two, [harvest(), harvest({ primaryAssetId: 'c-2', operatorMembershipId: 'o-2' })]);
    expect(dup.violations.map((v) => v.code)).toEqual(['DUPLICATE_JOB']);
  });
  it('a transport job in parts → PART_NOT_SPLITTABLE', () => {
    const input = instance({
      jobs: [job('j-1', { operationType: 'TRANSPORT', areaHa: 30 })],
      machines: [tractor('c-1'), tractor('c-2')],
      operators: [operator('o-1'), operator('o-2')],
    });
    const r = validate(input, [part(1, 15), part(2, 15, { primaryAssetId: 'c-2', operatorMembershipId: 'o-2' })]);
    expect(r.violations.map((v) => v.code)).toContain('PART_NOT_SPLITTABLE');
  });
});

describe('split jobs: the scheduler', () => {
  const big = (op: string) =>
    instance({
      jobs: [job('j-1', { operationType: op, areaHa: 40, estimatedHours: 16, windowEnd: L('03 00:00') })],
      machines: op === 'HARVESTING' ? [combine('c-1'), combine('c-2')] : [tractor('c-1'), tractor('c-2')],
      operators: [operator('o-1'), operator('o-2')],
      options: { splitJobs: true, timezone: 'Asia/Shanghai' },
    });
  it('a harvest one combine cannot finish in its one-day window → two parts, valid, covering the field', () => {
    const input = big('HARVESTING');
    const r = schedule(input);
    expect(r.unplaced).toEqual([]);
    expect(r.items.map((i) => [i.part?.index, i.part?.of, i.part?.areaHa])).toEqual([
      [1, 2, 20],
      [2, 2, 20],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
    expect(schedule({ ...input, options: { ...input.options, splitJobs: false } }).items).toEqual([]);
  });
  it('a transport job of the same size is not split', () => {
    const r = schedule(big('TRANSPORT'));
    expect(r.items).toEqual([]);
    expect(r.unplaced.map((u) => u.reason)).toEqual(['WINDOW_TOO_SHORT']);
  });
});
