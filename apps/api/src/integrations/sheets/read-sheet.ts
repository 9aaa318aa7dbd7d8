import ExcelJS from 'exceljs';
import type { TExportFormat } from '@amms/contracts/integrations';
import { AppError } from '../../platform/errors/app-error.js';
import { CsvSyntaxError, parseCsv, restoreFormulaText } from './csv.js';

export interface ReadSheet {
  format: TExportFormat;
  /** every row as text cells; row 0 is the header */
  rows: string[][];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads an uploaded table, its type decided by the content, not the name: a zip (`PK\3\4`) is
 * read as XLSX (its first worksheet), text as CSV (UTF-8, with or without BOM; text that is not
 * valid UTF-8 is read as GB18030, the encoding Excel in Chinese saves "CSV" in). Anything else
 * (NUL bytes, a zip that is no workbook) → 415 UNSUPPORTED_MEDIA_TYPE.
 */
export async function readSheet(bytes: Buffer): Promise<ReadSheet> {
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(ZIP_MAGIC))
    return { format: 'xlsx', rows: await readXlsx(bytes) };
  if (bytes.includes(0)) throw unsupported();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('gb18030').decode(bytes);
  }
  try {
    return { format: 'csv', rows: parseCsv(text).map((r) => r.map(restoreFormulaText)) };
  } catch (err) {
    if (err instanceof CsvSyntaxError)
      throw new AppError('IMPORT_FILE_INVALID', `The CSV is malformed: ${err.message}`, { line: err.line });
    throw err;
  }
}

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a CSV (UTF-8) or XLSX file');

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unsupported();
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(restoreFormulaText(cellText(row.getCell(c).value)));
    rows[rowNumber - 1] = cells;
  });
  const dense = Array.from(rows, (r) => r ?? []);
  while (dense.length > 0 && dense[dense.length - 1]!.every((c) => c.trim() === '')) dense.pop();
  return dense;
}

/**
 * A cell as text: formulas by their cached result, rich text joined. Spreadsheet dates carry no
 * time zone (exceljs hands the wall-clock time as UTC): a date is written YYYY-MM-DD, a date with
 * a time `YYYY-MM-DD HH:mm`, which the import reads in the org's time zone.
 */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  }
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText((v.result ?? null) as ExcelJS.CellValue);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}
