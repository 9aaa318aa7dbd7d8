import { cutWords, queryWords, wordPieces } from '../../platform/text/segment.js';
import { weighWords, type WeightedWords } from './evidence.js';

/** The pieces a question's Chinese words may be replaced by, to ask their frequencies with the words. */
export const candidatePieces = (words: string[]): string[] =>
  [...new Set(words.flatMap((w) => Object.values(wordPieces(w)).flat()))].filter((p) => !words.includes(p));

/**
 * The question's words with the Chinese words no manual prints (df 0) replaced by their shorter
 * words: the segmenter glues a question's words into guesses ("风大到什么程度" → 风大到, "能开多快"
 * → 开多快) or takes a compound whole (柑橘园 where the manual prints 柑橘果树). Such a word weighs like
 * the rarest word and no passage can say it, so a plainly answered question looks unanswered.
 * Its search-mode sub-words that some manual prints come first; else its dictionary pieces. A
 * word with no shorter parts stays (a question about what no manual covers keeps its evidence),
 * and so does a word a glossary form of the question stands for (进气口 holding the form 进气: the glossary
 * bridges it whole, to "intake"; cut, its piece 进气 would also cover an air filter lamp row).
 */
export function knownWords(
  words: string[],
  df: Map<string, number>,
  glossaryForms: string[] = [],
  reglued: Map<string, Reglued> = new Map(),
): { words: string[]; split: Map<string, string[]> } {
  const out: string[] = [];
  const split = new Map<string, string[]>();
  for (const w of words) {
    const known = (df.get(w) ?? 0) > 0 || glossaryForms.some((f) => f.includes(w) || w.includes(f));
    const { sub, plain } = known ? { sub: [], plain: [] } : wordPieces(w);
    const printed = sub.filter((p) => (df.get(p) ?? 0) > 0);
    const glued = known ? undefined : reglued.get(w);
    const moved = glued && (df.get(glued.joined) ?? 0) > 0 ? [glued.joined, ...queryWords(glued.rest)] : [];
    const pieces = (printed.length ? printed : plain.length ? plain : moved).filter(
      (p) => !out.includes(p) && !words.includes(p),
    );
    if (pieces.length) split.set(w, pieces);
    out.push(...(pieces.length ? pieces : [w]));
  }
  return { words: [...new Set(out)], split };
}

/** The words whose frequencies the question needs: its own, their pieces, and its re-cut words. */
export const wordsToLookUp = (words: string[], reglued: Map<string, Reglued>): string[] => [
  ...words,
  ...candidatePieces(words),
  ...[...reglued.values()].map((r) => r.joined),
];

/** A question word re-cut: the word before it with its first character (捡拾器), and what is left (堵). */
export interface Reglued {
  joined: string;
  rest: string;
}

/**
 * The question's Chinese words of two or more characters whose first character may end the word
 * before them: the segmenter glues a character to the wrong side ("捡拾器堵了" → 捡拾 / 器堵, "用手把草" →
 * 用 / 手把 / 草). Each with its re-cut, which `knownWords` takes when the joined word is one a manual
 * prints and the word itself is not.
 */
export function regluedWords(question: string): Map<string, Reglued> {
  const cut = cutWords(question);
  const out = new Map<string, Reglued>();
  const han = /^\p{Script=Han}+$/u;
  for (let i = 1; i < cut.length; i++) {
    const [a, b] = [cut[i - 1]!, cut[i]!];
    if (han.test(a) && han.test(b) && b.length >= 2 && !out.has(b)) out.set(b, { joined: a + b[0], rest: b.slice(1) });
  }
  return out;
}

/**
 * The pieces of a word share its weight: "哪一极" cut into 哪, 一, 极 weighs as the one word it was
 * (the pieces' own weights, scaled down to it when they sum to more), not three rare words.
 */
export function shareWeights(
  ww: WeightedWords,
  split: Map<string, string[]>,
  df: Map<string, number>,
  total: number,
): WeightedWords {
  if (split.size === 0) return ww;
  const weight = new Map(ww.weight);
  for (const [word, pieces] of split) {
    const whole = weighWords([word], df, total).total;
    const sum = pieces.reduce((a, p) => a + (weight.get(p) ?? 0), 0);
    if (sum > whole) for (const p of pieces) weight.set(p, ((weight.get(p) ?? 0) * whole) / sum);
  }
  return { words: ww.words, weight, total: ww.words.reduce((a, w) => a + (weight.get(w) ?? 0), 0) };
}
