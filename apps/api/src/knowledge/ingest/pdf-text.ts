import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IngestFailure } from '../knowledge.errors.js';

/** One visual line of a page: its text (cells of a table row joined by " | ") and font size. */
export interface PageLine {
  text: string;
  size: number;
  /** where the line sits, when the text layer says so (OCR lines have none): left and right edge and
   * baseline in PDF points, the baseline measured from the top of the page, and the page's height */
  x?: number;
  right?: number;
  top?: number;
  pageHeight?: number;
  /** the line's runs split at wide gaps (table cells), each with its left edge */
  cells?: { x: number; text: string }[];
  /** every text run of the line with its left edge (cells are re-split by a table's columns) */
  runs?: { x: number; text: string }[];
}

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

interface PdfPage {
  view?: number[];
  getTextContent(): Promise<{ items: (TextItem | { type: string })[] }>;
  cleanup(): void;
}
export interface PdfDoc {
  numPages: number;
  getPage(n: number): Promise<PdfPage>;
  getPageLabels(): Promise<string[] | null>;
  destroy(): Promise<void>;
}

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
type PdfJs = { getDocument(src: Record<string, unknown>): { promise: Promise<PdfDoc>; destroy(): Promise<void> } };
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () =>
  (pdfjs ??= import(pathToFileURL(path.join(PDFJS_DIR, 'legacy/build/pdf.mjs')).href) as Promise<PdfJs>);

/** Opens a PDF (pdfjs legacy build: Node, no canvas). Encrypted / broken files → IngestFailure. */
export async function openPdf(data: Uint8Array): Promise<PdfDoc> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data,
    cMapUrl: path.join(PDFJS_DIR, 'cmaps') + path.sep,
    cMapPacked: true,
    standardFontDataUrl: path.join(PDFJS_DIR, 'standard_fonts') + path.sep,
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    // a password prompt must never hang the worker
    password: '',
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    const name = (err as { name?: string }).name ?? '';
    if (name === 'PasswordException')
      throw new IngestFailure(
        'ENCRYPTED',
        'The PDF is password-protected (encrypted): remove the password and upload it again',
      );
    const message = err instanceof Error ? err.message : String(err);
    throw new IngestFailure('BROKEN_PDF', `The PDF cannot be read (${message.slice(0, 200)})`);
  }
}

/** The printed labels (iv, 3-12, …) of every page, or the physical numbers when the PDF has none. */
export async function pageLabels(doc: PdfDoc): Promise<string[]> {
  let labels: string[] | null = null;
  try {
    labels = await doc.getPageLabels();
  } catch {
    labels = null;
  }
  return Array.from({ length: doc.numPages }, (_, i) => (labels?.[i]?.trim() ? labels[i]!.trim() : String(i + 1)));
}

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/**
 * The page's text as lines, top to bottom: items are grouped by baseline, ordered left to right;
 * a gap wider than two characters inside a line becomes " | " (table cells stay apart), a
 * narrower one a space (none between CJK characters).
 */
export async function pageLinesOf(doc: PdfDoc, pageNumber: number): Promise<PageLine[]> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter(
      (i): i is TextItem => 'str' in i && typeof i.str === 'string' && i.str.trim() !== '',
    );
    const rows: { y: number; size: number; items: TextItem[] }[] = [];
    for (const it of items) {
      const y = it.transform[5] ?? 0;
      const size = Math.abs(it.transform[3] ?? it.height) || it.height || 10;
      const row = rows.find((r) => Math.abs(r.y - y) <= Math.max(2, Math.min(r.size, size) * 0.4));
      if (row) {
        row.items.push(it);
        row.size = Math.max(row.size, size);
      } else rows.push({ y, size, items: [it] });
    }
    rows.sort((a, b) => b.y - a.y);
    const [, y0 = 0, , y1 = 0] = page.view ?? [];
    const height = y1 - y0 > 0 ? y1 - y0 : undefined;
    return rows
      .map((r) => {
        const sorted = r.items.sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
        let text = '';
        let end = -Infinity;
        const left = sorted[0]?.transform[4] ?? 0;
        const cells: { x: number; text: string }[] = [];
        for (const it of sorted) {
          const x = it.transform[4] ?? 0;
          const gap = x - end;
          if (!text || gap > r.size * 2) cells.push({ x: Math.round(x * 10) / 10, text: '' });
          const cell = cells[cells.length - 1]!;
          if (cell.text && gap > r.size * 0.15 && !(CJK.test(cell.text.slice(-1)) && CJK.test(it.str[0] ?? '')))
            cell.text += ' ';
          cell.text += it.str;
          if (text) {
            if (gap > r.size * 2) text += ' | ';
            else if (gap > r.size * 0.15 && !(CJK.test(text.slice(-1)) && CJK.test(it.str[0] ?? ''))) text += ' ';
            else if (!CJK.test(text.slice(-1)) && !CJK.test(it.str[0] ?? '') && !/\s$/.test(text) && gap > 0.5)
              text += ' ';
          }
          text += it.str;
          end = x + it.width;
        }
        const round = (n: number) => Math.round(n * 10) / 10;
        return {
          text: text.replace(/\s+/g, ' ').trim(),
          size: round(r.size),
          x: round(left),
          right: round(end),
          cells: cells.map((c) => ({ x: c.x, text: c.text.replace(/\s+/g, ' ').trim() })),
          runs: sorted.map((it) => ({ x: round(it.transform[4] ?? 0), text: it.str.replace(/\s+/g, ' ').trim() })),
          ...(height ? { top: round(y1 - r.y), pageHeight: round(height) } : {}),
        };
      })
      .filter((l) => l.text !== '');
  } finally {
    page.cleanup();
  }
}

/** A page has a usable text layer when it carries a few real characters. */
export function hasTextLayer(lines: PageLine[]): boolean {
  return lines.reduce((n, l) => n + l.text.replace(/[\s|]/g, '').length, 0) >= 8;
}
