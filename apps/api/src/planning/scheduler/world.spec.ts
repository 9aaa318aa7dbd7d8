import { describe, expect, it } from 'vitest';
import { sunTimes } from './daylight.js';
import { randomInstance } from './instances.js';
import { schedule } from './scheduler.js';
import { combine, instance, job, L, operator } from './test-fixtures.js';
import { validate } from './validator.js';
import type { SchedulerInput } from './types.js';

const local = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);

describe('daylight', () => {
  it('Hongze (33.52 N, 118.95 E) on 7 December 2026: sunrise ≈ 06:54, sunset ≈ 16:56 local', () => {
    const s = sunTimes(33.52, 118.95, Date.UTC(2026, 11, 7, 4));
    expect(local(s.rise!)).toMatch(/^06:5\d$/);
    expect(local(s.set!)).toMatch(/^16:5\d$/);
  });
  it('polar night and polar day', () => {
    expect(sunTimes(78, 15, Date.UTC(2026, 11, 21, 12))).toMatchObject({ rise: null, set: null, allDay: false });
    expect(sunTimes(78, 15, Date.UTC(2026, 5, 21, 12))).toMatchObject({ allDay: true });
  });
});

describe('the working day', () => {
  const march = { latitude: 33.52, longitude: 118.95 };
  it('no slot after sunset or inside the break; a day limit caps the day; each part of a long job is at least an hour', () => {
    const input = instance({
      machines: [combine('c-1')],
      jobs: [job('j-1', { estimatedHours: 12, windowEnd: L('06 00:00') })],
      options: {
        daylight: march,
        workBreak: { startMinute: 12 * 60, endMinute: 13 * 60 },
        maxDailyHours: 10,
        minPartHours: 1,
      },
    });
    const r = schedule(input);
    const it = r.items[0]!;
    // March 2: sunset ≈ 18:15 → the day is 07:00–18:00 less the break: 10 h, capped at 10
    expect(it.startsAt).toBe(L('02 07:00'));
    expect(it.endsAt).toBe(L('03 09:00'));
    expect(validate(input, r.items)).toMatchObject({ ok: true, violations: [] });
    // the same item stretched to 19:00 on one day: outside the working day
    const edited = [{ ...it, endsAt: L('02 19:00') }];
    expect(validate(input, edited).violations.map((v) => v.code)).toContain('OUTSIDE_WORKING_DAY');
  });

  it("a member's own day limit: two 4 h jobs of a 6 h-a-day operator go on two days", () => {
    const input = instance({
      machines: [combine('c-1'), combine('c-2')],
      operators: [operator('o-1', { maxDailyHours: 6 })],
      jobs: [job('j-1'), job('j-2')],
    });
    const r = schedule(input);
    expect(r.items.map((i) => i.startsAt)).toEqual([L('02 07:00'), L('03 07:00')]);
    expect(validate(input, r.items).ok).toBe(true);
    const same = [r.items[0]!, { ...r.items[1]!, startsAt: L('02 11:00'), endsAt: L('02 15:00') }];
    expect(validate(input, same).violations.map((v) => v.code)).toContain('OPERATOR_DAY_LIMIT');
  });
});

describe('job order', () => {
  it('a job waits for its predecessor even when it is heavier; without the predecessor it is not placed (WAITS_FOR_JOB)', () => {
    const input = instance({
      machines: [combine('c-1'), combine('c-2')],
      operators: [operator('o-1'), operator('o-2')],
      jobs: [job('h', { priority: 1 }), job('t', { priority: 5, after: ['h'] })],
    });
    const r = schedule(input);
    const by = new Map(r.items.map((i) => [i.jobId, i]));
    expect(Date.parse(by.get('t')!.startsAt)).toBeGreaterThanOrEqual(Date.parse(by.get('h')!.endsAt));
    const noHarvest = schedule({
      ...input,
      jobs: [job('h', { windowEnd: L('02 01:00') }), job('t', { after: ['h'] })],
    });
    expect(noHarvest.unplaced.find((u) => u.jobId === 't')!.reason).toBe('WAITS_FOR_JOB');
  });

  it('property: random instances with order, day limits, daylight and a break → 0 violations, every order kept', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const base = randomInstance(seed, {
        jobs: 16,
        machines: 6,
        operators: 4,
        days: 5,
        busyPerMachine: 2,
        busyPerOperator: 2,
        downShare: 0.1,
      });
      const jobs = base.jobs.map((j, i) => (i > 0 && i % 4 === 0 ? { ...j, after: [base.jobs[i - 1]!.id] } : j));
      const input: SchedulerInput = {
        ...base,
        jobs,
        operators: base.operators.map((o, i) => (i % 2 ? { ...o, maxDailyHours: 6 } : o)),
        options: {
          ...base.options,
          daylight: { latitude: 33.52, longitude: 118.95 },
          workBreak: { startMinute: 720, endMinute: 780 },
          maxDailyHours: 10,
          minPartHours: 1,
        },
      };
      const r = schedule(input);
      const v = validate(input, r.items);
      expect(v.violations, `seed ${seed}`).toEqual([]);
      expect(r.items.length + r.unplaced.length).toBe(jobs.length);
    }
  });
});
