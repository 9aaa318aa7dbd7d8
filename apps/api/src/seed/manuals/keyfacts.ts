import type { Block, Item, ManualSpec } from './types.js';

/**
 * Key facts of the evaluation: what an answer must state for a question to count as answered.
 * Derived from the content the question's facts point at, never typed per question:
 * - a numbered procedure (steps block): every step (the "procedure complete" check);
 * - a table row: its first cell (the code, the interval, the item) and its values with units;
 * - a paragraph, note, list or whole table: one of its sentences (or rows) quoted.
 * Each key fact is a list of alternatives (any one counts); matching ignores case, spaces and
 * table punctuation (bench/src/knowledge-answers.mjs).
 */
export type KeyFact = string[];

export interface FactContent {
  kind: 'steps' | 'row' | 'text';
  texts: string[];
}

const itemText = (i: Item) => (typeof i === 'string' ? i : i.t);

/** fact id → the content carrying it, over a manual's blocks (scanned pages included). */
export function factContents(spec: ManualSpec): Map<string, FactContent> {
  const out = new Map<string, FactContent>();
  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      switch (b.k) {
        case 'steps':
        case 'bullets':
          if (b.fact) out.set(b.fact, { kind: b.k === 'steps' ? 'steps' : 'text', texts: b.items.map(itemText) });
          for (const i of b.items) if (typeof i !== 'string') out.set(i.fact, { kind: 'text', texts: [i.t] });
          break;
        case 'table':
          if (b.fact) out.set(b.fact, { kind: 'text', texts: b.rows.map((r) => r.cells.join(' ')) });
          for (const r of b.rows) if (r.fact) out.set(r.fact, { kind: 'row', texts: r.cells });
          break;
        case 'scan':
          if (b.fact) out.set(b.fact, { kind: 'text', texts: b.blocks.flatMap((x) => ('text' in x ? [x.text] : [])) });
          walk(b.blocks);
          break;
        case 'p':
        case 'note':
        case 'h2':
        case 'h3':
          if (b.fact) out.set(b.fact, { kind: 'text', texts: [b.text] });
          break;
        default:
          break;
      }
    }
  };
  for (const c of [...spec.front, ...spec.chapters]) walk(c.blocks);
  return out;
}

const VALUE =
  /\d[\d.,/]*\s*(?:~\s*\d[\d.,]*\s*)?(?:%|°C|℃|kPa|MPa|bar|rpm|r\/min|kW|hp|kg\/s|kg|km\/h|mm|cm|N·m|L\/min|L|m³|m|h|V|W|s|min|小时|分钟|秒|升|毫米|公里|千克|米|转|伏|亩)(?![A-Za-z])/g;

const valuesOf = (text: string) => [...new Set([...text.matchAll(VALUE)].map((m) => m[0].trim()))];
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[。！？!?])|(?<=\.)\s+(?=[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 8);
/** the start of a step or sentence: enough to tell it apart, short enough to survive reflow */
const head = (s: string) => s.slice(0, 16);

export function keyFactsOf(contents: FactContent[]): { keyFacts: KeyFact[]; procedure: boolean } {
  const keyFacts: KeyFact[] = [];
  let procedure = false;
  for (const c of contents) {
    if (c.kind === 'steps') {
      procedure = true;
      for (const t of c.texts) keyFacts.push([head(t)]);
    } else if (c.kind === 'row') {
      keyFacts.push([head(c.texts[0]!)]);
      for (const v of c.texts.slice(1).flatMap(valuesOf).slice(0, 2)) keyFacts.push([v]);
    } else keyFacts.push(c.texts.flatMap(sentencesOf).map(head));
  }
  return { keyFacts, procedure };
}
