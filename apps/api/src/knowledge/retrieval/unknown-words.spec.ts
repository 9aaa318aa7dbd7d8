import { describe, expect, it } from 'vitest';
import { weighWords } from './evidence.js';
import { candidatePieces, knownWords, regluedWords, shareWeights } from './unknown-words.js';

// Chinese question words no manual prints: the segmenter's guesses and whole compounds
describe('knownWords', () => {
  const df = new Map([
    ['起飞', 3],
    ['柑橘', 1],
    ['风', 0],
  ]);

  it('replaces a word no manual prints by its shorter words', () => {
    expect(knownWords(['风大到', '起飞'], df).words).toEqual(['风', '大', '起飞']);
    // a compound by its sub-word that a manual prints
    expect(knownWords(['柑橘园', '喷药'], df).words).toEqual(['柑橘', '喷药']);
    // a question word glued to a question word loses it
    expect(knownWords(['飞多高'], df).words).toEqual(['飞']);
  });

  it('keeps words a manual prints, words without shorter parts and words the glossary bridges whole', () => {
    expect(knownWords(['起飞', '保险', 'insurance'], df).words).toEqual(['起飞', '保险', 'insurance']);
    expect(knownWords(['起动液'], df, ['起动液']).words).toEqual(['起动液']);
    expect(knownWords(['进气口'], df, ['进气']).words).toEqual(['进气口']);
  });

  it('a character the segmenter glued to the wrong word goes back to the word before it', () => {
    // 割台/输送/器堵/了, 刀/片断/了: 输送器 and 刀片 are what the manual prints
    const reglued = regluedWords('割台输送器堵了，刀片断了能不能焊？');
    expect(reglued.get('器堵')).toEqual({ joined: '输送器', rest: '堵' });
    expect(reglued.get('片断')).toEqual({ joined: '刀片', rest: '断' });
    const printed = new Map([
      ['输送器', 2],
      ['刀片', 3],
    ]);
    expect(knownWords(['器堵', '片断', '焊'], printed, [], reglued).words).toEqual([
      '输送器',
      '堵',
      '刀片',
      '断',
      '焊',
    ]);
    // only when a manual prints the joined word; a word a manual prints stays as it is
    expect(knownWords(['器堵'], new Map(), [], reglued).words).toEqual(['器堵']);
    expect(knownWords(['器堵'], new Map([['器堵', 1]]), [], reglued).words).toEqual(['器堵']);
  });

  it('asks the frequencies of the pieces with the words', () => {
    expect(candidatePieces(['柑橘园', '起飞'])).toContain('柑橘');
  });
});

describe('shareWeights', () => {
  it('the pieces of a word weigh together what the word weighed, not one rare word each', () => {
    const df = new Map([['极', 0]]);
    const { words, split } = knownWords(['焊接', '哪一极'], df);
    const ww = shareWeights(weighWords(words, df, 100), split, df, 100);
    const whole = weighWords(['哪一极'], df, 100).total;
    const pieces = split.get('哪一极')!;
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.reduce((a, p) => a + ww.weight.get(p)!, 0)).toBeCloseTo(whole, 9);
    expect(ww.total).toBeCloseTo(
      ww.words.reduce((a, w) => a + ww.weight.get(w)!, 0),
      9,
    );
  });
});
