import { describe, expect, it } from 'vitest';
import { compareDue, computeDue, type DuePlan } from './due.js';

const DAY = 86_400_000;
const t0 = new Date('2026-01-01T00:00:00.000Z');
const at = (days: number) => new Date(t0.getTime() + days * DAY);
const plan = (p: Partial<DuePlan>): DuePlan => ({
  intervalHours: null,
  intervalDays: null,
  leadHours: null,
  leadDays: null,
  ...p,
});

describe('computeDue', () => {
  it('hours only: due at last hours + interval; OK → DUE_SOON within leadHours → OVERDUE at the due point', () => {
    const p = plan({ intervalHours: 250, leadHours: 25 });
    const base = { plan: p, lastServiceAt: t0, lastServiceHours: 1000, now: at(10), withinDays: 14 };
    expect(computeDue({ ...base, currentHours: 1100 })).toEqual({
      status: 'OK',
      nextDueAt: null,
      nextDueHours: 1250,
      remainingDays: null,
      remainingHours: 150,
    });
    expect(computeDue({ ...base, currentHours: 1225 })).toMatchObject({ status: 'DUE_SOON', remainingHours: 25 });
    expect(computeDue({ ...base, currentHours: 1224.9 })).toMatchObject({ status: 'OK', remainingHours: 25.1 });
    expect(computeDue({ ...base, currentHours: 1250 })).toMatchObject({ status: 'OVERDUE', remainingHours: 0 });
    expect(computeDue({ ...base, currentHours: 1262.5 })).toMatchObject({ status: 'OVERDUE', remainingHours: -12.5 });
  });

  it('hours arithmetic is exact in tenths (0.1 + 0.2 style sums do not drift)', () => {
    const r = computeDue({
      plan: plan({ intervalHours: 0.2 }),
      lastServiceAt: t0,
      lastServiceHours: 0.1,
      currentHours: 0.3,
      now: t0,
      withinDays: 0,
    });
    expect(r).toMatchObject({ nextDueHours: 0.3, remainingHours: 0, status: 'OVERDUE' });
  });

  it('days only: due at last date + interval; withinDays and leadDays widen DUE_SOON, the larger wins', () => {
    const p = plan({ intervalDays: 90, leadDays: 7 });
    const base = { plan: p, lastServiceAt: t0, lastServiceHours: 0, currentHours: 500 };
    const due = at(90);
    expect(computeDue({ ...base, now: at(60), withinDays: 14 })).toEqual({
      status: 'OK',
      nextDueAt: due,
      nextDueHours: null,
      remainingDays: 30,
      remainingHours: null,
    });
    expect(computeDue({ ...base, now: at(80), withinDays: 14 })).toMatchObject({
      status: 'DUE_SOON',
      remainingDays: 10,
    });
    // within the plan's 7-day lead but the caller's horizon is 0: still DUE_SOON
    expect(computeDue({ ...base, now: at(85), withinDays: 0 })).toMatchObject({ status: 'DUE_SOON', remainingDays: 5 });
    expect(computeDue({ ...base, now: at(80), withinDays: 0 })).toMatchObject({ status: 'OK' });
    expect(computeDue({ ...base, now: at(90), withinDays: 0 })).toMatchObject({ status: 'OVERDUE', remainingDays: 0 });
    expect(computeDue({ ...base, now: at(92.5), withinDays: 14 })).toMatchObject({
      status: 'OVERDUE',
      remainingDays: -2.5,
    });
  });

  it('both: whichever comes first decides (hours first, then days first)', () => {
    const p = plan({ intervalHours: 500, intervalDays: 365, leadHours: 50, leadDays: 30 });
    // hours reached after 100 days, the calendar is far away → OVERDUE by hours
    const hoursFirst = computeDue({
      plan: p,
      lastServiceAt: t0,
      lastServiceHours: 2000,
      currentHours: 2510,
      now: at(100),
      withinDays: 14,
    });
    expect(hoursFirst).toEqual({
      status: 'OVERDUE',
      nextDueAt: at(365),
      nextDueHours: 2500,
      remainingDays: 265,
      remainingHours: -10,
    });
    // a machine barely used: the year is up first
    const daysFirst = computeDue({
      plan: p,
      lastServiceAt: t0,
      lastServiceHours: 2000,
      currentHours: 2040,
      now: at(366),
      withinDays: 14,
    });
    expect(daysFirst).toMatchObject({ status: 'OVERDUE', remainingDays: -1, remainingHours: 460 });
    // days fine, hours inside the lead → DUE_SOON
    expect(
      computeDue({
        plan: p,
        lastServiceAt: t0,
        lastServiceHours: 2000,
        currentHours: 2460,
        now: at(100),
        withinDays: 14,
      }),
    ).toMatchObject({ status: 'DUE_SOON' });
    // hours fine, days inside the 30-day lead → DUE_SOON
    expect(
      computeDue({
        plan: p,
        lastServiceAt: t0,
        lastServiceHours: 2000,
        currentHours: 2100,
        now: at(340),
        withinDays: 14,
      }),
    ).toMatchObject({ status: 'DUE_SOON', remainingDays: 25 });
  });

  it('no history (last = purchase date, 0 h) and no reading: the hours criterion is skipped', () => {
    const p = plan({ intervalHours: 50, intervalDays: 30 });
    const r = computeDue({
      plan: p,
      lastServiceAt: t0,
      lastServiceHours: 0,
      currentHours: null,
      now: at(10),
      withinDays: 14,
    });
    expect(r).toEqual({ status: 'OK', nextDueAt: at(30), nextDueHours: 50, remainingDays: 20, remainingHours: null });
    // first service of a new machine falls due 50 h after 0
    expect(
      computeDue({ plan: p, lastServiceAt: t0, lastServiceHours: 0, currentHours: 50, now: at(10), withinDays: 14 })
        .status,
    ).toBe('OVERDUE');
  });

  it('without leads, only the exact due point or the calendar horizon matter', () => {
    const p = plan({ intervalHours: 100 });
    expect(
      computeDue({ plan: p, lastServiceAt: t0, lastServiceHours: 0, currentHours: 99.9, now: t0, withinDays: 365 })
        .status,
    ).toBe('OK');
  });
});

describe('compareDue', () => {
  it('orders OVERDUE, then DUE_SOON, then OK; nearer dates first', () => {
    const mk = (key: string, status: 'OK' | 'DUE_SOON' | 'OVERDUE', remainingDays: number | null) =>
      ({ key, status, remainingDays, remainingHours: null, nextDueAt: null, nextDueHours: null }) as const;
    const rows = [
      mk('a', 'OK', 5),
      mk('b', 'OVERDUE', -1),
      mk('c', 'DUE_SOON', 3),
      mk('d', 'OVERDUE', -10),
      mk('e', 'DUE_SOON', null),
    ];
    expect([...rows].sort(compareDue).map((r) => r.key)).toEqual(['d', 'b', 'c', 'e', 'a']);
  });
});
