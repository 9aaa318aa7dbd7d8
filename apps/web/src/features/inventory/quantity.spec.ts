import { describe, expect, it } from 'vitest';
import { parseQuantity } from './quantity';

describe('parseQuantity', () => {
  const pieces = { wholeOnly: true };
  const litres = { wholeOnly: false };
  it('reads what people type', () => {
    expect(parseQuantity(' 2 ', pieces)).toEqual({ ok: true, value: 2 });
    expect(parseQuantity('1.5', litres)).toEqual({ ok: true, value: 1.5 });
    expect(parseQuantity('0,25', litres)).toEqual({ ok: true, value: 0.25 });
    expect(parseQuantity('.5', litres)).toEqual({ ok: true, value: 0.5 });
    expect(parseQuantity('2.000', pieces)).toEqual({ ok: true, value: 2 });
  });
  it('refuses what the API would refuse, with the reason', () => {
    expect(parseQuantity('', pieces)).toEqual({ ok: false, problem: 'required' });
    expect(parseQuantity('abc', pieces)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseQuantity('-1', pieces)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseQuantity('1e3', pieces)).toEqual({ ok: false, problem: 'invalid' });
    expect(parseQuantity('0', pieces)).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseQuantity('1.5', pieces)).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseQuantity('1.2345', litres)).toEqual({ ok: false, problem: 'tooManyDecimals' });
    expect(parseQuantity('1000000000', litres)).toEqual({ ok: false, problem: 'tooLarge' });
  });
  it('a count may find none', () => {
    expect(parseQuantity('0', { wholeOnly: true, allowZero: true })).toEqual({ ok: true, value: 0 });
  });
});
