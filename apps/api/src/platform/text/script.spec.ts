import { describe, expect, it } from 'vitest';
import { countHan, hasHan, isWide, WIDE_GAP } from './script.js';

describe('script tests', () => {
  it('Han: ideographs only (not kana, Hangul, fullwidth punctuation)', () => {
    expect(hasHan('6R 155 发动机')).toBe(true);
    expect(hasHan('エンジン')).toBe(false);
    expect(hasHan('엔진')).toBe(false);
    expect(hasHan('（，）：')).toBe(false);
    expect(countHan('E12 报警，水温高')).toBe(5);
  });

  it('wide: Han, CJK punctuation, kana and fullwidth forms join without spaces; Latin and Hangul do not', () => {
    for (const ch of ['水', '。', '，', 'ア', '（']) expect(isWide(ch)).toBe(true);
    for (const ch of ['a', '1', ' ', '엔', '']) expect(isWide(ch)).toBe(false);
    expect('发 动 机 ， 水 温 E 12'.replace(WIDE_GAP, '')).toBe('发动机，水温 E 12');
  });
});
