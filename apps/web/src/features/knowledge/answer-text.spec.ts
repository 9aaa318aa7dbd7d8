import { describe, expect, it } from 'vitest';
import { citedIndexes, parseAnswer } from './answer-text';

describe('parseAnswer: [n] marks → citation links', () => {
  it('splits text and marks; [1] is citations[0]', () => {
    expect(parseAnswer('检查散热器是否堵塞[1]。然后检查风扇皮带[2]。', 2)).toEqual([
      { kind: 'text', text: '检查散热器是否堵塞' },
      { kind: 'cite', n: 1, index: 0 },
      { kind: 'text', text: '。然后检查风扇皮带' },
      { kind: 'cite', n: 2, index: 1 },
      { kind: 'text', text: '。' },
    ]);
  });

  it('reads grouped, repeated and full-width marks', () => {
    const parts = parseAnswer('Stop the engine [1, 2][3]. 停机【2】，再检查［1、3］。', 3);
    expect(parts.filter((p) => p.kind === 'cite').map((p) => (p.kind === 'cite' ? p.n : 0))).toEqual([
      1, 2, 3, 2, 1, 3,
    ]);
    expect(parts.filter((p) => p.kind === 'text').map((p) => (p.kind === 'text' ? p.text : ''))).toEqual([
      'Stop the engine ',
      '. 停机',
      '，再检查',
      '。',
    ]);
  });

  it('leaves numbers without a citation behind them as text', () => {
    expect(parseAnswer('See [4] and [0] and [1, 9]; torque 2[1]', 1)).toEqual([
      { kind: 'text', text: 'See [4] and [0] and [1, 9]; torque 2' },
      { kind: 'cite', n: 1, index: 0 },
    ]);
    expect(parseAnswer('no marks [a] [] [ ] [-1]', 3)).toEqual([{ kind: 'text', text: 'no marks [a] [] [ ] [-1]' }]);
    expect(parseAnswer('手册中没有相关内容。', 0)).toEqual([{ kind: 'text', text: '手册中没有相关内容。' }]);
  });

  it('keeps the text around a mark intact, including brackets and regex characters', () => {
    const text = '压力 (bar) [1] 值 *[x]* $^ \\[2]';
    const parts = parseAnswer(text, 2);
    expect(parts.map((p) => (p.kind === 'text' ? p.text : `[${p.n}]`)).join('')).toBe(
      '压力 (bar) [1] 值 *[x]* $^ \\[2]',
    );
    expect(parts.filter((p) => p.kind === 'cite')).toHaveLength(2);
  });

  it('lists cited citations in order of first mention', () => {
    expect(citedIndexes(parseAnswer('a[2] b[1] c[2] d[3]', 3))).toEqual([1, 0, 2]);
  });
});
