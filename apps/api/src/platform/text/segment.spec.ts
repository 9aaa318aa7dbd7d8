import { describe, expect, it } from 'vitest';
import { wordPieces } from './segment.js';

describe('wordPieces: the shorter words of a Chinese question word', () => {
  it('search-mode sub-words of a compound (柑橘园 → 柑橘)', () => {
    expect(wordPieces('柑橘园').sub).toContain('柑橘');
  });

  it('dictionary words of a word the segmenter guessed, stop words left out (风大到 → 风, 大)', () => {
    expect(wordPieces('风大到').plain).toEqual(['风', '大']);
  });

  it('a word ending in a question word loses it (飞多高 → 飞)', () => {
    expect(wordPieces('飞多高').plain).toEqual(['飞']);
  });

  it('short words and Latin words have no pieces', () => {
    expect(wordPieces('雾滴')).toEqual({ sub: [], plain: [] });
    expect(wordPieces('header')).toEqual({ sub: [], plain: [] });
  });
});
