import { describe, expect, it } from 'vitest';
import { ENUM_WORDS, enumCodeOf, enumWord } from './enum-labels.js';

describe('enum words', () => {
  it('every set has a word for the same codes in both languages', () => {
    for (const set of Object.keys(ENUM_WORDS['zh-CN']) as (keyof (typeof ENUM_WORDS)['zh-CN'])[])
      expect(Object.keys(ENUM_WORDS.en[set]).sort(), set).toEqual(Object.keys(ENUM_WORDS['zh-CN'][set]).sort());
  });

  it('a code in words, and back from the code, the Chinese or the English word', () => {
    expect(enumWord('zh-CN', 'operation', 'HARVESTING')).toBe('收获');
    expect(enumWord('en', 'costCategory', 'PARTS')).toBe('Parts');
    expect(enumWord('en', 'costCategory', 'NOPE')).toBe('NOPE');
    expect(enumCodeOf('operation', ' 收获 ')).toBe('HARVESTING');
    expect(enumCodeOf('operation', 'forage harvesting')).toBe('FORAGE_HARVESTING');
    expect(enumCodeOf('operation', 'tillage')).toBe('TILLAGE');
    expect(enumCodeOf('operation', '犁地')).toBeNull();
    expect(enumCodeOf('operation', '')).toBeNull();
  });
});
