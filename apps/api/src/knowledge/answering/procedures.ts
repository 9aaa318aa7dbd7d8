import { isLabel, isListItem, isRow, stepsOf, WARNING } from './answer-parts.js';
import type { AnswerContext } from './answer-context.js';
import { clip, coverage, locate, sentencesOf, type Located } from '../retrieval/evidence.js';
import type { Retrieval, RetrievedPassage } from '../retrieval/retriever.js';

// The procedure a steps question asks for: a section's listed steps, whole and in order, or a
// short section written as prose; each part located on its page(s).

/** One line of an answer: the passage it is quoted from, its text and where it is printed. */
export interface Part {
  p: RetrievedPassage;
  text: string;
  at: Located;
}

/** a procedure is given whole, up to this much */
const MAX_STEPS_CHARS = 3000;
/** a section in prose is given whole up to this many sentences and characters */
const MAX_PROSE_SENTENCES = 6;
const MAX_PROSE_CHARS = 600;

/** A line that is one of the passage's section headings (no sentence end). */
export const isHeadingOf = (p: RetrievedPassage, sentence: string) =>
  (p.section ?? '').split(' › ').includes(sentence) && !/[。.!?！？]$/.test(sentence);

/**
 * Where a steps question looks for its procedure: the best passages, in order; before them, a
 * passage further down of the same manual as the best one that answers well too and whose own
 * section heading says more of the question ("3.3 Changing the engine oil and filter" for "explain
 * the whole engine oil and filter change", below the interval table and the break-in page that
 * share its words). A heading that says nothing of the question never jumps ahead: other sections'
 * lists are not the procedure asked for.
 */
export function stepsCandidates(top: RetrievedPassage[], answering: RetrievedPassage[]): RetrievedPassage[] {
  const heading = (p: RetrievedPassage) => {
    const title = (p.section ?? '').split(' › ').pop() ?? '';
    return title ? coverage(p.words, title) : 0;
  };
  const bar = Math.max(0, ...top.map(heading));
  const below = answering
    .filter((p) => !top.includes(p) && p.versionId === top[0]?.versionId && heading(p) > bar)
    .sort((a, b) => heading(b) - heading(a));
  return [...below, ...top];
}

/** The section's steps in order, its safety sentences first, each located on its page(s); [] when it has none. */
export function procedureOf(p: RetrievedPassage, ctx: AnswerContext, r: Retrieval): Part[] {
  const section = ctx.sectionOf?.(p);
  if (!section) return [];
  const sentences = sentencesOf(section.text);
  const steps = stepsOf(sentences);
  if (steps.length === 0) return [];
  const warnings = sentences.filter((s) => !steps.includes(s) && WARNING.test(s));
  const out: Part[] = [];
  let length = 0;
  for (const s of [...warnings, ...steps]) {
    if (length + s.length > MAX_STEPS_CHARS) break;
    const at = locateAt(s, section.pages, r);
    if (!at) continue;
    out.push({ p, text: s, at });
    length += s.length;
  }
  return out.length >= 2 ? out : [];
}

/**
 * The section, written as prose, that a steps question asks for: among the best manual's passages
 * that answer at all (the first five of it), the one section whose own heading says the most of
 * the question (more than nothing, more than any other section's), when it is short prose: its sentences, whole and in
 * order, each cited. A troubleshooting section is often one paragraph (cause, remedy, what never
 * to do); its best sentence alone (or other sections' sentences sharing its words) is not the way
 * to do it. A section with a list is left to `procedureOf`; a long one to the best sentences.
 */
export function proseSectionOf(first: RetrievedPassage, r: Retrieval, ctx: AnswerContext, useful: number): Part[] {
  const heading = (p: RetrievedPassage) => {
    const title = (p.section ?? '').split(' › ').pop() ?? '';
    return title ? coverage(p.words, title) : 0;
  };
  const own = r.passages.filter((p) => p.versionId === first.versionId && p.coverage >= useful).slice(0, 5);
  // one section's heading says it best: two sections naming the asked thing alike ("2.3 Power
  // take-off" and "4.4 PTO does not engage") leave the choice to the best sentences
  const bar = Math.max(0, ...own.map(heading));
  const top = own.filter((p) => heading(p) === bar);
  // and it names much of what was asked (the useful bar), not one word of it ("4.3 喷头与水泵" for
  // "每天干完活怎么清洗药箱和喷头")
  const chosen = bar >= useful && new Set(top.map((p) => p.section)).size === 1 ? top[0] : undefined;
  const section = chosen && ctx.sectionOf?.(chosen);
  if (!chosen || !section) return [];
  const sentences = sentencesOf(section.text).filter((s) => !isHeadingOf(chosen, s) && !isLabel(s, section.text));
  const chars = sentences.reduce((a, s) => a + s.length, 0);
  if (sentences.length < 2 || sentences.length > MAX_PROSE_SENTENCES || chars > MAX_PROSE_CHARS) return [];
  // prose only: a table or a list is no paragraph to give whole
  if (sentences.some((s) => isListItem(s) || isRow(s))) return [];
  const out: Part[] = [];
  for (const s of sentences) {
    const at = locateAt(s, section.pages, r);
    if (!at) return [];
    out.push({ p: chosen, text: s, at });
  }
  return out;
}

export function locateAt(sentence: string, pages: { page: number; text: string }[], r: Retrieval): Located | null {
  const at = locate(sentence, pages);
  if (!at) return null;
  return {
    sentence,
    snippet: clip(at.head, r.words),
    page: at.page,
    score: 1,
    ...(at.next ? { next: { page: at.next.page, snippet: clip(at.next.tail, r.words) } } : {}),
  };
}
