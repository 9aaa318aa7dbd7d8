import { describe, expect, it } from 'vitest';
import { queryWords, querySearchTokens } from '../../platform/text/segment.js';
import { coverage, weighWords } from '../retrieval/evidence.js';
import { EXPANSION_WEIGHT, expandQuery, realise } from './expansion.js';

/** The question's words weighted as if no chunk had any of them (equal idf), and its expansion. */
function setup(q: string) {
  const words = queryWords(q);
  const ww = weighWords(words, new Map(), 100);
  return { ww, exp: expandQuery(q, words, querySearchTokens(q)) };
}

describe('expandQuery', () => {
  it('a Chinese question gains English lexical tokens and the reverse', () => {
    expect(setup('发动机水温过高怎么办').exp.lexicalTokens).toEqual(expect.arrayContaining(['engine', 'overheat']));
    expect(setup('How do I bleed the fuel system?').exp.lexicalTokens).toEqual(
      expect.arrayContaining(['燃油', '排气']),
    );
  });

  it('a colloquial saying gains its canonical term', () => {
    expect(setup('车子开着开着水温就上去了咋整').exp.lexicalTokens).toEqual(expect.arrayContaining(['过高']));
    expect(setup('拖拉机打不着火').exp.lexicalTokens).toEqual(expect.arrayContaining(['启动']));
  });

  it('the code stage gets the acronyms of the matched entries, not plain words', () => {
    const { exp } = setup('后输出轴怎么接合？尿素用完了会怎样？');
    expect(exp.codeTerms).toEqual(expect.arrayContaining(['PTO', 'DEF']));
    expect(setup('收割机开锅了').exp.codeTerms).toEqual([]);
  });

  it('a question without glossary terms is left as it is', () => {
    const { exp } = setup('GN70 E12');
    expect(exp.groups).toEqual([]);
    expect(exp.lexicalTokens).toEqual([]);
  });
});

describe('realise: the question as a passage says it', () => {
  const en = 'Engine overheating: check the coolant level and clean the radiator core.';
  const zh = '发动机水温过高：检查冷却液液位，清理散热器。';

  it('a Chinese question covers the English passage through the glossary', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    expect(coverage(ww, en)).toBe(0);
    const c = coverage(realise(ww, exp.groups, en), en);
    expect(c).toBeGreaterThan(0.6);
    // never more than the question's own words would give
    expect(c).toBeLessThanOrEqual(EXPANSION_WEIGHT + 1e-9);
  });

  it('an English question covers the Chinese passage', () => {
    const { ww, exp } = setup('engine overheating');
    expect(coverage(realise(ww, exp.groups, zh), zh)).toBeGreaterThan(0.6);
  });

  it('a passage in the question’s own words keeps its full coverage (expansion never adds to it)', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    expect(coverage(realise(ww, exp.groups, zh), zh)).toBeCloseTo(coverage(ww, zh), 9);
  });

  it('a colloquial question covers the canonical section, below its own words', () => {
    const { ww, exp } = setup('收割机开锅了');
    const text = '联合收割机 5.3 发动机水温过高 检查散热器是否堵塞';
    const c = coverage(realise(ww, exp.groups, text), text);
    expect(c).toBeGreaterThan(coverage(ww, text));
    expect(c).toBeLessThan(1);
  });

  it('an unrelated passage gains nothing', () => {
    const { ww, exp } = setup('发动机水温过高怎么办');
    const text = 'Check the tyre inflation pressure before road transport.';
    expect(coverage(realise(ww, exp.groups, text), text)).toBe(0);
  });
});
