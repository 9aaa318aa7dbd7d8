/**
 * CSV both ways (RFC 4180: comma, CRLF, fields with `,` `"` CR LF quoted, `"` doubled).
 * Output starts with a UTF-8 BOM so Excel opens Chinese text correctly; input may carry one.
 */

export const UTF8_BOM = '\uFEFF';

/**
 * Spreadsheet formula injection: a text cell starting with = + - @ (or a tab / CR, which some
 * programs strip before looking) would be run as a formula by Excel / LibreOffice. Such cells
 * get a leading apostrophe, which the spreadsheet shows as text. Numbers are written as numbers
 * and never prefixed (a negative amount stays -12.5).
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The inverse on import: a cell that `neutralizeFormula` wrote (an apostrophe before = + - @ tab CR)
 * is read as the text it protected, so an exported file imports back to the same names. An
 * apostrophe before anything else is the user's own text and stays.
 */
export function restoreFormulaText(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Parses a whole CSV text into rows of strings. Accepts CRLF or LF, a leading BOM, quoted fields
 * with doubled quotes and line breaks. A quote left open at the end of the text is an error
 * (thrown as `CsvSyntaxError` with the line it started on). Trailing empty lines are dropped.
 */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`unterminated quoted field starting on line ${line}`);
  }
}

export function parseCsv(input: string): string[][] {
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let line = 1;
  let quotedFrom = 0;
  let inQuotes = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      inQuotes = true;
      quotedFrom = line;
      i++;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    } else {
      field += ch;
      i++;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(quotedFrom);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  while (rows.length > 0 && rows[rows.length - 1]!.every((c) => c.trim() === '')) rows.pop();
  return rows;
}
