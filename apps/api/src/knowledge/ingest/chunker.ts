import type { PageLine } from './pdf-text.js';

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
  if (t.length > 60 || isTableRow(t) || /[。；;,，:：]$/.test(t)) return 0;
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

/** The most common font size, weighted by characters (the body text). */
function bodySizeOf(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const l of lines) if (l.size > 0) weight.set(l.size, (weight.get(l.size) ?? 0) + l.text.length);
  let best = 0;
  let bestW = -1;
  for (const [size, w] of weight) {
    if (w > bestW) {
      best = size;
      bestW = w;
    }
  }
  return best;
}

/** Running headers / footers: a first or last line (digits ignored) repeated on many pages. */
function runningLines(pages: ChunkPage[]): Set<string> {
  const norm = (t: string) => t.replace(/\d+/g, '#').replace(/\b[ivxlcdm]+\b/gi, '#');
  const counts = new Map<string, number>();
  for (const p of pages) {
    // a page of one or two lines has no header/footer to tell apart from its content
    if (p.lines.length < 3) continue;
    const edge = new Set([p.lines[0], p.lines[p.lines.length - 1]].filter(Boolean).map((l) => norm(l!.text)));
    for (const e of edge) counts.set(e, (counts.get(e) ?? 0) + 1);
  }
  const min = Math.max(3, Math.ceil(pages.length * 0.5));
  return new Set([...counts].filter(([, n]) => n >= min).map(([t]) => t));
}

/**
 * Section-aware chunking. Headings (numbered "7.2 …", 第…章, or larger type) open sections whose
 * path ("7 故障排除 › 7.2 发动机水温过高") every chunk keeps. Inside a section, lines are packed into
 * small child chunks (a line is never split; a chunk may run across a page break and records its
 * page span); a table's header row is repeated at the top of each chunk of its rows. Each
 * section is also one parent chunk (split when very long) that gives the children their context.
 */
export function chunkPages(pages: ChunkPage[]): PlannedChunk[] {
  const running = runningLines(pages);
  const norm = (t: string) => t.replace(/\d+/g, '#').replace(/\b[ivxlcdm]+\b/gi, '#');
  const lines: Line[] = [];
  for (const p of pages) {
    p.lines.forEach((l, i) => {
      const edge = i === 0 || i === p.lines.length - 1;
      if (edge && p.lines.length >= 3 && running.has(norm(l.text))) return;
      lines.push({ ...l, page: p.page });
    });
  }
  const body = bodySizeOf(lines);
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
    pageEnd: Math.max(...own.map((l) => l.page)),
    section,
    text: lines.map((l) => l.text).join('\n'),
  });
  return ordinal;
}
