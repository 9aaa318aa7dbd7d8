import { describe, expect, it } from 'vitest';
import { queryWords, querySearchTokens } from '../../platform/text/segment.js';
import { coverage, weighWords } from '../retrieval/evidence.js';
import { expandQuery, realise, realiseAcross } from './expansion.js';
import { statedPairs, withStatedTerms } from './stated-terms.js';

describe('statedPairs: the synonyms a manual states itself', () => {
  it('a parenthesis opening with a naming word, or a term of the other script', () => {
    const [p] = statedPairs('每天检查捡拾器（又称拾禾器）的弹齿。');
    expect(p!.inside).toBe('拾禾器');
    expect(p!.before).toContain('捡拾器');
    const [q] = statedPairs('接合草捆控制单元（BCU）前，先关闭后仓门。');
    expect(q!.inside).toBe('BCU');
    expect(q!.before).toContain('草捆控制单元');
    const [r] = statedPairs('Close the tailgate (also called rear door) before driving.');
    expect(r!.inside).toBe('rear door');
    expect(r!.before).toContain('tailgate');
  });

  it('a parenthesis of numbers, units or a phrase in the same script states nothing', () => {
    expect(statedPairs('草捆尺寸（直径 × 宽度） | 1250 mm')).toEqual([]);
    expect(statedPairs('更换同规格剪切螺栓（M10 × 60，8.8 级）。')).toEqual([]);
    expect(statedPairs('作业速度（草条厚时取下限）一般为 6 km/h。')).toEqual([]);
    expect(statedPairs('Check the oil level (see 3.2).')).toEqual([]);
  });
});

describe('withStatedTerms: a question in the manual’s other word', () => {
  const setup = (q: string) => {
    const words = queryWords(q);
    return { words, ww: weighWords(words, new Map(), 100), exp: expandQuery(q, words, querySearchTokens(q)) };
  };

  it('covers the passages that use the manual’s main term', () => {
    const { words, ww, exp } = setup('拾禾器弹齿断了怎么办？');
    const defining = '捡拾器（又称拾禾器）由弹齿和护板组成。';
    const passage = '捡拾器弹齿断裂时，应成组更换弹齿。';
    const groups = withStatedTerms(exp.groups, '拾禾器弹齿断了怎么办？', words, [defining, passage]);
    expect(coverage(realise(ww, groups, passage), passage)).toBeGreaterThan(coverage(ww, passage));
    // without the statement nothing changes
    expect(withStatedTerms(exp.groups, '拾禾器弹齿断了怎么办？', words, [passage])).toEqual(exp.groups);
  });

  it('bridges the languages with the other-script term a Chinese manual prints beside its own', () => {
    const q = 'Where is the BCU mounted?';
    const { words, ww, exp } = setup(q);
    const text = '草捆控制单元（BCU）装在机架左侧。';
    const groups = withStatedTerms(exp.groups, q, words, [text]);
    const other = '草捆控制单元的保险丝在驾驶室内。';
    expect(coverage(realiseAcross(ww, groups, other, false), other)).toBeGreaterThan(
      coverage(realiseAcross(ww, exp.groups, other, false), other),
    );
  });
});
