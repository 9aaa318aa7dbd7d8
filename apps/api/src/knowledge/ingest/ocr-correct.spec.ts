import { describe, expect, it } from 'vitest';
import { correctOcrLine } from './ocr-correct.js';

describe('OCR post-correction: degree signs', () => {
  it('a number followed by a quote, degree or asterisk mark in Chinese text is a temperature in ℃', () => {
    expect(correctOcrLine('在环境温度低于 10 ”时作业，电池放电能力下降')).toBe(
      '在环境温度低于 10 ℃时作业，电池放电能力下降',
    );
    expect(correctOcrLine('电池温度低于5 “时 App 将禁止起飞。')).toBe('电池温度低于5 ℃时 App 将禁止起飞。');
    expect(correctOcrLine('存放在 -10 °C 至 40 *C 的干燥处')).toBe('存放在 -10 ℃ 至 40 ℃ 的干燥处');
    expect(correctOcrLine('节温器 82C 开始打开')).toBe('节温器 82℃ 开始打开');
  });

  it('°C misread in English text', () => {
    expect(correctOcrLine('Below -10 *C use 5W-30 oil.')).toBe('Below -10 °C use 5W-30 oil.');
    expect(correctOcrLine('opens at 82 ”C.')).toBe('opens at 82 °C.');
  });

  it('leaves quoted numbers, codes, decimals, inch marks and a correct ℃ alone', () => {
    for (const line of [
      '按下“2”键确认。',
      '代码 E10” 表示',
      'Use a 3/4" hose and a 1.5" fitting.',
      '温度达到 90 ℃ 时报警',
      'Turn the knob to "C" for continuous.',
      '喷头 110-03 的压力 3 bar',
      'a 6" wide belt',
    ])
      expect(correctOcrLine(line)).toBe(line);
  });
});
