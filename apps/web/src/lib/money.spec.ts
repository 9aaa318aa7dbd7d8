import { describe, expect, it } from 'vitest';
import { fenToYuanInput, fenToYuanShort, formatFen, formatFenExact, yuanToFen } from './money';

describe('yuanToFen (one contract: fen digits, or null when not an amount)', () => {
  it.each([
    ['12.5', '1250'],
    ['12.50', '1250'],
    ['0.29', '29'],
    ['0.1', '10'],
    ['1,280.00', '128000'],
    ['¥ 3', '300'],
    ['￥7.', '700'],
    ['0', '0'],
    ['000.05', '5'],
    ['9999999999999999.99', '999999999999999999'],
  ])('%s → %s', (input, fen) => expect(yuanToFen(input)).toBe(fen));

  it.each(['', ' ', '-5', '1.234', 'abc', '1e3', '12.3.4', '+1', '.5'])('%j is not an amount', (input) =>
    expect(yuanToFen(input)).toBeNull(),
  );

  it('is exact where a float is not (0.29 × 100 = 28.999…)', () => {
    expect(Math.floor(0.29 * 100)).toBe(28);
    expect(yuanToFen('0.29')).toBe('29');
    expect(yuanToFen('1.13')).toBe('113');
  });
});

describe('fen → yuan for inputs', () => {
  it('keeps two decimals for editing', () => {
    expect(fenToYuanInput('1250')).toBe('12.50');
    expect(fenToYuanInput('5')).toBe('0.05');
    expect(fenToYuanInput('0')).toBe('0.00');
    expect(fenToYuanInput(123456789012345678901n)).toBe('1234567890123456789.01');
    expect(fenToYuanInput('x')).toBe('');
    expect(fenToYuanInput(null)).toBe('');
  });
  it('or the shortest form', () => {
    expect(fenToYuanShort('12800000')).toBe('128000');
    expect(fenToYuanShort('789')).toBe('7.89');
    expect(fenToYuanShort('150')).toBe('1.50');
    expect(fenToYuanShort(undefined)).toBe('');
  });
  it('round-trips through yuanToFen', () => {
    for (const fen of ['0', '1', '99', '100', '12345', '900719925474099312']) {
      expect(yuanToFen(fenToYuanInput(fen))).toBe(fen);
      expect(yuanToFen(fenToYuanShort(fen))).toBe(fen);
    }
  });
});

describe('formatFen', () => {
  it('formats exactly beyond 2^53 (no float division)', () => {
    // 2^53 + 1 fen: Number() would round it to …992
    expect(formatFen('9007199254740993', 'en')).toBe('CN¥90,071,992,547,409.93');
    expect(formatFenExact('9007199254740993', 'zh-CN')).toBe('¥90,071,992,547,409.93');
  });
  it('keeps the display of each screen: Intl symbol by default, narrow ¥ for documents', () => {
    expect(formatFen('128000', 'zh-CN')).toBe('¥1,280.00');
    expect(formatFen('128000', 'en')).toBe('CN¥1,280.00');
    expect(formatFenExact('128000', 'en')).toBe('¥1,280.00');
    expect(formatFen('29', 'zh-CN')).toBe('¥0.29');
  });
  it('shows a dash for no amount', () => {
    expect(formatFen(null, 'zh-CN')).toBe('—');
    expect(formatFen(undefined, 'en')).toBe('—');
    expect(formatFen('n/a', 'en')).toBe('—');
  });
});
