import { describe, expect, it } from 'vitest';
import { parseChineseNumber, parseCount, parseEnglishNumber } from './numerals.js';
import { toChineseNumber } from './names.js';

describe('Chinese numerals', () => {
  it.each([
    ['零', 0],
    ['〇', 0],
    ['一', 1],
    ['二', 2],
    ['两', 2],
    ['三', 3],
    ['九', 9],
    ['十', 10],
    ['十一', 11],
    ['十二', 12],
    ['二十', 20],
    ['二十三', 23],
    ['九十九', 99],
    ['一百', 100],
    ['两百', 200],
    ['一百零五', 105],
    ['一百二十三', 123],
    ['一百二', 120],
    ['7', 7],
    ['31', 31],
    ['365', 365],
  ] as const)('%s = %i', (s, n) => {
    expect(parseChineseNumber(s)).toBe(n);
  });

  it.each(['', '十十', '两十', '二十两', '三五', '百', '一千', 'abc', '1234', '一二三', '十零'])(
    '%s is not a number',
    (s) => {
      expect(parseChineseNumber(s)).toBeNull();
    },
  );

  it('writes small numbers back in Chinese (for name short forms)', () => {
    expect([0, 3, 10, 12, 20, 25, 99].map(toChineseNumber)).toEqual([
      '零',
      '三',
      '十',
      '十二',
      '二十',
      '二十五',
      '九十九',
    ]);
    expect(toChineseNumber(100)).toBeNull();
    expect(toChineseNumber(-1)).toBeNull();
  });

  it('reads English number words and digits', () => {
    expect(['one', 'Two', 'ten', 'twelve', 'twenty', '14', 'couple'].map(parseEnglishNumber)).toEqual([
      1, 2, 10, 12, 20, 14, 2,
    ]);
    expect(parseEnglishNumber('thirty')).toBeNull();
    expect(['五', 'five', '5'].map(parseCount)).toEqual([5, 5, 5]);
  });
});
