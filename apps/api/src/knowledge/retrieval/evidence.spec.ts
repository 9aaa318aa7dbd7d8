import { describe, expect, it } from 'vitest';
import { contains, coverage, rowContext, saidApart, sentencesOf, supportingSentences, weighWords } from './evidence.js';

describe('table rows are read with their column names', () => {
  const table = ['Table 3-2 Capacities', 'Item | Capacity', 'Fuel tank | 400 L', 'DEF tank | 47 L'];
  it('rowContext gives the caption and header with the row', () => {
    expect(rowContext('DEF tank | 47 L', table)).toBe('Table 3-2 Capacities\nItem | Capacity\nDEF tank | 47 L');
    expect(rowContext('not there', table)).toBe('not there');
  });
  it('a row whose header holds the asked words is the best support', () => {
    const words = weighWords(['capacity', 'def'], new Map(), 10);
    const text = ['The DEF lamp comes on below 10 %.', ...table].join('\n');
    const [best] = supportingSentences(words, text, null, [{ page: 3, text }]);
    expect(best!.sentence).toBe('DEF tank | 47 L');
  });
});

describe('the row of the thing asked for', () => {
  it('a row printing the start of a question compound no line prints (柑橘园: 柑橘果树) wins a tie', () => {
    const words = weighWords(['柑橘园', '喷药', '飞行速度'], new Map(), 10);
    const text = [
      '作物 | 亩用量 L | 飞行速度 m/s',
      '水稻 | 1.0 ~ 1.5 | 6',
      '小麦 | 1.0 | 7',
      '柑橘果树 | 5 ~ 8 | 2 ~ 3',
    ].join('\n');
    const [best] = supportingSentences(words, text, '3.1 喷洒参数推荐', [{ page: 7, text }]);
    expect(best!.sentence).toBe('柑橘果树 | 5 ~ 8 | 2 ~ 3');
  });
});

describe('sentence selection', () => {
  it('splits prose at sentence ends only: a clause after ";" keeps its warning word', () => {
    const text =
      'Never start the engine with ether; the heater can ignite it. Check the level daily.\n1. Open the cap.';
    expect(sentencesOf(text)).toEqual([
      'Never start the engine with ether; the heater can ignite it.',
      'Check the level daily.',
      '1. Open the cap.',
    ]);
    expect(sentencesOf('发动机过热时，不得立即停机。应怠速运转。')).toEqual([
      '发动机过热时，不得立即停机。',
      '应怠速运转。',
    ]);
  });

  it('rare words weigh more: the sentence holding the rarer word is the best support', () => {
    const df = new Map([
      ['tractor', 90],
      ['wheelbase', 2],
    ]);
    const words = weighWords(['tractor', 'wheelbase'], df, 100);
    expect(words.weight.get('wheelbase')!).toBeGreaterThan(words.weight.get('tractor')! * 5);
    const text = 'The tractor must be parked on level ground.\nWheelbase: 2900 mm.';
    const [best] = supportingSentences(words, text, null, [{ page: 4, text }]);
    expect(best!.sentence).toBe('Wheelbase: 2900 mm.');
    expect(best!.page).toBe(4);
    expect(coverage(words, 'Wheelbase: 2900 mm.')).toBeGreaterThan(0.8);
  });

  it('a Chinese word is matched inside the text (segmentation may differ), a Latin word only whole', () => {
    const words = weighWords(['水温', 'oil'], new Map(), 10);
    expect(coverage(words, '发动机水温过高')).toBeCloseTo(0.5);
    expect(coverage(words, 'boiling point')).toBe(0);
  });
});

describe('a Chinese term printed as its two halves close together', () => {
  it('a header naming two things at once ("轮胎规格 / 气压") says 轮胎气压; a word between says the term too', () => {
    expect(saidApart('轮胎规格 / 气压 | 7.50-16 / 180 kPa', '轮胎气压')).toBe(true);
    expect(contains('发动机机油', '发动机的机油每 250 h 更换。', new Set())).toBe(true);
    const words = weighWords(['轮胎气压'], new Map(), 10);
    expect(coverage(words, '项目 | 参数\n轮胎规格 / 气压 | 7.50-16 / 180 kPa')).toBe(1);
  });

  it('not across a sentence end or a line, not far apart, not by one character, not a short term', () => {
    expect(saidApart('检查轮胎。气压表读数应稳定。', '轮胎气压')).toBe(false);
    expect(saidApart('轮胎\n气压', '轮胎气压')).toBe(false);
    expect(saidApart('轮胎螺栓按对角顺序拧紧到规定力矩后检查气压', '轮胎气压')).toBe(false);
    expect(saidApart('水温表指针偏高', '水温过高')).toBe(false);
    expect(saidApart('车 速', '车速')).toBe(false);
  });
});
