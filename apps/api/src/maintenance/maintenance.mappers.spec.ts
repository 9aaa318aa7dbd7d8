import { describe, expect, it } from 'vitest';
import { lineCostMinor, thousandths } from './maintenance.mappers.js';

describe('part line cost (integer fen)', () => {
  it('rounds quantity × unit cost half up, exactly', () => {
    expect(lineCostMinor(thousandths(1.5), 333n)).toBe(500n); // 499.5
    expect(lineCostMinor(thousandths(0.333), 1001n)).toBe(333n); // 333.333
    expect(lineCostMinor(thousandths(2), 1000n)).toBe(2000n);
    expect(lineCostMinor(thousandths(0.001), 499n)).toBe(0n); // 0.499
    expect(lineCostMinor(thousandths(0.001), 500n)).toBe(1n); // 0.5
  });

  it('stays exact beyond 2^53 (BigInt, never float)', () => {
    expect(lineCostMinor(thousandths(9_999_999.999), 900_000_000_000n)).toBe(8_999_999_999_100_000_000n); // 9e18 − 0.001 × 9e11;
  });

  it('reads quantities with 3 decimals without float drift', () => {
    expect(thousandths(0.1 + 0.2)).toBe(300n);
    expect(thousandths(1.005)).toBe(1005n);
  });
});
