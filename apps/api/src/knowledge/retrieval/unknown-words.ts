import { wordPieces } from '../../platform/text/segment.js';
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
): { words: string[]; split: Map<string, string[]> } {
  const out: string[] = [];
  const split = new Map<string, string[]>();
  for (const w of words) {
    const known = (df.get(w) ?? 0) > 0 || glossaryForms.some((f) => f.includes(w) || w.includes(f));
    const { sub, plain } = known ? { sub: [], plain: [] } : wordPieces(w);
    const printed = sub.filter((p) => (df.get(p) ?? 0) > 0);
    const pieces = (printed.length ? printed : plain).filter((p) => !out.includes(p) && !words.includes(p));
    if (pieces.length) split.set(w, pieces);
    out.push(...(pieces.length ? pieces : [w]));
  }
  return { words: [...new Set(out)], split };
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
