import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, CsvSyntaxError, neutralizeFormula, parseCsv, restoreFormulaText, UTF8_BOM } from './csv.js';

describe('csv', () => {
  it('quotes commas, quotes and line breaks; doubles quotes', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3.5])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3.5\r\n',
    );
  });

  it('prefixes text cells that a spreadsheet would run as a formula, never numbers', () => {
    for (const t of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutralizeFormula(t)).toBe(`'${t}`);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('拖拉机 1')).toBe('拖拉机 1');
  });

  it('reads a protected cell back as the text it protected; any other apostrophe is the user’s', () => {
    for (const t of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(restoreFormulaText(neutralizeFormula(t))).toBe(t);
    expect(restoreFormulaText("'quoted")).toBe("'quoted");
    expect(restoreFormulaText('plain')).toBe('plain');
  });

  it('parses what it writes (BOM, CRLF, quotes, embedded line breaks, Chinese)', () => {
    const text = UTF8_BOM + csvLine(['名称', 'note']) + csvLine(['东风 "A"', 'x,y\r\nz']) + '\r\n\r\n';
    expect(parseCsv(text)).toEqual([
      ['名称', 'note'],
      ['东风 "A"', 'x,y\r\nz'],
    ]);
  });

  it('accepts LF and a last line without a newline; keeps empty cells', () => {
    expect(parseCsv('a,b\n1,\n,2')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ]);
  });

  it('an unterminated quote is an error naming its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\n"x');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(2);
    }
  });
});
