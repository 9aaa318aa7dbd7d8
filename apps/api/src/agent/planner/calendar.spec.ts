import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  endOfMonth,
  isoWeekday,
  localToday,
  makeDate,
  nextWeekdayOnOrAfter,
  startOfWeek,
  weekdayOfWeek,
} from './calendar.js';

describe('calendar (local dates, Monday weeks)', () => {
  it('finds today in the org time zone, not the host one', () => {
    const t = new Date('2026-12-31T16:30:00Z');
    expect(localToday(t, 'Asia/Shanghai')).toBe('2027-01-01');
    expect(localToday(t, 'UTC')).toBe('2026-12-31');
    expect(localToday(t, 'America/Los_Angeles')).toBe('2026-12-31');
    expect(localToday(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08'); // DST day
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('weeks run Monday..Sunday', () => {
    expect(isoWeekday('2026-12-02')).toBe(3);
    expect(isoWeekday('2026-12-06')).toBe(7);
    expect(startOfWeek('2026-12-06')).toBe('2026-11-30');
    expect(startOfWeek('2026-12-07')).toBe('2026-12-07');
    expect(weekdayOfWeek('2026-12-31', 7)).toBe('2027-01-03');
    expect(nextWeekdayOnOrAfter('2026-12-02', 3)).toBe('2026-12-02');
    expect(nextWeekdayOnOrAfter('2026-12-02', 1)).toBe('2026-12-07');
  });

  it('months', () => {
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(endOfMonth('2026-12-02')).toBe('2026-12-31');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
    expect(makeDate(2026, 2, 30)).toBeNull();
    expect(makeDate(2026, 13, 1)).toBeNull();
    expect(makeDate(2026, 12, 8)).toBe('2026-12-08');
  });
});
