import { describe, expect, it } from 'vitest';
import { randomInstance } from './instances.js';
import { schedule } from './scheduler.js';
import { L, combine, instance, job, travelFor } from './test-fixtures.js';
import { polishTravel, travelKm } from './travel-polish.js';
import type { SchedTravel } from './travel-timeline.js';
import type { DraftItem } from './types.js';
import { validate } from './validator.js';

/** Two villages: f-a and f-a2 500 m apart, f-b 60 road km away; one combine at 20 km/h. */
const villages: SchedTravel = {
  fieldIds: ['f-a', 'f-a2', 'f-b'],
  km: [
    [0, 0.65, 60],
    [0.65, 0, 60],
    [60, 60, 0],
  ],
  speedKmh: { 'c-1': 20 },
};

const item = (jobId: string, s: string, e: string): DraftItem => ({
  jobId,
  primaryAssetId: 'c-1',
  implementAssetIds: [],
  operatorMembershipId: 'o-1',
  startsAt: L(s),
  endsAt: L(e),
});

describe('travel in the validator (hand edits)', () => {
  const input = instance({
    machines: [combine('c-1')],
    jobs: [job('j-a', { fieldId: 'f-a' }), job('j-b', { fieldId: 'f-b' })],
    options: { workday: { startHour: 7, endHour: 19 } },
    travel: villages,
  });

  it('an item the machine cannot drive to in time is UNREACHABLE_IN_TIME on the later item', () => {
    // 60 km at 20 km/h = 3 h; only 1 h between the items
    const r = validate(input, [item('j-a', '02 07:00', '02 11:00'), item('j-b', '02 12:00', '02 16:00')]);
    expect(r.violations.map((v) => [v.code, v.itemIndex, v.otherItemIndex])).toEqual([['UNREACHABLE_IN_TIME', 1, 0]]);
    expect(r.violations[0]!.message).toContain('180 min');
  });

  it('three hours between them is enough; without travel facts nothing is checked', () => {
    const items = [item('j-a', '02 07:00', '02 11:00'), item('j-b', '02 14:00', '02 18:00')];
    expect(validate(input, items).violations).toEqual([]);
    const close = [item('j-a', '02 07:00', '02 11:00'), item('j-b', '02 11:00', '02 15:00')];
    const { travel: _t, ...blind } = input;
    expect(validate(blind, close).violations).toEqual([]);
    expect(validate(input, close).violations.map((v) => v.code)).toEqual(['UNREACHABLE_IN_TIME']);
  });
});

describe('less travel among otherwise equal plans', () => {
  it('a machine’s same-length items swap slots when that drives less (A → B → A2 becomes A → A2 → B)', () => {
    const input = instance({
      machines: [combine('c-1')],
      jobs: [job('j-a', { fieldId: 'f-a' }), job('j-b', { fieldId: 'f-b' }), job('j-a2', { fieldId: 'f-a2' })],
      options: { workday: { startHour: 7, endHour: 19 } },
      travel: villages,
    });
    const zigzag = [
      item('j-a', '02 07:00', '02 11:00'),
      item('j-b', '02 14:00', '02 18:00'),
      item('j-a2', '03 07:00', '03 11:00'),
    ];
    expect(validate(input, zigzag).violations).toEqual([]);
    expect(travelKm(input, zigzag).total).toBe(120);
    const polished = polishTravel(input, zigzag);
    // the two fields of the same village now follow each other (one trip to f-b instead of two)
    const fields = [...polished]
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
      .map((i) => input.jobs.find((j) => j.id === i.jobId)!.fieldId);
    expect(fields.join(' ')).toMatch(/f-a f-a2|f-a2 f-a/);
    expect(travelKm(input, polished).total).toBe(60.65);
    expect(validate(input, polished).violations).toEqual([]);
    // the same starts, so the same earliness: the objective cannot tell the two plans apart
    const starts = (xs: DraftItem[]) => xs.map((i) => Date.parse(i.startsAt)).sort((a, b) => a - b);
    expect(starts(polished)).toEqual(starts(zigzag));
  });

  it('never moves a job out of its window or before the job it waits for', () => {
    const input = instance({
      machines: [combine('c-1')],
      jobs: [
        job('j-a', { fieldId: 'f-a', windowEnd: L('02 12:00') }),
        job('j-b', { fieldId: 'f-b' }),
        job('j-a2', { fieldId: 'f-a2', after: ['j-b'] }),
      ],
      options: { workday: { startHour: 7, endHour: 19 } },
      travel: villages,
    });
    const zigzag = [
      item('j-a', '02 07:00', '02 11:00'),
      item('j-b', '02 14:00', '02 18:00'),
      item('j-a2', '03 07:00', '03 11:00'),
    ];
    expect(polishTravel(input, zigzag)).toEqual(zigzag);
  });

  it('random instances: on the travel-blind plan’s placements the travel-aware order never drives more, and stays valid', () => {
    let fewer = 0;
    let machines = 0;
    for (let seed = 700; seed < 716; seed++) {
      const raw = randomInstance(seed, { jobs: 24, machines: 6, operators: 6, days: 5, busyPerMachine: 1 });
      // jobs of one length (as a day's harvest of like fields is): slots that can trade places
      const base = { ...raw, jobs: raw.jobs.map(({ areaHa: _a, ...j }) => ({ ...j, estimatedHours: 4 })) };
      const input = { ...base, travel: travelFor(base, seed) };
      // the travel-blind plan, its placements kept, in the order that drives least
      const blind = schedule(base).items;
      const aware = polishTravel(input, blind);
      const [kb, ka] = [travelKm(input, blind), travelKm(input, aware)];
      expect(ka.total, `seed ${seed}`).toBeLessThanOrEqual(kb.total);
      for (const [m, km] of kb.byMachine) {
        expect(ka.byMachine.get(m)!, `seed ${seed} ${m}`).toBeLessThanOrEqual(km + 1e-9);
        machines++;
      }
      if (ka.total < kb.total) fewer++;
      // nothing the polish moved breaks a rule the blind plan kept
      const codes = (xs: DraftItem[]) =>
        validate(base, xs)
          .violations.map((v) => v.code)
          .sort();
      expect(codes(aware), `seed ${seed}`).toEqual(codes(blind));
      // the travel-aware scheduler's own plan: reachable everywhere, and already as short as its polish
      const own = schedule(input).items;
      expect(validate(input, own).violations.filter((v) => v.code === 'UNREACHABLE_IN_TIME')).toEqual([]);
      expect(travelKm(input, polishTravel(input, own)).total).toBe(travelKm(input, own).total);
    }
    expect(machines).toBeGreaterThan(30);
    // the property is not vacuous: some blind plans get shorter
    expect(fewer).toBeGreaterThan(0);
  }, 180_000);
});
