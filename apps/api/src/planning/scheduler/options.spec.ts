import { describe, expect, it } from 'vitest';
import { schedule } from './scheduler.js';
import { L, combine, instance, job, operator } from './test-fixtures.js';
import type { SchedMachine, SchedulerInput } from './types.js';
import { validate } from './validator.js';

/** one 12 h working day (Mon 07–19) for `areaHa` of harvest on combines of the given outputs (ha/h); the scheduler's own split off */
const day = (areaHa: number, rates: readonly number[]): SchedulerInput =>
  instance({
    jobs: [job('j-1', { areaHa, estimatedHours: 4, windowEnd: L('03 00:00') })],
    machines: rates.map((r, k) =>
      combine(`c-${k + 1}`, { ratesHaPerHour: { HARVESTING: r } } as Partial<SchedMachine>),
    ),
    operators: rates.map((_, k) => operator(`o-${k + 1}`)),
    options: { deadlineOptions: true },
  });
const splitOption = (input: SchedulerInput) =>
  schedule(input)
    .unplaced.find((u) => u.jobId === 'j-1')
    ?.options?.find((o) => o.kind === 'SPLIT');

describe('the SPLIT deadline option: shares by what each machine can do (split-sizing.ts)', () => {
  it('unequal machines get unequal shares: 3 and 2 ha/h for 12 h can do 36 and 24 ha, so 40 ha is 24 / 16 (not 20 / 20)', () => {
    const input = day(40, [3, 2]);
    const o = splitOption(input)!;
    expect(o).toBeDefined();
    expect(o.items.map((i) => [i.part?.index, i.part?.of, i.part?.areaHa, i.primaryAssetId])).toEqual([
      [1, 2, 24, 'c-1'],
      [2, 2, 16, 'c-2'],
    ]);
    // executable as it stands: every part inside the window, the parts covering the field
    expect(validate(input, o.items).violations).toEqual([]);
    expect(o.items.every((i) => Date.parse(i.endsAt) <= Date.parse(L('03 00:00')))).toBe(true);
    // the detail names each machine's share in ha and hours
    expect(o.detail).toContain('24.0 ha (about 8.0 h) on Combine c-1');
    expect(o.detail).toContain('16.0 ha (about 8.0 h) on Combine c-2');
  });

  it('two machines cannot do it, three can (36 + 24 + 12 ha): each share follows its output, 66 ha as 33 / 22 / 11', () => {
    const o = splitOption(day(66, [3, 2, 1]))!;
    expect(o.items.map((i) => [i.part?.areaHa, i.primaryAssetId])).toEqual([
      [33, 'c-1'],
      [22, 'c-2'],
      [11, 'c-3'],
    ]);
  });

  it('no split meets the deadline (36 + 24 ha < 70 ha): no SPLIT option', () => {
    const u = schedule(day(70, [3, 2])).unplaced.find((x) => x.jobId === 'j-1')!;
    expect(u.reason).toBe('WINDOW_TOO_SHORT');
    expect((u.options ?? []).map((o) => o.kind)).not.toContain('SPLIT');
  });
});
