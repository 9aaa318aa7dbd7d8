import { describe, expect, it } from 'vitest';
import { findRanges, highlightParts } from './highlight';

const marked = (text: string, snippets: string[]) =>
  highlightParts(text, snippets)
    .filter((p) => p.mark)
    .map((p) => p.text);

describe('snippet highlighting', () => {
  it('finds a Chinese snippet even where the page text breaks the line inside it', () => {
    const page =
      '7.2 发动机水温过高\n现象：水温表指针进入红区。\n处理：立即降低负荷，怠速运转\n3～5 分钟后停机，检查冷却液液位。';
    const snippet = '处理：立即降低负荷，怠速运转 3～5 分钟后停机';
    expect(marked(page, [snippet])).toEqual(['处理：立即降低负荷，怠速运转\n3～5 分钟后停机']);
  });

  it('ignores spaces PDF extraction put between Chinese characters, and letter case', () => {
    expect(marked('检 查 散热器 芯 是否堵塞', ['散热器芯是否堵塞'])).toEqual(['散热器 芯 是否堵塞']);
    expect(marked('Check the RADIATOR fins.', ['radiator fins'])).toEqual(['RADIATOR fins']);
  });

  it('treats regex-special characters as plain text', () => {
    const page = 'Fault E-03 (oil pressure < 0.5 bar) [see 3-12]: check filter*; cost $5^2 \\ ok? |a|';
    for (const s of ['(oil pressure < 0.5 bar)', '[see 3-12]', 'filter*;', '$5^2 \\ ok?', '|a|']) {
      expect(marked(page, [s])).toEqual([s]);
    }
    // a would-be regex that matches everything finds nothing
    expect(marked(page, ['.*'])).toEqual([]);
  });

  it('merges overlapping and repeated occurrences', () => {
    expect(findRanges('aaaa', ['aa'])).toEqual([{ start: 0, end: 4 }]);
    expect(marked('液压油温过高，液压油位过低', ['液压油温', '油温过高', '油位'])).toEqual(['液压油温过高', '油位']);
    expect(marked('更换滤芯。更换滤芯。', ['更换滤芯'])).toEqual(['更换滤芯', '更换滤芯']);
  });

  it('keeps every character of the page: parts join back to the text', () => {
    const page = ' 𠀀发动机 \n 过热(E7) ';
    const parts = highlightParts(page, ['过热(E7)', '𠀀发']);
    expect(parts.map((p) => p.text).join('')).toBe(page);
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(['𠀀发', '过热(E7)']);
  });

  it('marks nothing for a missing or empty snippet', () => {
    expect(highlightParts('发动机', ['变速箱', '', '   '])).toEqual([{ text: '发动机', mark: false }]);
    expect(highlightParts('', ['x'])).toEqual([{ text: '', mark: false }]);
  });
});
