/**
 * The content model of the demo manuals. A manual is authored as blocks; the layout
 * turns them into pages and records, for every `fact` id carried by a block or table row, the
 * physical pages it landed on. The evaluation's expected pages come from there, never typed by hand.
 */

export type Block =
  /** a numbered section heading inside a chapter (goes into the table of contents) */
  | { k: 'h2'; text: string; fact?: string }
  /** a minor heading (not in the table of contents) */
  | { k: 'h3'; text: string; fact?: string }
  | { k: 'p'; text: string; fact?: string }
  | { k: 'steps'; items: Item[]; fact?: string }
  | { k: 'bullets'; items: Item[]; fact?: string }
  /** a boxed safety note: label is e.g. WARNING / CAUTION / 警告 / 注意 */
  | { k: 'note'; label: string; text: string; fact?: string }
  | { k: 'table'; caption?: string; cols: string[]; widths: number[]; rows: Row[]; fact?: string }
  /** vertical space in points */
  | { k: 'gap'; pt: number }
  /** the rest of this chapter starts on the next page */
  | { k: 'break' }
  /**
   * A page that exists only as a raster image (a scanned service bulletin): its blocks are laid out
   * on a page of their own, rendered to pixels and embedded without any text layer, so the
   * ingestion has to OCR it.
   */
  | { k: 'scan'; blocks: Block[]; fact?: string };

/** a list item; one with its own fact lets a question point at a single step of a longer procedure */
export type Item = string | { t: string; fact: string };

export interface Row {
  cells: string[];
  fact?: string;
}

export interface Chapter {
  title: string;
  blocks: Block[];
  /** false: left out of the table of contents (an appendix added later must not grow it by a page) */
  toc?: false;
}

export interface ManualSpec {
  /** stable key: file name stem, seed's natural key, question-set document key */
  key: string;
  title: string;
  subtitle: string;
  language: 'zh' | 'en';
  /** catalog keys (apps/api/src/seed/catalog.ts) the manual is linked to */
  modelKeys: string[];
  /** printed on the cover, e.g. "OMRE552211 Issue B6" */
  publication: string;
  /** body page labels: "arabic" 1, 2, … or "chapter" 3-1, 3-2, … (each chapter restarts) */
  labelStyle: 'arabic' | 'chapter';
  /**
   * Page layout (default: one column, the title and chapter above a rule, the label centred at
   * the foot). `columns: 2` sets the text in two columns; `header: 'band'` frames the publication
   * number and chapter in a band at the top and prints "Page n" at the bottom right.
   */
  layout?: { columns?: 1 | 2; header?: 'rule' | 'band' };
  /** front matter after the table of contents (foreword, safety), numbered in roman numerals */
  front: Chapter[];
  chapters: Chapter[];
}

/** What the generator knows about one produced manual (written to the fixtures manifest). */
export interface ManualInfo {
  key: string;
  fileName: string;
  title: string;
  language: 'zh' | 'en';
  modelKeys: string[];
  sha256: string;
  pageCount: number;
  /** printed label per physical page (index 0 = page 1) */
  pageLabels: string[];
  /** physical pages that are image-only (no text layer) */
  scannedPages: number[];
  /** fact id → physical pages (1-based, ascending) */
  facts: Record<string, number[]>;
}
