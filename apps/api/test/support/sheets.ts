import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { ZImportPreview, type TImportPreview } from '@amms/contracts/integrations';
import type { Harness, Res } from '../harness.js';
import { expectStatus, orgPath } from '../assertions.js';

/** Files for the import routes and what the export routes answer (shared by the import / export specs). */

export const csv = (rows: string[][]) =>
  '\uFEFF' +
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n') +
  '\r\n';

export async function xlsx(rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function parseXlsx(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The spreadsheet side of one app: multipart uploads, previews, raw downloads. */
export function sheetsApi(app: () => Pick<Harness, 'base'>) {
  /** POST a multipart upload with fetch (the `file` part). */
  async function upload(
    token: string,
    org: string,
    rest: string,
    content: string | Buffer,
    fileName: string,
    headers: Record<string, string> = {},
  ): Promise<Res> {
    const form = new FormData();
    form.append('file', new Blob([typeof content === 'string' ? Buffer.from(content, 'utf8') : content]), fileName);
    const res = await fetch(`${app().base}${orgPath(org, rest)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  async function preview(
    token: string,
    org: string,
    kind: string,
    content: string | Buffer,
    fileName = 'data.csv',
    headers: Record<string, string> = {},
  ): Promise<TImportPreview> {
    const r = await upload(token, org, `/imports/${kind}/previews`, content, fileName, headers);
    expectStatus(r, 201);
    return ZImportPreview.parse(r.body);
  }

  /** The raw download (bytes + headers). */
  async function download(token: string, org: string, rest: string) {
    const res = await fetch(`${app().base}${orgPath(org, rest)}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.status, bytes.toString('utf8').slice(0, 500)).toBe(200);
    return { status: res.status, headers: res.headers, bytes };
  }

  return { upload, preview, download };
}

/** row number → `column:CODE` of each failing row */
export const rowErrors = (p: TImportPreview) =>
  Object.fromEntries(
    p.rows.filter((r) => r.errors.length).map((r) => [r.row, r.errors.map((e) => `${e.column ?? '-'}:${e.code}`)]),
  );
