import { describe, expect, it } from 'vitest';
import { randomInstance } from './instances.js';
import { Placer } from './placer.js';
import { schedule } from './scheduler.js';
import { combine, implement, instance, job, L, operator, tractor } from './test-fixtures.js';
import { validate } from './validator.js';
import type { SchedulerInput } from './types.js';

const HOURS = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 3_600_000;

describe('machine output', () => {
  it('120 ha on a 6 ha/h combine is 20 working hours over two days, not the job estimate', () => {
    const input = instance({
      machines: [combine('c-1', { ratesHaPerHour: { HARVESTING: 6 } })],
      jobs: [job('j-1', { areaHa: 120, estimatedHours: 4, windowEnd: L('06 00:00') })],
    });
    const r = schedule(input);
    const it = r.items[0]!;
    // 07–19 is 12 h: 12 h on Monday, 8 h on Tuesday
    expect(it.startsAt).toBe(L('02 07:00'));
    expect(it.endsAt).toBe(L('03 15:00'));
    expect(validate(input, r.items)).toMatchObject({ ok: true, warnings: [] });
    // the estimate's 4 h would be far too short for that area: the validator says so
    const short = [{ ...it, endsAt: L('02 11:00') }];
    expect(validate(input, short).warnings.map((w) => w.code)).toContain('SHORTER_THAN_ESTIMATE');
  });

  it('the big field goes to the big combine, the small fields to the small one', () => {
    const input = instance({
      machines: [
        combine('c-small', { ratesHaPerHour: { HARVESTING: 2.3 } }),
        combine('c-big', { ratesHaPerHour: { HARVESTING: 7 } }),
      ],
      operators: [operator('o-1'), operator('o-2')],
      jobs: [
        job('big', { areaHa: 56, priority: 5, windowEnd: L('06 00:00') }),
        job('s1', { areaHa: 5, priority: 2, windowEnd: L('06 00:00') }),
      ],
    });
    const r = schedule(input);
    const by = new Map(r.items.map((i) => [i.jobId, i]));
    expect(by.get('big')!.primaryAssetId).toBe('c-big');
    expect(HOURS(by.get('big')!.startsAt, by.get('big')!.endsAt)).toBe(8);
    expect(by.get('s1')!.primaryAssetId).toBe('c-small');
  });
});

describe('tractor–implement fit', () => {
  it('a 150 kW drill is never put behind a 90 kW tractor; a hand edit doing so is IMPLEMENT_MISFIT', () => {
    const input = instance({
      machines: [
        tractor('t-small', { powerKw: 90, hitchTypes: ['CAT2', 'CAT3'] }),
        tractor('t-big', { powerKw: 200, hitchTypes: ['CAT3'] }),
        implement('drill', 'SOWING_PLANTING', { requiredPowerKw: 150, hitchTypes: ['CAT3'] }),
      ],
      jobs: [job('j-1', { operationType: 'SOWING_PLANTING' })],
    });
    const r = schedule(input);
    expect(r.items[0]).toMatchObject({ primaryAssetId: 't-big', implementAssetIds: ['drill'] });
    const edited = [{ ...r.items[0]!, primaryAssetId: 't-small' }];
    expect(validate(input, edited).violations.map((v) => v.code)).toEqual(['IMPLEMENT_MISFIT']);
    // with only the small tractor free there is no set
    const busy = { machines: [{ assetId: 't-big', startsAt: L('01 00:00'), endsAt: L('09 00:00') }], operators: [] };
    expect(schedule({ ...input, busy }).unplaced[0]!.reason).toBe('NO_MACHINE_AVAILABLE');
  });

  it('hitch: an implement on a hitch the tractor lacks does not fit', () => {
    const input = instance({
      machines: [
        tractor('t-1', { powerKw: 200, hitchTypes: ['DRAWBAR'] }),
        implement('plough', 'TILLAGE', { hitchTypes: ['CAT3'] }),
      ],
      jobs: [job('j-1', { operationType: 'TILLAGE' })],
    });
    expect(schedule(input).unplaced[0]!.reason).toBe('NO_CAPABLE_MACHINE');
  });
});

describe('licences and leave', () => {
  it('only a licensed operator gets the combine; an expired licence does not count; an edit is NOT_QUALIFIED', () => {
    const input = instance({
      machines: [combine('c-1', { requiredQualifications: ['COMBINE'] })],
      operators: [
        operator('o-1'),
        operator('o-2', { qualifications: [{ code: 'COMBINE', expiresAt: L('01 00:00') }] }),
        operator('o-3', { qualifications: [{ code: 'COMBINE' }] }),
      ],
      jobs: [job('j-1')],
    });
    const r = schedule(input);
    expect(r.items[0]!.operatorMembershipId).toBe('o-3');
    for (const o of ['o-1', 'o-2'])
      expect(validate(input, [{ ...r.items[0]!, operatorMembershipId: o }]).violations.map((v) => v.code)).toEqual([
        'NOT_QUALIFIED',
      ]);
    const nobody = schedule({ ...input, operators: input.operators.slice(0, 2) });
    expect(nobody.unplaced[0]).toMatchObject({ reason: 'NO_OPERATOR_AVAILABLE' });
    expect(nobody.unplaced[0]!.detail).toContain('COMBINE');
  });

  it('leave is a hard block: the job waits for the day after; an edit into the leave is ON_LEAVE', () => {
    const input = instance({
      machines: [combine('c-1')],
      jobs: [job('j-1')],
      busy: {
        machines: [],
        operators: [
          { membershipId: 'o-1', startsAt: L('02 00:00'), endsAt: L('03 00:00'), ref: { kind: 'LEAVE', id: 'lv' } },
        ],
      },
    });
    const r = schedule(input);
    expect(r.items[0]!.startsAt).toBe(L('03 07:00'));
    const edited = [{ ...r.items[0]!, startsAt: L('02 07:00'), endsAt: L('02 11:00') }];
    expect(validate(input, edited).violations.map((v) => v.code)).toEqual(['ON_LEAVE']);
  });
});

describe('service due', () => {
  it('a machine with 5 engine hours to its service gets SERVICE_DUE on the item that crosses them', () => {
    const input = instance({
      machines: [combine('c-1', { serviceDueInHours: 5 })],
      jobs: [job('j-1', { estimatedHours: 4 }), job('j-2', { estimatedHours: 4 })],
    });
    const r = schedule(input);
    const v = validate(input, r.items);
    expect(v.ok).toBe(true);
    expect(v.warnings.map((w) => [w.jobId, w.code])).toEqual([[r.items[1]!.jobId, 'SERVICE_DUE']]);
  });
});

describe('property: the world', () => {
  it('random instances with output, fit, licences, leave and service hours → 0 violations; bestAt agrees with the pairwise loop', () => {
    Placer.crossCheck = true;
    try {
      for (let seed = 1; seed <= 40; seed++) {
        const input: SchedulerInput = randomInstance(seed, {
          jobs: 16,
          machines: 8,
          operators: 4,
          days: 5,
          busyPerMachine: 2,
          busyPerOperator: 1,
          world: true,
        });
        const r = schedule(input);
        const v = validate(input, r.items);
        expect(v.violations, `seed ${seed}`).toEqual([]);
        expect(v.warnings.filter((w) => w.code === 'SHORTER_THAN_ESTIMATE')).toEqual([]);
        expect(r.items.length + r.unplaced.length).toBe(input.jobs.length);
      }
    } finally {
      Placer.crossCheck = false;
    }
  });
});
