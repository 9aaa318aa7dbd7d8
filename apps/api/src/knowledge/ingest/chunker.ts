import { analyzeLayout, mostCommonSize, type PageRole } from './layout.js';
import type { PageLine } from './pdf-text.js';
import { reflow, type Unit } from './reflow.js';

export interface ChunkPage {
  page: number;
  lines: PageLine[];
}

/** A chunk before it is stored: parents are whole sections (context), children small passages (matching). */
export interface PlannedChunk {
  ordinal: number;
  parentOrdinal: number | null;
  pageStart: number;
  pageEnd: number;
  section: string | null;
  text: string;
}

interface Line extends PageLine {
  page: number;
  pageEnd: number;
  /** a table header repeated at the top of a later chunk of its rows (not part of its page span) */
  repeated?: boolean;
}

const CHILD_TARGET = 260;
const CHILD_MAX = 480;
const TABLE_ROWS_PER_CHUNK = 6;
const PARENT_MAX = 6000;
export const SECTION_SEPARATOR = ' › ';

const isTableRow = (t: string) => t.includes(' | ');

/** Heading level (1 = chapter) of a line, or 0 when it is body text. */
export function headingLevel(line: PageLine, bodySize: number): number {
  const t = line.text;
  if (t.length > 60 || isTableRow(t) || /[。；;,，:：.]$/.test(t)) return 0;
  const dotted = t.match(/^(\d+(?:\.\d+)+)\s*\S/);
  if (dotted && t.length <= 40) return dotted[1]!.split('.').length;
  if (/^第[一二三四五六七八九十百\d]+章/.test(t) || /^(chapter|part)\s+\d+\b/i.test(t)) return 1;
  if (/^第[一二三四五六七八九十百\d]+节/.test(t) || /^section\s+\d+(\.\d+)*\b/i.test(t)) return 2;
  if (line.size > 0 && bodySize > 0 && line.size >= bodySize * 1.25) {
    const n = t.match(/^(\d+)\s+\S/);
    if (n) return 1;
    return line.size >= bodySize * 1.6 ? 1 : 2;
  }
  return 0;
}

/**
 * Section-aware chunking. Headings (numbered "7.2 …", 第…章, or larger type) open sections whose
 * path ("7 故障排除 › 7.2 发动机水温过高") every chunk keeps. Inside a section, lines are packed into
 * small child chunks (a line is never split; a chunk may run across a page break and records its
 * page span); a table's header row is repeated at the top of each chunk of its rows. Each
 * section is also one parent chunk (split when very long) that gives the children their context.
 */
export function chunkPages(pages: ChunkPage[]): PlannedChunk[] {
  return planDocument(pages).chunks;
}

/** A page as the document structure sees it: its role, printed label (when found) and reflowed text. */
export interface PlannedPage {
  page: number;
  role: PageRole;
  printedLabel: string | null;
  /** running header, the page's units one per line, running footer */
  text: string;
}

/**
 * The document's structure: running headers and footers, cover and contents pages are left out
 * of the chunks (they give labels only); the body is reflowed into units (sentences and
 * paragraphs, list items, table rows with their wrapped cells) and packed into chunks.
 */
export function planDocument(pages: ChunkPage[]): { chunks: PlannedChunk[]; pages: PlannedPage[] } {
  const layout = analyzeLayout(pages);
  const bodyPages = layout.filter((p) => p.role === 'body').map((p) => ({ page: p.page, lines: p.body }));
  const body = mostCommonSize(bodyPages.flatMap((p) => p.lines));
  const isHeading = (l: PageLine) => headingLevel(l, body) > 0;
  const lines: Line[] = reflow(bodyPages, isHeading).map((u: Unit) => ({
    text: u.text,
    size: u.size,
    page: u.page,
    pageEnd: u.pageEnd,
  }));
  const planned: PlannedPage[] = layout.map((p) => ({
    page: p.page,
    role: p.role,
    printedLabel: p.printedLabel,
    text: [
      ...p.head.map((l) => l.text),
      ...(p.role === 'body'
        ? reflow([{ page: p.page, lines: p.body }], isHeading).map((u) => u.text)
        : p.body.map((l) => l.text)),
      ...p.foot.map((l) => l.text),
    ].join('\n'),
  }));
  return { chunks: chunkLines(lines, body), pages: planned };
}

function chunkLines(lines: Line[], body: number): PlannedChunk[] {
  const out: PlannedChunk[] = [];
  const stack: { level: number; title: string }[] = [];
  let section: Line[] = [];

  const flushSection = () => {
    if (section.length === 0) return;
    const path = stack.length ? stack.map((s) => s.title).join(SECTION_SEPARATOR) : null;
    emitSection(section, path, out);
    section = [];
  };

  for (const l of lines) {
    const level = headingLevel(l, body);
    if (level > 0) {
      flushSection();
      while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, title: l.text });
      // the heading is also the first line of its section's text (a heading-only page stays searchable)
      section.push(l);
      continue;
    }
    section.push(l);
  }
  flushSection();
  return out;
}

function emitSection(lines: Line[], path: string | null, out: PlannedChunk[]) {
  // parents: the section, in slices of at most PARENT_MAX characters
  const slices: Line[][] = [[]];
  let size = 0;
  for (const l of lines) {
    if (size + l.text.length > PARENT_MAX && slices[slices.length - 1]!.length) {
      slices.push([]);
      size = 0;
    }
    slices[slices.length - 1]!.push(l);
    size += l.text.length + 1;
  }
  for (const slice of slices) {
    const parent = push(out, null, path, slice);
    let child: Line[] = [];
    let childLen = 0;
    let tableHeader: Line | null = null;
    let rowsInChunk = 0;
    const flush = () => {
      if (child.some((l) => !l.repeated && l !== tableHeader)) push(out, parent, path, child);
      child = [];
      childLen = 0;
      rowsInChunk = 0;
    };
    for (const l of slice) {
      const row = isTableRow(l.text);
      if (!row) tableHeader = null;
      else if (!tableHeader) {
        // a table starts: its first row is the header; it opens a chunk of its own rows
        if (childLen > CHILD_TARGET / 2) flush();
        tableHeader = l;
      }
      const full = row
        ? rowsInChunk >= TABLE_ROWS_PER_CHUNK
        : childLen >= CHILD_TARGET || childLen + l.text.length > CHILD_MAX;
      if (child.length && full) {
        flush();
        if (row && tableHeader && tableHeader !== l) {
          child.push({ ...tableHeader, repeated: true });
          childLen += tableHeader.text.length + 1;
        }
      }
      child.push(l);
      childLen += l.text.length + 1;
      if (row && l !== tableHeader) rowsInChunk++;
    }
    flush();
  }
}

function push(out: PlannedChunk[], parentOrdinal: number | null, section: string | null, lines: Line[]): number {
  const ordinal = out.length;
  const own = lines.filter((l) => !l.repeated);
  out.push({
    ordinal,
    parentOrdinal,
    pageStart: Math.min(...own.map((l) => l.page)),
    pageEnd: Math.max(...own.map((l) => l.pageEnd)),
    section,
    text: lines.map((l) => l.text).join('\n'),
  });
  return ordinal;
}
