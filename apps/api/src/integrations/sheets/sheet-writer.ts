import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TExportFormat } from '@amms/contracts/integrations';
import { csvLine, neutralizeFormula, UTF8_BOM, type Cell } from './csv.js';

/** A tabular output written row by row into a stream (the HTTP response body). */
export interface SheetWriter {
  readonly stream: PassThrough;
  addRow(cells: readonly Cell[]): Promise<void>;
  /** flushes the last bytes and ends the stream */
  end(): Promise<void>;
}

/** The client went away: the export stops reading pages. */
export class ExportAborted extends Error {
  constructor() {
    super('export aborted: the client closed the connection');
  }
}

/** Waits until the reader took the buffered bytes; a closed stream (client gone) stops the export. */
function drained(stream: PassThrough): Promise<void> {
  if (stream.destroyed) return Promise.reject(new ExportAborted());
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', closed);
      resolve();
    };
    const closed = () => {
      stream.off('drain', done);
      reject(new ExportAborted());
    };
    stream.once('drain', done);
    stream.once('close', closed);
  });
}

export const CONTENT_TYPES: Readonly<Record<TExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function sheetWriter(format: TExportFormat, sheetName: string): SheetWriter {
  return format === 'csv' ? new CsvWriter() : new XlsxWriter(sheetName);
}

class CsvWriter implements SheetWriter {
  readonly stream = new PassThrough();
  private started = false;

  async addRow(cells: readonly Cell[]): Promise<void> {
    const chunk = (this.started ? '' : UTF8_BOM) + csvLine(cells);
    this.started = true;
    // backpressure: a slow client holds the export, not the server's memory
    if (this.stream.destroyed) throw new ExportAborted();
    if (!this.stream.write(chunk, 'utf8')) await drained(this.stream);
  }

  async end(): Promise<void> {
    if (!this.started) this.stream.write(UTF8_BOM, 'utf8');
    this.stream.end();
  }
}

/**
 * exceljs' streaming writer: rows are committed (serialized into the zip stream) as they come,
 * without shared strings or styles, so memory does not grow with the row count.
 */
class XlsxWriter implements SheetWriter {
  readonly stream = new PassThrough();
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(sheetName: string) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.stream,
      useSharedStrings: false,
      useStyles: false,
    });
    this.sheet = this.book.addWorksheet(sheetName.slice(0, 31));
  }

  async addRow(cells: readonly Cell[]): Promise<void> {
    // text cells are never formulas in exceljs, but the file may be saved as CSV later: same rule as the CSV output
    this.sheet.addRow(cells.map((c) => (typeof c === 'string' ? neutralizeFormula(c) : (c ?? null)))).commit();
    if (this.stream.destroyed) throw new ExportAborted();
    if (this.stream.writableNeedDrain) await drained(this.stream);
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await this.book.commit();
  }
}
