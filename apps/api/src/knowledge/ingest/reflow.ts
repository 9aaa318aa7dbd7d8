import type { PageLine } from './pdf-text.js';
import { isWide } from '../../platform/text/script.js';

/**
 * Reflow: a PDF's visual lines become the document's own units: a paragraph's lines are joined
 * until a sentence ends (CJK without a space, a hyphenated Latin word without its hyphen), a list
 * item keeps its wrapped lines, a table row keeps the wrapped lines of each cell in that cell.
 * Headings stay units of their own. A unit that runs over a page break is joined and keeps both
 * pages. Units are what chunks are packed from and what answers quote, so nothing is cut mid-sentence.
 */
export type UnitKind = 'heading' | 'para' | 'item' | 'row';

export interface Unit {
  kind: UnitKind;
  text: string;
  size: number;
  page: number;
  pageEnd: number;
}

interface Open extends Unit {
  /** geometry of the last line taken, for continuation checks */
  lastTop?: number;
  x?: number;
  bodyX?: number;
  columns?: number[];
  cells?: string[];
  /** the text taken on the first page, when the unit runs over a page break */
  ended: boolean;
}

export const LIST_MARK =
  /^(?:\d{1,2}[.)、．](?!\d)\s*|[(（]\d{1,2}[)）]\s*|[①-⑳]\s*|[•·▪‣◦●■□]\s*|[-–]\s+|step\s+\d+\b[.:]?\s*|第[一二三四五六七八九十\d]+步[：:，,]?\s*)/i;
