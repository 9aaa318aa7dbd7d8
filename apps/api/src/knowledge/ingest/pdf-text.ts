import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { IngestFailure } from '../knowledge.errors.js';
import { isWide } from '../../platform/text/script.js';

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

/**
 * A gap inside a line wider than this many font sizes separates table cells (" | "). Word spaces,
 * even justified ones, stay well under it; cells of a table in a narrow column can sit only
 * 1.2–2 sizes apart.
 */
const CELL_GAP = 1.2;
const LONE_MARK = /^(?:[•·▪‣◦●■□\-–]|\d{1,2}[.)、．]|[(（]\d{1,2}[)）]|[①-⑳])$/;

/**
 * The page's text as lines, top to bottom: items are grouped by baseline, ordered left to right;
 * a gap wider than CELL_GAP font sizes inside a line becomes " | " (table cells stay apart), a
 * narrower one a space (none between CJK characters).
 */
export async function pageLinesOf(doc: PdfDoc, pageNumber: number): Promise<PageLine[]> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter(
      (i): i is TextItem => 'str' in i && typeof i.str === 'string' && i.str.trim() !== '',
    );
    const rows: Row[] = [];
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
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view ?? [];
    const height = y1 - y0 > 0 ? y1 - y0 : undefined;
    return inReadingOrder(rows, gutterOf(items, x1 - x0))
      .map((r) => {
        const sorted = r.items.sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0));
        let text = '';
        let end = -Infinity;
        const left = sorted[0]?.transform[4] ?? 0;
        const cells: { x: number; text: string }[] = [];
        for (const it of sorted) {
          const x = it.transform[4] ?? 0;
          // a list mark set apart from its text ("•   Check …") is not a cell of its own
          const gap = cells.length === 1 && LONE_MARK.test(text) ? Math.min(x - end, r.size) : x - end;
          if (!text || gap > r.size * CELL_GAP) cells.push({ x: Math.round(x * 10) / 10, text: '' });
          const cell = cells[cells.length - 1]!;
          if (cell.text && gap > r.size * 0.15 && !(isWide(cell.text.slice(-1)) && isWide(it.str[0] ?? '')))
            cell.text += ' ';
          cell.text += it.str;
          if (text) {
            if (gap > r.size * CELL_GAP) text += ' | ';
            else if (gap > r.size * 0.15 && !(isWide(text.slice(-1)) && isWide(it.str[0] ?? ''))) text += ' ';
            else if (!isWide(text.slice(-1)) && !isWide(it.str[0] ?? '') && !/\s$/.test(text) && gap > 0.5) text += ' ';
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

type Row = { y: number; size: number; items: TextItem[] };
const leftOf = (it: TextItem) => it.transform[4] ?? 0;
const rightOf = (it: TextItem) => leftOf(it) + it.width;

/**
 * The gutter of a page set in two columns, or null: an x in the middle of the page that (almost)
 * no run crosses while both sides carry lines of prose (runs at least 60 % of a column wide). A
 * single-column page has prose crossing the middle; a table alone has no prose-wide cells.
 */
export function gutterOf(items: TextItem[], pageWidth: number): number | null {
  if (items.length < 12 || pageWidth <= 0) return null;
  const minX = Math.min(...items.map(leftOf));
  let best: { g: number; free: number } | null = null;
  let run: number | null = null;
  for (let g = pageWidth * 0.3; g <= pageWidth * 0.7; g += 2) {
    const crossing = items.filter((it) => leftOf(it) < g - 1 && rightOf(it) > g + 1).length;
    if (crossing <= Math.max(2, items.length * 0.03)) {
      run ??= g;
      const free = g - run;
      if (!best || free >= best.free) best = { g: (run + g) / 2, free };
    } else run = null;
  }
  if (!best) return null;
  const g = best.g;
  // a column of prose wraps at its width: most of its longer lines end near its right edge; the
  // cells of a table column end wherever their text does
  const prose = (side: TextItem[], from: number) => {
    const long = side.filter((it) => it.str.trim().length >= 20);
    const edge = Math.max(...side.map(rightOf));
    const full = long.filter((it) => rightOf(it) >= edge - (edge - from) * 0.2).length;
    return full >= 5 && full >= long.length * 0.35;
  };
  const lefts = items.filter((it) => rightOf(it) <= g);
  const rights = items.filter((it) => leftOf(it) >= g);
  if (!lefts.length || !rights.length) return null;
  // the columns of a page are about as wide as each other (a table's last column rarely is)
  const [wl, wr] = [g - minX, Math.max(...rights.map(rightOf)) - g];
  if (Math.abs(wl - wr) > (wl + wr) * 0.15) return null;
  return prose(lefts, minX) && prose(rights, g) ? g : null;
}

/**
 * Rows in reading order. One column: top to bottom. Two columns (a gutter): a row whose runs lie
 * on both sides is cut in two; the left column is read to its end, then the right one. A row
 * spanning the gutter (a chapter title, a wide table) closes the columns above it; the page's
 * first and last row stay whole when set apart from the body (a running header or footer).
 */
function inReadingOrder(rows: Row[], gutter: number | null): Row[] {
  if (gutter === null || rows.length < 3) return rows;
  const gaps = rows.slice(1).map((r, i) => rows[i]!.y - r.y);
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const apart = (i: number) => (gaps[i] ?? 0) > usual * 1.8;
  const out: Row[] = [];
  let l: Row[] = [];
  let r: Row[] = [];
  const flush = () => {
    out.push(...l, ...r);
    l = [];
    r = [];
  };
  rows.forEach((row, i) => {
    const margin = (i === 0 && apart(0)) || (i === rows.length - 1 && apart(i - 1));
    const spans = row.items.some((it) => leftOf(it) < gutter - 1 && rightOf(it) > gutter + 1);
    if (margin || spans) {
      flush();
      out.push(row);
      return;
    }
    const a = row.items.filter((it) => leftOf(it) < gutter);
    const b = row.items.filter((it) => leftOf(it) >= gutter);
    if (a.length) l.push({ ...row, items: a });
    if (b.length) r.push({ ...row, items: b });
  });
  flush();
  return out;
}

/** A page has a usable text layer when it carries a few real characters. */
export function hasTextLayer(lines: PageLine[]): boolean {
  return lines.reduce((n, l) => n + l.text.replace(/[\s|]/g, '').length, 0) >= 8;
}
