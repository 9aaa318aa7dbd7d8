import { SNIPPET_MAX_CHARS } from '@amms/contracts/knowledge';
import { LIST_MARK } from '../ingest/reflow.js';
import { passageTokens } from '../../platform/text/segment.js';
import { hasHan } from '../../platform/text/script.js';

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

/** at most this many characters between the two halves of a Chinese term printed apart */
const APART_GAP = 6;

/**
 * Whether a Chinese term of four or more characters is printed as its two halves, in order, a few
 * characters apart within one line: a table header that names two things at once ("轮胎规格 / 气压")
 * or a word put between ("发动机的机油") says 轮胎气压 and 发动机机油 as much as the whole term.
 * Each half is two characters or more (a single character is inside unrelated words).
 */
export function saidApart(text: string, term: string): boolean {
  if (!hasHan(term) || term.length < 4 || text.includes(term)) return false;
  for (let cut = 2; cut <= term.length - 2; cut++) {
    const head = term.slice(0, cut);
    const tail = term.slice(cut);
    for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
      const after = text.slice(at + head.length, at + head.length + APART_GAP + tail.length);
      const t = after.indexOf(tail);
      if (t >= 0 && !/[\n。！？；;]/.test(after.slice(0, t))) return true;
    }
  }
  return false;
}

/**
 * Does the text contain the word? CJK words by substring (segmentation may differ) or, four
 * characters or more, as their two halves printed close together (`saidApart`); others by token;
 * a one-letter word (a unit's symbol, "500 h" for hours) only right after a number.
 */
export function contains(word: string, text: string, tokens: Set<string>): boolean {
  if (hasHan(word)) return text.includes(word) || saidApart(text, word);
  if (/^[a-z]$/.test(word)) return new RegExp(`\\d\\s*${word}(?![a-z0-9])`).test(text);
  return tokens.has(word);
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

/**
 * Sentences of a chunk (one unit per line: see ingest/reflow.ts): table rows and list items stay
 * whole; prose splits after 。！？. ! ? only, so a clause after ";" never loses its warning word.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line.includes(' | ') || LIST_MARK.test(line)) {
      out.push(line);
      continue;
    }
    for (const s of line.split(/(?<=[。！？!?])|(?<=\.)\s+(?=[A-Z0-9])/)) if (s.trim()) out.push(s.trim());
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

const isTableRow = (s: string) => s.includes(' | ');

/**
 * What a table row says, with the names of its columns: the row, its table's header row (the
 * first row of the run of rows it belongs to) and the caption line above that. "水稻 | 800 ~ 900 |
 * 16 ~ 20" answers "滚筒转速和凹板间隙调到多少" only together with its header "作物 | 滚筒转速 r/min | 凹板间隙 mm".
 */
export function rowContext(row: string, lines: string[]): string {
  const at = lines.indexOf(row);
  if (at < 0) return row;
  let start = at;
  while (start > 0 && isTableRow(lines[start - 1]!)) start--;
  const caption = start > 0 ? lines[start - 1]! : '';
  return start === at ? `${caption}\n${row}` : `${caption}\n${lines[start]!}\n${row}`;
}

export interface Located {
  sentence: string;
  snippet: string;
  page: number;
  score: number;
  /** a sentence that runs over a page break: its part on the next page, cited there */
  next?: { page: number; snippet: string };
}

/**
 * Where a sentence is printed: the page whose text holds it whole, or two consecutive pages
 * holding its head and its tail (a sentence or list item running over a page break).
 */
export function locate(
  sentence: string,
  pageTexts: { page: number; text: string }[],
): { page: number; head: string; next?: { page: number; tail: string } } | null {
  const whole = pageTexts.find((p) => p.text.includes(sentence));
  if (whole) return { page: whole.page, head: sentence };
  for (let i = 0; i + 1 < pageTexts.length; i++) {
    const a = pageTexts[i]!;
    const b = pageTexts[i + 1]!;
    for (let cut = sentence.length - 1; cut >= 4; cut--) {
      const head = sentence.slice(0, cut).trim();
      const tail = sentence.slice(cut).trim();
      if (tail && a.text.includes(head) && b.text.includes(tail))
        return { page: a.page, head, next: { page: b.page, tail } };
    }
  }
  return null;
}

/** a tie-breaker between sentences that cover the question alike, never more */
const TIE = 0.01;

/**
 * Share of the question's Chinese compounds the chunk does not print (柑橘园) whose first two
 * characters the sentence prints (柑橘果树): among table rows saying the question's other words
 * alike ("飞行速度"), the row of the crop that was asked for.
 */
function namesStem(ww: WeightedWords, chunkText: string, sentence: string): number {
  if (ww.total <= 0) return 0;
  let hit = 0;
  for (const w of ww.words)
    if (hasHan(w) && w.length >= 3 && !chunkText.includes(w) && sentence.includes(w.slice(0, 2)))
      hit += ww.weight.get(w) ?? 0;
  return hit / ww.total;
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
  const lines = chunkText.split('\n');
  const scored = sentencesOf(chunkText).map((sentence, i) => ({
    sentence,
    i,
    score:
      (coverage(ww, isTableRow(sentence) ? rowContext(sentence, lines) : sentence) + sectionCover * 0.5) *
        (headings.has(sentence) ? 0.3 : 1) +
      TIE * namesStem(ww, chunkText, sentence),
  }));
  const out: Located[] = [];
  for (const s of scored.sort((a, b) => b.score - a.score || a.i - b.i)) {
    if (out.length >= max) break;
    const at = locate(s.sentence, pageTexts);
    if (!at) continue;
    out.push({
      sentence: s.sentence,
      snippet: clip(at.head, ww),
      page: at.page,
      score: s.score,
      ...(at.next ? { next: { page: at.next.page, snippet: clip(at.next.tail, ww) } } : {}),
    });
  }
  return out;
}
