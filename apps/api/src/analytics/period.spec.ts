import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  daysInclusive,
  localDate,
  localMidnight,
  monthsOf,
  offsetMs,
  PeriodError,
  resolvePeriod,
} from './period.js';

const SH = 'Asia/Shanghai';
const HOUR = 3_600_000;

describe('calendar dates', () => {
  it('validates real calendar dates only', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2024-02-29')).not.toBeNull(); // leap year
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('2026-4-1')).toBeNull();
  });

  it('adds days across month and year ends and counts inclusive days', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysInclusive('2026-04-01', '2026-04-01')).toBe(1);
    expect(daysInclusive('2026-03-01', '2026-04-30')).toBe(31 + 30);
  });

  it('lists the local months a period touches', () => {
    expect(monthsOf('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsOf('2026-04-01', '2026-04-30')).toEqual(['2026-04']);
  });
});

describe('time zones', () => {
  it('Asia/Shanghai is UTC+8 all year (no DST)', () => {
    expect(offsetMs(new Date('2026-01-15T00:00:00Z'), SH)).toBe(8 * HOUR);
    expect(offsetMs(new Date('2026-07-15T00:00:00Z'), SH)).toBe(8 * HOUR);
  });

  it('an instant whose UTC day differs from the Shanghai day belongs to the Shanghai day', () => {
    // 2026-03-31T17:30Z + 8 h = 2026-04-01 01:30 in Shanghai
    expect(localDate(new Date('2026-03-31T17:30:00Z'), SH)).toBe('2026-04-01');
    // 2026-03-31T15:59:59Z + 8 h = 2026-03-31 23:59:59 in Shanghai
    expect(localDate(new Date('2026-03-31T15:59:59Z'), SH)).toBe('2026-03-31');
  });

  it('local midnight: Shanghai 00:00 is 16:00 UTC the day before', () => {
    expect(localMidnight('2026-04-01', SH).toISOString()).toBe('2026-03-31T16:00:00.000Z');
  });

  it('works for a DST zone on both sides of the change (Europe/Berlin: +1 h in winter, +2 h in summer)', () => {
    expect(localMidnight('2026-03-28', 'Europe/Berlin').toISOString()).toBe('2026-03-27T23:00:00.000Z');
    // DST starts 2026-03-29 at 02:00 local; midnight of that day is still +1 h
    expect(localMidnight('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localMidnight('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(localMidnight('2026-01-01', 'America/New_York').toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });
});

describe('resolvePeriod', () => {
  const now = new Date('2026-04-10T20:00:00Z'); // 2026-04-11 04:00 in Shanghai

  it('covers [from 00:00 local, to + 1 day 00:00 local)', () => {
    const p = resolvePeriod({ from: '2026-04-01', to: '2026-04-30' }, SH, now);
    expect(p).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      timezone: SH,
      startsAt: new Date('2026-03-31T16:00:00Z'),
      endsAt: new Date('2026-04-30T16:00:00Z'),
      days: 30,
    });
  });

  it('defaults to the 30 days ending today in the org time zone (not the UTC day)', () => {
    const p = resolvePeriod({}, SH, now);
    // today in Shanghai is 2026-04-11 although the UTC date is 2026-04-10; 04-11 − 29 days = 03-13
    expect([p.from, p.to, p.days]).toEqual(['2026-03-13', '2026-04-11', 30]);
    expect(resolvePeriod({ to: '2026-01-30' }, SH, now).from).toBe('2026-01-01');
  });

  it('a day-long period is 24 hours in Shanghai and 23 hours on the Berlin DST day', () => {
    const sh = resolvePeriod({ from: '2026-03-29', to: '2026-03-29' }, SH, now);
    expect(sh.endsAt.getTime() - sh.startsAt.getTime()).toBe(24 * HOUR);
    const be = resolvePeriod({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Berlin', now);
    expect(be.endsAt.getTime() - be.startsAt.getTime()).toBe(23 * HOUR);
  });

  it('refuses from > to, more than 366 days and non-dates; an unknown zone falls back to Shanghai', () => {
    expect(() => resolvePeriod({ from: '2026-04-02', to: '2026-04-01' }, SH, now)).toThrow(PeriodError);
    expect(resolvePeriod({ from: '2025-01-01', to: '2026-01-01' }, SH, now).days).toBe(366);
    expect(() => resolvePeriod({ from: '2025-01-01', to: '2026-01-02' }, SH, now)).toThrow(/at most 366/);
    expect(() => resolvePeriod({ from: '2026-02-30', to: '2026-03-01' }, SH, now)).toThrow(PeriodError);
    // only `from` given far back: to = today → too long
    expect(() => resolvePeriod({ from: '2020-01-01' }, SH, now)).toThrow(PeriodError);
    expect(resolvePeriod({ from: '2026-04-01', to: '2026-04-01' }, 'Mars/Olympus', now).timezone).toBe(SH);
  });
});
