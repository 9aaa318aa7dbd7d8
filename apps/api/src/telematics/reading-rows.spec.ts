import { describe, expect, it } from 'vitest';
import { ZTelematicsReadingInput } from '@amms/contracts/telematics';
import { checkRow, normalizeFaultCode, quickParse, serialKey } from './reading-rows.js';

const NOW = Date.parse('2026-12-05T12:00:00Z');
const id = '5b1d7f8e-0c1a-4b5e-9a51-6c0c1f6d2a10';
const codeOf = (raw: unknown) => {
  const c = checkRow(raw, NOW);
  return c.ok ? 'OK' : c.error.code;
};

describe('checkRow', () => {
  it('accepts a row with a machine, a time and one value', () => {
    expect(codeOf({ assetId: id, at: '2026-12-05T11:00:00Z', engineHours: 1 })).toBe('OK');
    expect(codeOf({ serialNumber: 'SN-1', at: '2026-12-05T11:00:00+08:00', lat: 0, lon: 0 })).toBe('OK');
  });

  it('gives each kind of bad row its stable code', () => {
    const at = '2026-12-05T11:00:00Z';
    expect(codeOf({ assetId: id, at: '2026-12-05T12:04:59Z', engineHours: 1 })).toBe('OK');
    expect(codeOf({ assetId: id, at: '2026-12-05T12:05:01Z', engineHours: 1 })).toBe('AT_IN_FUTURE');
    expect(codeOf({ assetId: id, at: 'yesterday', engineHours: 1 })).toBe('AT_INVALID');
    expect(codeOf({ assetId: id, at, engineHours: 'NaN' })).toBe('VALUE_INVALID');
    expect(codeOf({ assetId: id, at, engineHours: -1 })).toBe('VALUE_INVALID');
    expect(codeOf({ assetId: id, at, lat: 91, lon: 0 })).toBe('COORDINATES_OUT_OF_RANGE');
    expect(codeOf({ assetId: id, at, lat: 0, lon: -180.5 })).toBe('COORDINATES_OUT_OF_RANGE');
    expect(codeOf({ assetId: id, at, lat: 10 })).toBe('COORDINATES_OUT_OF_RANGE');
    expect(codeOf({ assetId: id, at })).toBe('NO_VALUES');
    expect(codeOf({ at, engineHours: 1 })).toBe('ASSET_REF_INVALID');
    expect(codeOf({ assetId: 'x', at, engineHours: 1 })).toBe('ASSET_REF_INVALID');
    expect(codeOf({ assetId: id, serialNumber: 'S', at, engineHours: 1 })).toBe('ASSET_REF_INVALID');
    expect(codeOf(null)).toBe('ROW_INVALID');
    expect(codeOf({ assetId: id, at, engineHours: 1, extra: true })).toBe('ROW_INVALID');
  });

  it('spells fault codes and serial numbers one way', () => {
    expect(normalizeFaultCode('  spn 100   fmi 1 ')).toBe('SPN 100 FMI 1');
    expect(serialKey(' Sn-1 ')).toBe('sn-1');
  });

  it('takes the quick path only for rows the schema accepts, with the same result', () => {
    const ats = [
      '2026-12-05T11:00:00Z',
      '2026-12-05T11:00:00.123456+08:00',
      '2026-02-29T11:00:00Z',
      '2028-02-29T23:59:59-05:30',
      '2026-12-05T24:00:00Z',
      '2026-12-05T11:00Z',
      '2026-13-01T11:00:00Z',
      '2026-12-05 11:00:00Z',
      '2026-12-05T11:00:00+24:00',
      5,
    ];
    const refs = [
      { assetId: id },
      { assetId: id.toUpperCase() },
      { assetId: 'x' },
      { serialNumber: ' SN-1 ' },
      { serialNumber: '   ' },
      { serialNumber: 'S'.repeat(101) },
      { serialNumber: 7 },
      {},
      { assetId: id, serialNumber: 'S' },
    ];
    const values = [
      { engineHours: 1.5 },
      { engineHours: -0.1 },
      { engineHours: 10_000_001 },
      { lat: 90, lon: -180 },
      { lat: 90.1, lon: 0 },
      { lat: 1 },
      { fuelUsedL: 0 },
      { fuelUsedL: '3' },
      { faultCodes: ['E12'] },
      {},
      { lat: 1, lon: 2, engineHours: 3, fuelUsedL: 4 },
      { extra: 1, engineHours: 1 },
      { engineHours: null },
    ];
    let quick = 0;
    for (const at of ats)
      for (const ref of refs)
        for (const v of values) {
          const row = { ...ref, at, ...v };
          const q = quickParse(row);
          const z = ZTelematicsReadingInput.safeParse(row);
          if (q) {
            quick++;
            expect(z.success, JSON.stringify(row)).toBe(true);
            expect(q.data).toEqual(z.data);
          }
        }
    // the common shapes do take it
    expect(quick).toBe(36);
    expect(quickParse({ serialNumber: 'SN-1', at: '2026-12-05T11:00:00.000Z', lat: 45.7, lon: 126.6 })).not.toBeNull();
  });
});
