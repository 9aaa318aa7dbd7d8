import { cutWords, words as wordTokens } from '../../platform/text/segment.js';
import type { TermGroup } from './expansion.js';
import { isCjk, latinTokens, matchKey } from './glossary.js';

// The synonyms a manual states itself: "捡拾器（又称拾禾器）", "动力输出轴（PTO）", "tailgate (also
// called rear door)", "尿素溶液（AdBlue）". Read from the passages retrieved for a question, they
// join the glossary's groups: a question in the manual's other word covers the manual's sentences.

/** the words a manual uses to say that its parenthesis names the same thing */
const MARK =
  /^(又称|也称|也叫|俗称|简称|通称|或称|亦称|即|also called|also known as|also referred to as|known as|a\.k\.a\.|aka|or)\s*[:：]?\s*/i;
const PAREN = /[（(]([^（）()\n]{2,40})[）)]/g;
const HAN_TERM = /^\p{Script=Han}{2,12}$/u;
const LATIN_TERM = /^[A-Za-z][A-Za-z-]*( [A-Za-z][A-Za-z-]*){0,3}$/;

/** One synonym a manual states: the term before the parenthesis (its possible extents) and the one inside. */
export interface StatedPair {
  before: string[];
  inside: string;
}

/** The term right before a parenthesis: the last one to three words of its run of Han characters, or one to four Latin words. */
function termsBefore(text: string): string[] {
  const han = /(\p{Script=Han}{2,12})\s*$/u.exec(text);
  if (han) {
    const ws = cutWords(han[1]!);
    const out: string[] = [];
    for (let k = 1; k <= Math.min(3, ws.length); k++) {
      const t = ws.slice(-k).join('');
      if (t.length >= 2 && !out.includes(t)) out.push(t);
    }
    return out;
  }
  const latin = /([A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,3})\s*$/.exec(text);
  if (!latin) return [];
  const ws = latin[1]!.split(' ');
  return ws.map((_, i) => ws.slice(i).join(' ')).filter((t) => t.length >= 2);
}

/**
 * The synonym pairs a text states: a parenthesis opening with a naming word (又称, also called…),
 * or a term of the other script right after a term (动力输出轴（PTO）, tailgate (后仓门)). A
 * parenthesis holding numbers, units or a phrase (草捆尺寸（直径 × 宽度）) states no synonym.
 */
export function statedPairs(text: string): StatedPair[] {
  const out: StatedPair[] = [];
  for (const m of text.matchAll(PAREN)) {
    const raw = m[1]!.trim();
    const marked = MARK.test(raw);
    const inside = raw
      .replace(MARK, '')
      .replace(/^[“"「]|[”"」]$/g, '')
      .trim();
    const innerHan = HAN_TERM.test(inside);
    if (!innerHan && !LATIN_TERM.test(inside)) continue;
    const before = termsBefore(text.slice(Math.max(0, m.index - 40), m.index));
    if (before.length === 0) continue;
    const crossScript = innerHan !== isCjk(before[0]!);
    if (marked || crossScript) out.push({ before, inside });
  }
  return out;
}

/** Whether a question says a term: Chinese by substring, Latin as a run of its words. */
function says(question: string, qTokens: string[], term: string): boolean {
  if (isCjk(term)) return question.includes(term);
  const t = latinTokens(term);
  return t.length > 0 && qTokens.some((_, i) => t.every((x, j) => qTokens[i + j] === x));
}

/** The question's content words a term stands for (the rule of the glossary's forms). */
function wordsOf(term: string, questionWords: string[]): string[] {
  if (isCjk(term)) return questionWords.filter((w) => isCjk(w) && (term.includes(w) || w.includes(term)));
  const t = latinTokens(term);
  return questionWords.filter((w) => !isCjk(w) && t.includes(matchKey(w)));
}

const tokensOf = (alt: string): string[] => (isCjk(alt) ? [alt] : wordTokens([alt]).filter((t) => t.length > 1));

/**
 * The glossary's groups with the synonyms the passages state: a question saying one side of a
 * stated pair gains the other side as an alternative, in the group of its words when the glossary
 * has one (a word is never counted twice), else in a group of its own.
 */
export function withStatedTerms(
  groups: TermGroup[],
  question: string,
  questionWords: string[],
  texts: string[],
): TermGroup[] {
  const q = question.toLowerCase();
  const qTokens = latinTokens(question);
  const out = groups.map((g) => ({ ...g, alternatives: [...g.alternatives] }));
  const seen = new Set<string>();
  for (const text of texts)
    for (const pair of statedPairs(text)) {
      const sides: [string[], string[]][] = [
        [pair.before, [pair.inside]],
        [[pair.inside], pair.before],
      ];
      for (const [said, other] of sides) {
        const form = said.find((t) => says(q, qTokens, t.toLowerCase()));
        if (!form || other.some((t) => says(q, qTokens, t.toLowerCase()))) continue;
        const ws = wordsOf(form.toLowerCase(), questionWords);
        const alts = other.map((t) => tokensOf(t.toLowerCase())).filter((a) => a.length > 0);
        if (ws.length === 0 || alts.length === 0) continue;
        const key = `${ws.join(' ')}→${other.join('|')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const group = out.find((g) => g.words.some((w) => ws.includes(w)));
        if (group) group.alternatives.push(...alts);
        else
          out.push({
            words: ws,
            alternatives: alts,
            form,
            domain: 'stated',
            machineKind: false,
            answerKind: false,
            maker: false,
          });
      }
    }
  return out;
}
