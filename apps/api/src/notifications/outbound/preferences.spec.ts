import { describe, expect, it } from 'vitest';
import { defaultChoices, effectiveChoices, notBefore } from './preferences.js';

describe('quiet hours', () => {
  const quiet = { start: '22:00', end: '07:00' };
  it('a message inside quiet hours waits for their end, in the member zone (spanning midnight)', () => {
    // 23:30 in Shanghai = 15:30Z
    expect(notBefore(new Date('2026-12-06T15:30:20Z'), quiet, 'Asia/Shanghai').toISOString()).toBe(
      '2026-12-06T23:00:00.000Z',
    );
    // 06:59 in Shanghai
    expect(notBefore(new Date('2026-12-06T22:59:00Z'), quiet, 'Asia/Shanghai').toISOString()).toBe(
      '2026-12-06T23:00:00.000Z',
    );
  });
  it('outside quiet hours, or none set, it goes now', () => {
    const at = new Date('2026-12-06T02:00:00Z'); // 10:00 Shanghai
    expect(notBefore(at, quiet, 'Asia/Shanghai')).toBe(at);
    expect(notBefore(at, { start: null, end: null }, 'Asia/Shanghai')).toBe(at);
    // the same instant is 21:00 in Los Angeles' previous day: outside
    expect(notBefore(new Date('2026-12-07T05:00:00Z'), quiet, 'America/Los_Angeles').toISOString()).toBe(
      '2026-12-07T05:00:00.000Z',
    );
  });
  it('a window within one day (12:00–13:30)', () => {
    expect(
      notBefore(new Date('2026-12-06T04:10:00Z'), { start: '12:00', end: '13:30' }, 'Asia/Shanghai').toISOString(),
    ).toBe('2026-12-06T05:30:00.000Z');
  });
});

describe('channel choices', () => {
  it('approvers get e-mail for approvals and the digest by default; nobody gets a digest by push', () => {
    expect(defaultChoices('ACCOUNTANT').COST_AWAITING_APPROVAL).toEqual(['PUSH', 'EMAIL']);
    expect(defaultChoices('OPERATOR').COST_AWAITING_APPROVAL).toEqual(['PUSH']);
    expect(defaultChoices('OPERATOR').DAILY_DIGEST).toEqual([]);
    expect(effectiveChoices('OPERATOR', { DAILY_DIGEST: ['PUSH', 'EMAIL'], MACHINE_DOWN: [] }).DAILY_DIGEST).toEqual([
      'EMAIL',
    ]);
    expect(effectiveChoices('OPERATOR', { MACHINE_DOWN: [] }).MACHINE_DOWN).toEqual([]);
  });
});
