import { describe, expect, it } from 'vitest';
import { checkRow, normalizeFaultCode, serialKey } from './reading-rows.js';

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
});
