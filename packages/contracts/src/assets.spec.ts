import { describe, expect, it } from 'vitest';
import { ASSET_STATUSES, canTransition, ZCreateAssetRequest, ZCreateMeterReadingRequest } from './assets.js';
import { ZMoneyMinor } from './common.js';

describe('asset status transitions', () => {
  const allowed = new Set([
    'ACTIVE>IN_MAINTENANCE',
    'IN_MAINTENANCE>ACTIVE',
    'ACTIVE>RETIRED',
    'IN_MAINTENANCE>RETIRED',
  ]);
  it.each(
    ASSET_STATUSES.flatMap((from) => ASSET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const)),
  )('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });
  it('staying in the same status is not a transition', () => {
    for (const s of ASSET_STATUSES) expect(canTransition(s, s)).toBe(true);
  });
});

describe('wire formats', () => {
  it('money: digits only, as a string, BigInt-sized', () => {
    expect(ZMoneyMinor.safeParse('0').success).toBe(true);
    expect(ZMoneyMinor.safeParse('999999999999999999').success).toBe(true);
    for (const bad of ['', '01', '-1', '1.5', '1e3', ' 1', '9999999999999999999'])
      expect(ZMoneyMinor.safeParse(bad).success, bad).toBe(false);
    expect(
      ZCreateAssetRequest.safeParse({
        modelId: '7b1c9a52-8f0e-4b7a-9c1d-2e3f4a5b6c7d',
        name: 'a',
        serialNumber: 's',
        purchaseCostMinor: 100,
      }).success,
    ).toBe(false);
  });
  it('engine hours: at most one decimal, never negative', () => {
    expect(ZCreateMeterReadingRequest.parse({ readingHours: 1234.5 })).toEqual({
      readingHours: 1234.5,
      source: 'MANUAL',
      isReplacement: false,
      confirmJump: false,
    });
    expect(ZCreateMeterReadingRequest.safeParse({ readingHours: 0.1 + 0.2 }).success).toBe(true);
    expect(ZCreateMeterReadingRequest.safeParse({ readingHours: 1.25 }).success).toBe(false);
    expect(ZCreateMeterReadingRequest.safeParse({ readingHours: -1 }).success).toBe(false);
  });
});
