import type { Block } from './types.js';

/** A4 in points, and the printable area. */
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const LEFT = 62;
export const RIGHT = PAGE_W - 62;
export const TOP = PAGE_H - 78;
export const BOTTOM = 72;

export type FontRole = 'r' | 'b';
export type Op =
  | { t: 'text'; x: number; y: number; s: string; f: FontRole; size: number; gray: number }
  | { t: 'line'; x1: number; y1: number; x2: number; y2: number; w: number; gray: number }
  | { t: 'box'; x: number; y: number; w: number; h: number; gray: number };

export interface LPage {
  ops: Op[];
  facts: Set<string>;
  scan: boolean;
  kind: 'cover' | 'toc' | 'front' | 'body';
  /** index of the chapter in its flow (front or body) */
  chapter: number;
}

export interface Measure {
  width(s: string, f: FontRole, size: number): number;
}

export interface TocEntry {
  level: 1 | 2;
  text: string;
  /** the page object the heading landed on (its label is known only after assembly) */
  page: LPage;
}

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
const NO_LINE_START = /^[，。；：、）》」』！？,.;:)%]/;

/** Greedy line breaking: Latin words stay whole, CJK breaks between characters (no punctuation at a line start). */
export function wrap(m: Measure, text: string, f: FontRole, size: number, width: number): string[] {
  const tokens =
    text.match(
      /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+|\s+/g,
    ) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const tok of tokens) {
    if (/^\s+$/.test(tok)) {
      if (line) line += ' ';
      continue;
    }
    const next = line + tok;
    if (line && m.width(next.trimEnd(), f, size) > width && !NO_LINE_START.test(tok)) {
      lines.push(line.trimEnd());
      line = tok;
    } else line = next;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

export const isCjk = (s: string) => CJK.test(s);

/** Lays blocks out top to bottom, opening pages as needed and noting which facts land where. */
export class Flow {
  readonly pages: LPage[] = [];
  readonly toc: TocEntry[] = [];
  page!: LPage;
  y = TOP;
  private chapter = -1;
  /** the column being filled: its left and right edge (the whole text width with one column) */
  private x0 = LEFT;
  private x1 = RIGHT;

  constructor(
    private measure: Measure,
    private readonly scanMeasure: Measure,
    private readonly kind: 'front' | 'body',
    private readonly zh: boolean,
    /** 2: text runs in two columns, the left one filled first (a chapter starts on a new page) */
    private readonly columns: 1 | 2 = 1,
  ) {}

  chapterStart(title: string, inToc = true): void {
    this.chapter++;
    this.open(true);
    if (inToc) this.toc.push({ level: 1, text: title, page: this.page });
    this.text(LEFT, title, 'b', 19, 0);
    this.y -= 10;
    this.page.ops.push({ t: 'line', x1: LEFT, y1: this.y, x2: RIGHT, y2: this.y, w: 1.2, gray: 0.2 });
    this.y -= 26;
    this.columnTop = this.y;
  }

  block(b: Block): void {
    const lead = 15.5;
    switch (b.k) {
      case 'h2':
        this.room(lead * 4);
        this.y -= 6;
        this.toc.push({ level: 2, text: b.text, page: this.page });
        this.lines([b.text], this.x0, 'b', 12.5, 19, b.fact);
        this.y -= 2;
        break;
      case 'h3':
        this.room(lead * 3);
        this.lines([b.text], this.x0, 'b', 10.5, 16, b.fact);
        break;
      case 'p':
        this.lines(wrap(this.measure, b.text, 'r', 10, this.x1 - this.x0), this.x0, 'r', 10, lead, b.fact);
        this.y -= 6;
        break;
      case 'steps':
      case 'bullets':
        b.items.forEach((item, i) => {
          const mark = b.k === 'steps' ? `${i + 1}.` : '•';
          const [itemText, itemFact] = typeof item === 'string' ? [item, undefined] : [item.t, item.fact];
          const body = wrap(this.measure, itemText, 'r', 10, this.x1 - this.x0 - 20);
          this.room(lead);
          this.text(this.x0 + 4, mark, 'r', 10, 0);
          const first = this.page;
          this.lines(body, this.x0 + 20, 'r', 10, lead, b.fact);
          for (const p of new Set([first, this.page])) if (itemFact) p.facts.add(itemFact);
          this.y -= 2;
        });
        this.y -= 5;
        break;
      case 'note': {
        const body = wrap(this.measure, b.text, 'r', 9.5, this.x1 - this.x0 - 18);
        this.room(lead * 2);
        const top = this.y + 12;
        this.lines([b.label], this.x0 + 10, 'b', 10, 15, b.fact);
        const startPage = this.page;
        this.lines(body, this.x0 + 10, 'r', 9.5, 14, b.fact);
        if (startPage === this.page)
          this.page.ops.push({
            t: 'line',
            x1: this.x0 + 2,
            y1: top,
            x2: this.x0 + 2,
            y2: this.y + 10,
            w: 2.5,
            gray: 0.35,
          });
        this.y -= 8;
        break;
      }
      case 'table':
        this.table(b);
        break;
      case 'gap':
        this.y -= b.pt;
        break;
      case 'break':
        this.open(true);
        break;
      case 'scan': {
        this.open(true);
        // a scanned page is one full-width page whatever the columns
        [this.x0, this.x1] = [LEFT, RIGHT];
        this.page.scan = true;
        const saved = this.measure;
        this.measure = this.scanMeasure;
        const scanPage = this.page;
        this.mark(b.fact);
        for (const inner of b.blocks) this.block(inner);
        if (this.page !== scanPage) throw new Error('a scanned page must fit on one page');
        this.measure = saved;
        this.open(true);
        break;
      }
    }
  }

  private table(b: Extract<Block, { k: 'table' }>): void {
    const size = 9;
    const lead = 12;
    const total = b.widths.reduce((a, w) => a + w, 0);
    // cell offsets from the column's left edge (a table continued in the next column moves with it)
    const offs: number[] = [];
    let acc = 0;
    for (const w of b.widths) {
      offs.push(acc);
      acc += (w / total) * (this.x1 - this.x0);
    }
    const xs = { at: (i: number) => this.x0 + offs[i]! };
    const cellW = (i: number) => (b.widths[i]! / total) * (this.x1 - this.x0) - 8;
    const header = b.cols.map((c, i) => wrap(this.measure, c, 'b', size, cellW(i)));
    const headerH = Math.max(...header.map((l) => l.length)) * lead + 6;
    const drawHeader = (cont: boolean) => {
      if (b.caption) {
        const cap = cont ? `${b.caption} ${this.zh ? '（续）' : '(continued)'}` : b.caption;
        this.lines([cap], this.x0, 'b', 10, 16, b.fact);
      }
      this.rule(0.9);
      const y0 = this.y - 10;
      header.forEach((l, i) =>
        l.forEach((s, j) =>
          this.page.ops.push({ t: 'text', x: xs.at(i) + 3, y: y0 - j * lead, s, f: 'b', size, gray: 0 }),
        ),
      );
      this.y -= headerH;
      this.rule(0.6);
    };
    this.room(headerH + 40);
    drawHeader(false);
    for (const row of b.rows) {
      const cells = row.cells.map((c, i) => wrap(this.measure, c, 'r', size, cellW(i)));
      const h = Math.max(...cells.map((l) => l.length)) * lead + 6;
      if (this.y - h < BOTTOM) {
        this.open();
        drawHeader(true);
      }
      const y0 = this.y - 10;
      cells.forEach((l, i) =>
        l.forEach((s, j) =>
          this.page.ops.push({ t: 'text', x: xs.at(i) + 3, y: y0 - j * lead, s, f: 'r', size, gray: 0 }),
        ),
      );
      this.y -= h;
      this.rule(0.3);
      this.mark(row.fact);
      this.mark(b.fact);
    }
    this.y -= 12;
  }

  private rule(w: number) {
    this.page.ops.push({ t: 'line', x1: this.x0, y1: this.y, x2: this.x1, y2: this.y, w, gray: 0.3 });
  }

  private lines(lines: string[], x: number, f: FontRole, size: number, lead: number, fact?: string) {
    for (const s of lines) {
      this.room(lead);
      this.text(x, s, f, size, 0);
      this.mark(fact);
      this.y -= lead;
    }
  }

  private text(x: number, s: string, f: FontRole, size: number, gray: number) {
    this.page.ops.push({ t: 'text', x, y: this.y - size, s, f, size, gray });
  }

  private mark(fact?: string) {
    if (fact) this.page.facts.add(fact);
  }

  private room(h: number) {
    if (this.y - h < BOTTOM) this.open();
  }

  /** The next column, or a new page (always one with `newPage`, and after the last column). */
  private open(newPage = false) {
    if (this.page && this.page.ops.length === 0 && !this.page.scan) {
      this.page.chapter = this.chapter;
      [this.x0, this.x1] = this.columnEdges(0);
      return;
    }
    if (!newPage && this.page && !this.page.scan && this.columns === 2 && this.x0 === LEFT) {
      [this.x0, this.x1] = this.columnEdges(1);
      this.y = this.columnTop;
      return;
    }
    this.page = { ops: [], facts: new Set(), scan: false, kind: this.kind, chapter: this.chapter };
    this.pages.push(this.page);
    [this.x0, this.x1] = this.columnEdges(0);
    this.y = TOP;
    this.columnTop = TOP;
  }

  /** where the columns start on this page (below a chapter title that spans both) */
  private columnTop = TOP;

  private columnEdges(i: 0 | 1): [number, number] {
    if (this.columns === 1) return [LEFT, RIGHT];
    const gutter = 22;
    const w = (RIGHT - LEFT - gutter) / 2;
    return i === 0 ? [LEFT, LEFT + w] : [LEFT + w + gutter, RIGHT];
  }
}
