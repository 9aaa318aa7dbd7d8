import { describe, expect, it } from 'vitest';
import { calendarDate, dateTime, num, yuanToMinor } from './cells.js';

describe('import cells', () => {
  it('yuan → fen exactly', () => {
    expect(yuanToMinor('128000.5')).toEqual({ ok: true, value: '12800050' });
    expect(yuanToMinor('¥1,234.56')).toEqual({ ok: true, value: '123456' });
    expect(yuanToMinor('0.07')).toEqual({ ok: true, value: '7' });
    expect(yuanToMinor('')).toEqual({ ok: true, value: null });
    expect(yuanToMinor('1.234').ok).toBe(false);
    expect(yuanToMinor('-5').ok).toBe(false);
  });

  it('calendar dates: real days only', () => {
    expect(calendarDate('2026/3/7')).toEqual({ ok: true, value: '2026-03-07' });
    expect(calendarDate('2026-02-30').ok).toBe(false);
    expect(calendarDate('next week').ok).toBe(false);
  });

  it('local times are read in the org time zone; offsets are kept', () => {
    expect(dateTime('2026-05-01 08:00', 'Asia/Shanghai')).toEqual({ ok: true, value: '2026-05-01T00:00:00.000Z' });
    expect(dateTime('2026-05-01T08:00:00+08:00', 'UTC')).toEqual({ ok: true, value: '2026-05-01T00:00:00.000Z' });
    expect(dateTime('2026-07-01 12:30', 'Europe/Berlin')).toEqual({ ok: true, value: '2026-07-01T10:30:00.000Z' });
    expect(dateTime('2026-13-01 08:00', 'UTC').ok).toBe(false);
    expect(dateTime('tomorrow', 'UTC').ok).toBe(false);
  });

  it('numbers', () => {
    expect(num('1,200.5')).toEqual({ ok: true, value: 1200.5 });
    expect(num('abc').ok).toBe(false);
  });
});
