import { describe, expect, it } from 'vitest';
import { AppError } from '../platform/errors/app-error.js';
import { workedHours } from './worked-hours.js';

const t0 = new Date('2026-05-01T08:00:00Z');
const at = (h: number) => new Date(t0.getTime() + h * 3_600_000);
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError
      ? [e.code, (e.details as { reason?: string } | undefined)?.reason]
      : ['not an AppError'];
  }
  return ['no error'];
};

describe('workedHours', () => {
  it('derives the hours from both meters', () => {
    expect(workedHours({ meterHours: 672 }, 666.5, t0, at(6))).toBe(5.5);
  });
  it('an end meter below the start meter is METER_BACKWARDS, not a missing duration', () => {
    expect(codeOf(() => workedHours({ meterHours: 672 }, 99999, t0, at(6)))).toEqual(['METER_BACKWARDS', undefined]);
  });
  it('without both meters the hours are required', () => {
    expect(codeOf(() => workedHours({ meterHours: 672 }, null, t0, at(6)))).toEqual(['VALIDATION_FAILED', undefined]);
  });
  it('6 h worked with 0 minutes elapsed is refused', () => {
    expect(codeOf(() => workedHours({ actualHours: 6 }, null, t0, t0))).toEqual([
      'JOB_HOURS_INCONSISTENT',
      'exceeds_elapsed',
    ]);
  });
  it('a meter delta larger than the clock time is refused too', () => {
    expect(codeOf(() => workedHours({ meterHours: 105 }, 100, t0, at(1)))).toEqual([
      'JOB_HOURS_INCONSISTENT',
      'exceeds_elapsed',
    ]);
  });
  it('more hours than the meter advanced are refused', () => {
    expect(codeOf(() => workedHours({ meterHours: 102, actualHours: 5 }, 100, t0, at(8)))).toEqual([
      'JOB_HOURS_INCONSISTENT',
      'exceeds_meter',
    ]);
  });
  it('hours within the clock time and the meter are accepted (with rounding tolerance)', () => {
    expect(workedHours({ meterHours: 106, actualHours: 5.75 }, 100, t0, at(5.7))).toBe(5.75);
    expect(workedHours({ actualHours: 3.25 }, null, t0, at(4))).toBe(3.25);
  });
});