const TERMINAL = /[。！？!?.]["'”’）)]?$/;

export const isTableLine = (l: PageLine) => (l.cells?.length ?? (l.text.includes(' | ') ? 2 : 1)) >= 2;

/** A safety signal word alone on its line: the label of a warning box, whose text follows. */
const SIGNAL_WORD = /^(危险|警告|注意|小心|danger|warning|caution|notice|important|note)[!！]?$/i;
/** A line a warning box's text opens with its label: "注意：…", "WARNING: …". */
const SIGNAL_LEAD = /^(危险|警告|注意|小心|danger|warning|caution|notice|important|note)\s*[:：!！]/i;

/**
 * Joins two pieces of text: no space between CJK, a line-end hyphen inside a Latin word dropped;
 * a warning box's label and its text with a colon ("危险：捡拾器堵塞时，严禁…", not "危险捡拾器…").
 */
export function joinText(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  if (SIGNAL_WORD.test(a.trim())) return isWide(b[0]!) ? `${a.trim()}：${b}` : `${a.trim()}: ${b}`;
  if (/[A-Za-z]-$/.test(a) && /^[a-z]/.test(b)) return a.slice(0, -1) + b;
  if (isWide(a.slice(-1)) || isWide(b[0]!)) return a + b;
  return `${a} ${b}`;
}

/**
 * The units of a run of pages. `headingLevel` decides which lines are headings (they never join).
 * Only lines of the body are given: running headers, footers, covers and contents are gone.
 */
export function reflow(pages: { page: number; lines: PageLine[] }[], isHeading: (l: PageLine) => boolean): Unit[] {
  const out: Open[] = [];
  // the columns of the table being read (from its first row, the header), null outside tables
  let columns: number[] | null = null;
  for (const p of pages) {
    let prevOnPage: Open | null = null;
    p.lines.forEach((l, i) => {
      const last = out[out.length - 1];
      const table = isTableLine(l) || (columns !== null && spansColumns(l, columns));
      // a sentence left open carries on in a line starting in lower case (the next column's first
      // line, a wrapped line read at another size), which is never a heading
      const carried = !table && last !== undefined && carriesOn(last, l);
      const heading = !table && !carried && isHeading(l) && !opensParagraph(l, p.lines[i + 1]);
      if (last && !heading && (carried || continues(last, l, table, prevOnPage !== null))) {
        append(last, l, p.page, table);
        prevOnPage = last;
        return;
      }
      if (table && (last?.kind !== 'row' || !columns || !aligned(l, columns)))
        columns = l.cells && l.cells.length >= 2 ? l.cells.map((c) => c.x) : null;
      if (!table) columns = null;
      const cells = table && columns ? splitByColumns(l, columns) : undefined;
      const unit: Open = {
        kind: heading ? 'heading' : table ? 'row' : LIST_MARK.test(l.text) ? 'item' : 'para',
        text: cells ? cells.join(' | ') : l.text,
        size: l.size,
        page: p.page,
        pageEnd: p.page,
        lastTop: l.top,
        x: l.x,
        bodyX: undefined,
        columns: table && columns ? columns : undefined,
        cells,
        ended: false,
      };
      out.push(unit);
      prevOnPage = unit;
    });
  }
  return out.map(({ kind, text, size, page, pageEnd }) => ({ kind, text, size, page, pageEnd }));
}

const runsOf = (l: PageLine) => l.runs ?? l.cells ?? [{ x: l.x ?? 0, text: l.text }];
/** Every run of the line starts at or right of the table's first column. */
const aligned = (l: PageLine, columns: number[]) => runsOf(l).every((r) => r.x >= columns[0]! - 3);
/** The column a run falls in: the last column starting at or before it. */
const columnOf = (x: number, columns: number[]) => {
  let i = 0;
  columns.forEach((c, k) => {
    if (c <= x + 3) i = k;
  });
  return i;
};
const spansColumns = (l: PageLine, columns: number[]) =>
  l.runs !== undefined && new Set(l.runs.map((r) => columnOf(r.x, columns))).size >= 2;

function splitByColumns(l: PageLine, columns: number[]): string[] {
  const cells = columns.map(() => '');
  for (const r of runsOf(l)) {
    const i = columnOf(r.x, columns);
    cells[i] = joinText(cells[i]!, r.text);
  }
  return cells;
}

/**
 * A paragraph or item left open (no sentence end), and a line that starts in lower case: the
 * sentence goes on, wherever the line sits and whatever size pdfjs reports for it (a wrapped step
 * line was read at 12.5 pt among 10 pt lines and became a heading of its own).
 */
const carriesOn = (u: Open, l: PageLine) =>
  (u.kind === 'para' || u.kind === 'item') && !TERMINAL.test(u.text) && /^[a-z]/.test(l.text);

/**
 * A line whose sentence the next line carries on (no sentence end, the next line starts in lower
 * case right below it, in the same column) opens a paragraph, whatever its size: on a two-column
 * page pdfjs gave a paragraph's first line the size of the heading above it ("Raise the drill fully
 * before you turn. The lift sensor" / "stops the metering drive…"). A heading is never continued so.
 */
function opensParagraph(l: PageLine, next: PageLine | undefined): boolean {
  if (!next || TERMINAL.test(l.text) || isTableLine(next) || !/^[a-z]/.test(next.text)) return false;
  if (l.top === undefined || next.top === undefined) return false;
  const gap = next.top - l.top;
  const size = Math.max(l.size, next.size) || 10;
  return gap > 0 && gap <= size * 1.8 && (l.x === undefined || next.x === undefined || Math.abs(l.x - next.x) <= 4);
}

function continues(u: Open, l: PageLine, table: boolean, samePage: boolean): boolean {
  if (u.kind === 'heading') return false;
  const gap = samePage && u.lastTop !== undefined && l.top !== undefined ? l.top - u.lastTop : undefined;
  const size = Math.max(u.size, l.size) || 10;
  if (u.kind === 'row') {
    // a wrapped cell: its pieces sit under the row's columns, closer than rows are to each other,
    // or with nothing under the first column. A warning box under the table (its signal word, or a
    // line it opens) or a blank line's worth of space ends the table: the box is no cell of the last row
    if (!u.columns || gap === undefined || !aligned(l, u.columns)) return false;
    if (SIGNAL_WORD.test(l.text.trim()) || SIGNAL_LEAD.test(l.text) || gap > size * 2.5) return false;
    const firstEmpty = runsOf(l)[0]!.x > u.columns[0]! + 3;
    return firstEmpty || gap <= size * 1.45;
  }
  if (table || LIST_MARK.test(l.text)) return false;
  if (Math.abs(u.size - l.size) > 1) return false;
  // a blank line's worth of space ends a paragraph
  if (gap !== undefined && (gap > size * 1.8 || gap < 0)) return false;
  // a list item's wrapped lines are indented under its text (after its mark)
  if (u.kind === 'item' && u.x !== undefined && l.x !== undefined && l.x > u.x + 4)
    return u.bodyX === undefined || Math.abs(l.x - u.bodyX) <= 4;
  if (u.kind === 'item' && u.x !== undefined && l.x !== undefined && l.x <= u.x + 4 && TERMINAL.test(u.text))
    return false;
  return !TERMINAL.test(u.text);
}

function append(u: Open, l: PageLine, page: number, table: boolean) {
  if (u.kind === 'row' && u.cells && u.columns) {
    splitByColumns(l, u.columns).forEach((t, i) => {
      if (t) u.cells![i] = joinText(u.cells![i] ?? '', t);
    });
    u.text = u.cells.join(' | ');
  } else if (!table) {
    if (u.kind === 'item' && u.bodyX === undefined && l.x !== undefined && u.x !== undefined && l.x > u.x + 4)
      u.bodyX = l.x;
    u.text = joinText(u.text, l.text);
  }
  u.pageEnd = page;
  u.lastTop = l.top;
}
