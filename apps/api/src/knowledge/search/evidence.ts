import { SNIPPET_MAX_CHARS } from '@amms/contracts/knowledge';
import { passageTokens } from '../ingest/segment.js';

/** Query words with their weights (idf over the visible chunks; a word no chunk has weighs most). */
export interface WeightedWords {
  words: string[];
  weight: Map<string, number>;
  total: number;
}

export function weighWords(words: string[], df: Map<string, number>, total: number): WeightedWords {
  const n = Math.max(total, 1);
  const weight = new Map<string, number>();
  let sum = 0;
  for (const w of words) {
    // BM25-style idf; a word no chunk has weighs like the rarest word (it makes a question
    // unanswerable without drowning the words that were found in a small library)
    const d = Math.max(df.get(w) ?? 0, 1);
    const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
    weight.set(w, idf);
    sum += idf;
  }
  return { words, weight, total: sum };
}

const CJK = /[\u3400-\u9fff]/;

/** Does the text contain the word? CJK words by substring (segmentation may differ), others by token. */
function contains(word: string, text: string, tokens: Set<string>): boolean {
  return CJK.test(word) ? text.includes(word) : tokens.has(word);
}

/** Share (0..1) of the query's weight a text covers. */
export function coverage(ww: WeightedWords, text: string): number {
  if (ww.total <= 0) return 0;
  const lower = text.toLowerCase();
  const tokens = passageTokens(lower);
  let hit = 0;
  for (const w of ww.words) if (contains(w, lower, tokens)) hit += ww.weight.get(w) ?? 0;
  return hit / ww.total;
}

/** Sentences of a chunk: table rows and lines stay whole; prose lines split after 。！？；. ! ? */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.includes(' | ')) {
      out.push(line);
      continue;
    }
    for (const s of line.split(/(?<=[。！？；!?;])|(?<=\.)\s+(?=[A-Z0-9])/)) if (s.trim()) out.push(s.trim());
  }
  return out;
}

/** At most 160 characters of a sentence, around its first matched word; always a verbatim substring. */
export function clip(sentence: string, ww: WeightedWords): string {
  if (sentence.length <= SNIPPET_MAX_CHARS) return sentence;
  const lower = sentence.toLowerCase();
  const first = Math.min(...ww.words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), sentence.length);
  const start = Math.max(0, Math.min(first - 20, sentence.length - SNIPPET_MAX_CHARS));
  // never cut a surrogate pair in half
  let s = sentence.slice(start, start + SNIPPET_MAX_CHARS);
  if (/[\ud800-\udbff]$/.test(s)) s = s.slice(0, -1);
  if (/^[\udc00-\udfff]/.test(s)) s = s.slice(1);
  return s;
}

export interface Located {
  sentence: string;
  snippet: string;
  page: number;
  score: number;
}

/**
 * The chunk's sentences that best support the query, each with the physical page whose text
 * really contains its snippet (a chunk may span pages). Sentences found on no page are dropped.
 */
export function supportingSentences(
  ww: WeightedWords,
  chunkText: string,
  section: string | null,
  pageTexts: { page: number; text: string }[],
  max = 3,
): Located[] {
  const sectionCover = section ? coverage(ww, section) : 0;
  const headings = new Set((section ?? '').split(' › '));
  // a heading repeats the question's words but says nothing: it ranks after the lines under it
  const scored = sentencesOf(chunkText).map((sentence, i) => ({
    sentence,
    i,
    score: (coverage(ww, sentence) + sectionCover * 0.5) * (headings.has(sentence) ? 0.3 : 1),
  }));
  const out: Located[] = [];
  for (const s of scored.sort((a, b) => b.score - a.score || a.i - b.i)) {
    if (out.length >= max) break;
    const snippet = clip(s.sentence, ww);
    const page = pageTexts.find((p) => p.text.includes(snippet));
    if (page) out.push({ sentence: s.sentence, snippet, page: page.page, score: s.score });
  }
  return out;
}
