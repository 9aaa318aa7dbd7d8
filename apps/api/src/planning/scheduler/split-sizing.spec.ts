import { describe, expect, it } from 'vitest';
import { Rng } from '../../platform/random/prng.js';
import { schedule } from './scheduler.js';
import { splitUnplaced } from './split-jobs.js';
import { sizeShares } from './split-sizing.js';
import { L, combine, instance, job, operator } from './test-fixtures.js';
import type { SchedMachine, SchedulerInput } from './types.js';
import { validate } from './validator.js';

/** one 12 h working day (Mon 07–19) for `areaHa` of harvest on combines of the given outputs (ha/h) */
const day = (areaHa: number, rates: readonly number[], p: Partial<SchedulerInput> = {}): SchedulerInput =>
  instance({
    jobs: [job('j-1', { areaHa, estimatedHours: 4, windowEnd: L('03 00:00') })],
    machines: rates.map((r, k) =>
      combine(`c-${k + 1}`, { ratesHaPerHour: { HARVESTING: r } } as Partial<SchedMachine>),
    ),
    operators: rates.map((_, k) => operator(`o-${k + 1}`)),
    options: { splitJobs: true },
    ...p,
  });
const parts = (input: SchedulerInput) =>
  schedule(input).items.map((i) => [i.part?.index, i.part?.of, i.part?.areaHa, i.primaryAssetId]);
const hours = (i: { startsAt: string; endsAt: string }) => (Date.parse(i.endsAt) - Date.parse(i.startsAt)) / 3_600_000;

