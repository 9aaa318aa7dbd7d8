import type { PageLine } from './pdf-text.js';

/**
 * Page roles and running lines of a whole document. Headers and footers are told apart from the
 * content by repetition at the page edges: the same text (digits ignored, or the same long prefix,
 * so "Manual · 5 Troubleshooting" repeats with its chapter name varying) among the first or last
 * lines of many pages, at the same height when the text layer gives positions. A page number found
 * among them is the page's printed label. A cover (first page, few lines, a title in large type)
 * and table-of-contents pages are not content either: they are kept for labels and the edition.
 */
export type PageRole = 'cover' | 'toc' | 'body';

export interface LayoutInput {
  page: number;
  lines: PageLine[];
}

export interface PageLayout {
  page: number;
  role: PageRole;
  /** lines that are not running headers or footers, top to bottom */
  body: PageLine[];
  /** the running lines above / below the body */
  head: PageLine[];
  foot: PageLine[];
  /** the page number printed in a running line, when there is one */
  printedLabel: string | null;
}

const EDGE = 2;
const norm = (t: string) =>
  t
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\b[ivxlcdm]+\b/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
const prefixKey = (t: string) => {
  const n = norm(t);
  return n.length >= 10 ? n.slice(0, 8) : null;
};
const PAGE_TOKEN =
  /^(?:page\s+|p\.\s*|第\s*)?([ivxlcdm]{1,6}|\d{1,4}(?:\s*[-–]\s*\d{1,4})?)(?:\s*页)?(?:\s*(?:of|\/|共)\s*\d+\s*页?)?$/i;
const TOC_TITLE = /^(目\s*录|contents|table of contents|inhalt|sommaire)$/i;
const TOC_ENTRY = /(?:\.{3,}|…+|\s\|\s|\s)\s*(?:[ivxlcdm]{1,6}|\d{1,4}(?:[-–]\d{1,4})?)$/i;

/** The page number printed in a running line ("5", "3-2", "iv", "Page 7 of 20", "第 5 页"), if any. */
export function pageNumberIn(line: string): string | null {
  for (const cell of [line, ...line.split(' | ')]) {
    const m = cell.trim().match(PAGE_TOKEN);
    if (m) return m[1]!.replace(/\s+/g, '').replace('–', '-');
  }
  return null;
}

export function analyzeLayout(pages: LayoutInput[]): PageLayout[] {
  const minPages = Math.max(3, Math.ceil(pages.length * 0.3));
  const edgeIdx = (p: LayoutInput) => {
    // a page of one or two lines has no header/footer to tell apart from its content
    if (p.lines.length < 3) return [];
    const n = p.lines.length;
    const idx = new Set<number>();
    for (let i = 0; i < Math.min(EDGE, n); i++) idx.add(i);
    for (let i = Math.max(0, n - EDGE); i < n; i++) idx.add(i);
    return [...idx];
  };
  // where a text key was seen: page → heights (tops)
  const seen = new Map<string, Map<number, number | undefined>>();
  const note = (key: string | null, page: number, top: number | undefined) => {
    if (!key) return;
    const m = seen.get(key) ?? new Map<number, number | undefined>();
    m.set(page, top);
    seen.set(key, m);
  };
  for (const p of pages)
    for (const i of edgeIdx(p)) {
      const l = p.lines[i]!;
      note(`t:${norm(l.text)}`, p.page, l.top);
      // page numbers in any style ("iii", "1-1", "Page 7") count as one running line
      if (PAGE_TOKEN.test(l.text.trim())) note('n:', p.page, l.top);
      note(prefixKey(l.text) && `p:${prefixKey(l.text)}`, p.page, l.top);
    }
  const repeated = (key: string | null, top: number | undefined): boolean => {
    const m = key ? seen.get(key) : undefined;
    if (!m || m.size < minPages) return false;
    if (top === undefined) return true;
    // at the same height on enough pages (pages without positions count as agreeing)
    let same = 0;
    for (const t of m.values()) if (t === undefined || Math.abs(t - top) <= 6) same++;
    return same >= minPages;
  };
  const isRunning = (l: PageLine) =>
    l.text.length <= 120 &&
    ((PAGE_TOKEN.test(l.text.trim()) && repeated('n:', l.top)) ||
      repeated(`t:${norm(l.text)}`, l.top) ||
      repeated(prefixKey(l.text) && `p:${prefixKey(l.text)}`, l.top));

  const out = pages.map((p): PageLayout => {
    const edges = new Set(edgeIdx(p));
    const head: PageLine[] = [];
    const foot: PageLine[] = [];
    const body: PageLine[] = [];
    p.lines.forEach((l, i) => {
      if (edges.has(i) && isRunning(l)) (body.length ? foot : head).push(l);
      else body.push(l);
    });
    // a line taken as a footer before the body started is a header (and the reverse never happens)
    const printed = [...head, ...foot].map((l) => pageNumberIn(l.text)).find((x) => x !== null) ?? null;
    return { page: p.page, role: 'body', body, head, foot, printedLabel: printed };
  });

  const bodySize = mostCommonSize(out.flatMap((p) => p.body));
  for (const p of out) {
    if (isToc(p.body)) p.role = 'toc';
  }
  const first = out[0];
  // the cover's title may repeat in the running header: judge the cover on all its lines
  if (first && out.length >= 4 && isCover([...first.head, ...first.body, ...first.foot], bodySize))
    first.role = 'cover';
  return out;
}

function isToc(lines: PageLine[]): boolean {
  if (lines.slice(0, 3).some((l) => TOC_TITLE.test(l.text.trim()))) return true;
  const entries = lines.filter((l) => TOC_ENTRY.test(l.text) && !/[。.;；]\s*\S*$/.test(l.text.replace(TOC_ENTRY, '')));
  return lines.length >= 5 && entries.length >= lines.length * 0.7;
}

function isCover(lines: PageLine[], bodySize: number): boolean {
  if (lines.length === 0 || lines.length > 12) return false;
  const chars = lines.reduce((n, l) => n + l.text.length, 0);
  const largest = Math.max(...lines.map((l) => l.size));
  // a short first page that already says things (two sentences in body type) is content, not a cover:
  // a service bulletin or a short manual starts on page 1
  const sentences = lines.filter((l) => l.size <= bodySize * 1.15 && /[.。!！?？]$/.test(l.text.trim())).length;
  return chars < 600 && bodySize > 0 && largest >= bodySize * 1.5 && sentences < 2;
}

/** The most common font size, weighted by characters (the body text). */
export function mostCommonSize(lines: PageLine[]): number {
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

const EDITION =
  /(edition|issue|revision|rev\.|version|publication|版次|版本|修订|第\s*[一二三四五六七八九十\d]+\s*版|\b(?:19|20)\d{2}\s*年\s*\d{1,2}\s*月)/i;

/** The line of a cover page that names the edition or publication ("OMRE552211 Issue B6", "2024 年 3 月 第 2 版"). */
export function editionOf(coverText: string): string | null {
  const line = coverText
    .split('\n')
    .map((l) => l.replace(/\s*\|\s*/g, ' ').trim())
    .find((l) => l.length <= 80 && EDITION.test(l));
  return line ?? null;
}
