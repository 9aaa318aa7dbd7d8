import { describe, expect, it } from 'vitest';
import {
  canTransitionCost,
  COST_DOCUMENT_STATUSES,
  documentTotalMinor,
  lineAmountMinor,
  MAX_AMOUNT_MINOR,
  quantityToMilli,
  ZCostTransitionRequest,
  ZCreateCostDocumentRequest,
  ZListCostDocumentsQuery,
} from './costs.js';

describe('quantityToMilli', () => {
  it('reads up to 3 decimals exactly, from the decimal form', () => {
    expect(quantityToMilli(12.345)).toBe(12345n);
    expect(quantityToMilli(3)).toBe(3000n);
    expect(quantityToMilli(0.1)).toBe(100n);
    expect(quantityToMilli(0.005)).toBe(5n);
    expect(quantityToMilli(1.1)).toBe(1100n);
    // float products that drift in binary stay exact here
    expect(quantityToMilli(1.005)).toBe(1005n);
    expect(quantityToMilli(999_999_999.999)).toBe(999_999_999_999n);
    expect(quantityToMilli(123_456_789.123)).toBe(123_456_789_123n);
  });
  it('refuses more than 3 decimals, negatives, exponents and non-finite numbers', () => {
    for (const bad of [1.2345, 0.1 + 0.2, -1, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, 1e21])
      expect(quantityToMilli(bad), String(bad)).toBeNull();
  });
});

describe('lineAmountMinor: round-half-up(quantity × unitPriceMinor) in fen', () => {
  it('3 × 12.345 L at 789 fen', () => {
    expect(lineAmountMinor(12.345, '789')).toBe(9740n); // 9740.205
    expect(documentTotalMinor([0, 1, 2].map(() => ({ quantity: 12.345, unitPriceMinor: '789' })))).toBe(29220n);
  });
  it('exact halves round up, just below rounds down, just above rounds up', () => {
    expect(lineAmountMinor(0.005, '100')).toBe(1n); // 0.5
    expect(lineAmountMinor(0.005, '300')).toBe(2n); // 1.5
    expect(lineAmountMinor(0.005, '500')).toBe(3n); // 2.5 (half-up, not banker's)
    expect(lineAmountMinor(0.005, '99')).toBe(0n); // 0.495
    expect(lineAmountMinor(0.005, '101')).toBe(1n); // 0.505
    expect(lineAmountMinor(1.005, '1')).toBe(1n); // 1.005
    expect(lineAmountMinor(2.5, '1')).toBe(3n);
    expect(lineAmountMinor(0.001, '499')).toBe(0n); // 0.499
    expect(lineAmountMinor(0.001, '500')).toBe(1n); // 0.5
  });
  it('whole quantities are exact multiples; zero price is zero', () => {
    expect(lineAmountMinor(7, '1234')).toBe(8638n);
    expect(lineAmountMinor(5, 0n)).toBe(0n);
  });
  it('stays exact beyond 2^53', () => {
    const price = '900719925474099300'; // ≈ 100 × 2^53
    expect(lineAmountMinor(1, price)).toBe(900719925474099300n);
    expect(lineAmountMinor(1.001, '9007199254740993')).toBe(9016206453995734n); // 9016206453995733.993
    expect(lineAmountMinor(0.5, '9007199254740993')).toBe(4503599627370497n); // 4503599627370496.5 → up
  });
  it('largest quantity × a large price', () => {
    // 999999999.999 × 999999 = 999998999999000.001 → 999998999999000
    expect(lineAmountMinor(999_999_999.999, '999999')).toBe(999_998_999_999_000n);
  });
  it('refuses a bad quantity or a negative price', () => {
    expect(() => lineAmountMinor(1.2345, '1')).toThrow(RangeError);
    expect(() => lineAmountMinor(1, -1n)).toThrow(RangeError);
  });
});

describe('cost document requests', () => {
  const base = { category: 'FUEL', documentDate: '2026-03-01' };
  const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    r.error!.issues.map((i) => i.path.join('.'));

  it('lines default to empty; quantities as numbers, prices as digit strings', () => {
    expect(ZCreateCostDocumentRequest.parse(base).lines).toEqual([]);
    const ok = ZCreateCostDocumentRequest.parse({
      ...base,
      lines: [{ description: 'Diesel', quantity: 12.345, unit: 'L', unitPriceMinor: '789' }],
    });
    expect(ok.lines[0]).toEqual({ description: 'Diesel', quantity: 12.345, unit: 'L', unitPriceMinor: '789' });
  });
  it('refuses negative / zero / 4-decimal quantities and numeric or fractional money, with paths', () => {
    const r = ZCreateCostDocumentRequest.safeParse({
      ...base,
      lines: [
        { description: 'a', quantity: -1, unitPriceMinor: '1' },
        { description: 'b', quantity: 1.2345, unitPriceMinor: '1' },
        { description: 'c', quantity: 1, unitPriceMinor: 12.5 },
        { description: 'd', quantity: 1, unitPriceMinor: '12.5' },
        { description: 'e', quantity: 0, unitPriceMinor: '1' },
      ],
    });
    expect(r.success).toBe(false);
    expect(paths(r)).toEqual(
      expect.arrayContaining([
        'lines.0.quantity',
        'lines.1.quantity',
        'lines.2.unitPriceMinor',
        'lines.3.unitPriceMinor',
        'lines.4.quantity',
      ]),
    );
  });
  it('refuses more than 200 lines and totals past 18 digits', () => {
    const line = { description: 'x', quantity: 1, unitPriceMinor: '1' };
    expect(
      ZCreateCostDocumentRequest.safeParse({ ...base, lines: Array.from({ length: 200 }, () => line) }).success,
    ).toBe(true);
    expect(
      paths(ZCreateCostDocumentRequest.safeParse({ ...base, lines: Array.from({ length: 201 }, () => line) })),
    ).toEqual(['lines']);
    const max = MAX_AMOUNT_MINOR.toString();
    expect(ZCreateCostDocumentRequest.safeParse({ ...base, lines: [{ ...line, unitPriceMinor: max }] }).success).toBe(
      true,
    );
    expect(
      paths(ZCreateCostDocumentRequest.safeParse({ ...base, lines: [{ ...line, quantity: 2, unitPriceMinor: max }] })),
    ).toEqual(['lines.0.unitPriceMinor']);
    expect(
      paths(ZCreateCostDocumentRequest.safeParse({ ...base, lines: [{ ...line, unitPriceMinor: max }, line] })),
    ).toEqual(['lines']);
  });
  it('transition bodies are optional; list dates must be ordered', () => {
    expect(ZCostTransitionRequest.parse(undefined)).toEqual({});
    expect(ZCostTransitionRequest.parse({ version: 2 })).toEqual({ version: 2 });
    expect(ZCostTransitionRequest.safeParse({ version: 0 }).success).toBe(false);
    expect(ZListCostDocumentsQuery.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
  });
});

describe('approval workflow', () => {
  const allowed = new Set(['DRAFT>SUBMITTED', 'SUBMITTED>APPROVED', 'SUBMITTED>REJECTED', 'REJECTED>DRAFT']);
  it.each(COST_DOCUMENT_STATUSES.flatMap((from) => COST_DOCUMENT_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s',
    (from, to) => {
      expect(canTransitionCost(from, to)).toBe(allowed.has(`${from}>${to}`));
    },
  );
});