describe('split sizing: shares by what each machine can do in the window (rate × usable hours)', () => {
  it('unequal outputs: 3 and 2 ha/h for 12 h can do 36 and 24 ha, so 50 ha is shared 30 / 20 (not 25 / 25)', () => {
    const input = day(50, [3, 2]);
    expect(parts(input)).toEqual([
      [1, 2, 30, 'c-1'],
      [2, 2, 20, 'c-2'],
    ]);
    const r = schedule(input);
    expect(validate(input, r.items).violations).toEqual([]);
    // both finish inside the day: 10 h each
    expect(r.items.map(hours)).toEqual([10, 10]);
  });

  it('a machine booked half the window works the hours it has left, both until the field is done', () => {
    const input = day(40, [2.5, 2.5], {
      busy: { machines: [{ assetId: 'c-2', startsAt: L('02 07:00'), endsAt: L('02 13:00') }], operators: [] },
    });
    // by 18:00 c-1 does 11 h × 2.5 = 27.5 ha, c-2 (from 13:00) 5 h × 2.5 = 12.5 ha: 40 ha, the earliest finish
    expect(parts(input)).toEqual([
      [1, 2, 27.5, 'c-1'],
      [2, 2, 12.5, 'c-2'],
    ]);
    const r = schedule(input);
    expect(r.items.map((i) => [i.startsAt, i.endsAt])).toEqual([
      [L('02 07:00'), L('02 18:00')],
      [L('02 13:00'), L('02 18:00')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('shares are rounded to 0.1 ha, the remainder on the last part, summing to the area exactly', () => {
    const r = schedule(day(50.05, [3, 2]));
    expect(r.items.map((i) => i.part?.areaHa)).toEqual([30, 20.05]);
    expect(
      sizeShares(
        100,
        [1, 1, 1].map((x) => x * 40),
      ),
    ).toEqual([33.3, 33.3, 33.4]);
    expect(sizeShares(45.55, [36, 24])).toEqual([27.3, 18.25]);
    // never above what a crew can do: the rounding's excess goes to the one with room
    expect(sizeShares(10, [5.04, 4.96])).toEqual([5.04, 4.96]);
    expect(sizeShares(30, [20, 9.9])).toBeNull();
  });

  it('no split when one machine can finish the field after all', () => {
    // told the job is unplaced, but c-1 alone does 36 ha in the day: the whole job on it, no parts
    const input = day(30, [3, 2]);
    const r = splitUnplaced(
      input,
      {
        items: [],
        unplaced: [
          {
            jobId: 'j-1',
            reason: 'WINDOW_TOO_SHORT',
            detail: '',
            candidates: { assetIds: [], operatorMembershipIds: [] },
          },
        ],
        stats: schedule({ ...input, jobs: [] }).stats,
      },
      (sub) => schedule({ ...sub, options: { ...sub.options, splitJobs: false } }),
    );
    expect(r.unplaced).toEqual([]);
    expect(r.items.map((i) => [i.part, i.primaryAssetId, hours(i)])).toEqual([[undefined, 'c-1', 10]]);
  });

  it('one combine with a booking mid-day: it works its early stretch to the end, then the rest after the booking', () => {
    const input = day(20, [2], {
      busy: { machines: [{ assetId: 'c-1', startsAt: L('02 12:00'), endsAt: L('02 13:00') }], operators: [] },
    });
    // 07–12 is 5 h (10 ha), then 13:00 on: the last 10 ha by 18:00 (the earliest finish; 9.1 / 10.9 ha
    // by each stretch's hours in the window would end at 18:30)
    const r = schedule(input);
    expect(r.items.map((i) => [i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [10, 'c-1', L('02 07:00'), L('02 12:00')],
      [10, 'c-1', L('02 13:00'), L('02 18:00')],
    ]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('the earliest stretches finish first: a combine free 07–09 and from 11:00 works both, all done at 18:00 not 19:00', () => {
    // 60 ha in one day: c-1 alone does 36 ha. c-2 is booked 09–11, so its free stretches are 07–09 (short,
    // early) and 11–19 (long). By 18:00 c-1 does 33 ha and c-2 6 + 21 ha: the longest stretch alone
    // (11–19, 24 ha) would finish the field at 19:00
    const input = day(60, [3, 3], {
      busy: { machines: [{ assetId: 'c-2', startsAt: L('02 09:00'), endsAt: L('02 11:00') }], operators: [] },
    });
    const r = schedule(input);
    expect(r.unplaced).toEqual([]);
    expect(r.items.map((i) => [i.part?.areaHa, i.primaryAssetId, i.startsAt, i.endsAt])).toEqual([
      [33, 'c-1', L('02 07:00'), L('02 18:00')],
      [6, 'c-2', L('02 07:00'), L('02 09:00')],
      [21, 'c-2', L('02 11:00'), L('02 18:00')],
    ]);
    expect(r.items.map((i) => i.part?.of)).toEqual([3, 3, 3]);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('a fast combine booked on and off needs more than 4 parts alone: a second machine takes a share', () => {
    // c-1 (5 ha/h) is booked an hour three times a day: alone its 4 longest stretches do 12 h (60 ha) of 80
    const hour = (d: string, h: number) => ({
      assetId: 'c-1',
      startsAt: L(`${d} ${String(h).padStart(2, '0')}:00`),
      endsAt: L(`${d} ${String(h + 1).padStart(2, '0')}:00`),
    });
    const input = instance({
      jobs: [job('j-1', { areaHa: 80, estimatedHours: 16 })],
      machines: [
        combine('c-1', { ratesHaPerHour: { HARVESTING: 5 } }),
        combine('c-2', { ratesHaPerHour: { HARVESTING: 3 } }),
      ],
      operators: [operator('o-1'), operator('o-2')],
      busy: { machines: ['02', '03'].flatMap((d) => [9, 12, 15].map((h) => hour(d, h))), operators: [] },
      options: { splitJobs: true },
    });
    const r = schedule(input);
    expect(r.unplaced).toEqual([]);
    expect(new Set(r.items.map((i) => i.primaryAssetId))).toEqual(new Set(['c-1', 'c-2']));
    expect(r.items.length).toBeLessThanOrEqual(4);
    expect(validate(input, r.items).violations).toEqual([]);
  });

  it('a week of fragmented bookings (20 seeded instances): every 100 ha field placed, in at most 4 valid parts', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const input = fragmented(seed, 100);
      const r = schedule(input);
      expect(r.unplaced, `seed ${seed}`).toEqual([]);
      expect(r.items.length).toBeLessThanOrEqual(4);
      expect(validate(input, r.items).violations).toEqual([]);
    }
  });
});

/** 4 combines (2–5 ha/h), a Mon–Fri window, each 1–3 seeded bookings a day, a lunch break, minPartHours 1 */
export function fragmented(seed: number, areaHa: number): SchedulerInput {
  const rng = new Rng(seed);
  const machines = [2, 3, 4, 5].map((r, k) => combine(`c-${k + 1}`, { ratesHaPerHour: { HARVESTING: r } }));
  const at = (d: number, h: number) => L(`0${d} ${String(h).padStart(2, '0')}:00`);
  const busy: SchedulerInput['busy']['machines'][number][] = [];
  for (const m of machines)
    for (let d = 2; d <= 6; d++) {
      let h = 7;
      for (let b = 0, n = 1 + Math.floor(rng.next() * 3); b < n; b++) {
        const s = h + Math.floor(rng.next() * 4);
        if (s >= 19) break;
        const e = Math.min(19, s + 1 + Math.floor(rng.next() * 3));
        busy.push({ assetId: m.id, startsAt: at(d, s), endsAt: at(d, e) });
        h = e;
      }
    }
  return instance({
    jobs: [job('j-1', { areaHa, estimatedHours: areaHa / 3, windowEnd: L('07 00:00') })],
    machines,
    operators: machines.map((_, k) => operator(`o-${k + 1}`)),
    busy: { machines: busy, operators: [] },
    options: { splitJobs: true, workBreak: { startMinute: 720, endMinute: 780 }, minPartHours: 1 },
  });
}
