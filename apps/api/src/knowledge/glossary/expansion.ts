import { cutWords, querySearchTokens, words as wordTokens, passageTokens } from '../../platform/text/segment.js';
import { contains, coverage, type WeightedWords } from '../retrieval/evidence.js';
import {
  findForms,
  isCjk,
  isAnswerKind,
  isFiller,
  isMachineKind,
  isMaker,
  latinTokens,
  matchKey,
  termsOf,
  type FormMatch,
} from './glossary.js';

/**
 * An expansion counts for less than the question's own words: a passage that says what was asked
 * in the asked words ranks above one that says it in a synonym or a translation.
 */
export const EXPANSION_WEIGHT = 0.8;
/** Weight of the expansion lists (lexical, code) in the rank fusion, against 1 for the question's own lists. */
export const EXPANSION_RANK_WEIGHT = 0.5;
/** most words and codes one question's expansion adds to the search */
const MAX = { lexicalTokens: 48, codeTerms: 4 } as const;

/** The question's words without colloquial fillers: "车子开着开着水温就上去了咋整" asks about 水温 going up, nothing else. */
export const contentWords = (questionWords: string[]): string[] => questionWords.filter((w) => !isFiller(w));

/** Some of the question's words and the ways the glossary says the same thing (each alternative: its word tokens). */
export interface TermGroup {
  words: string[];
  alternatives: string[][];
  form: string;
  /** the glossary domain of the entry (units say nothing about a topic) */
  domain: string;
  /** the entry names a kind of machine (combine, tractor, transplanter…) */
  machineKind: boolean;
  /** the entry says what kind of answer is wanted (interval, capacity, torque…), not its topic */
  answerKind: boolean;
  /** the entry names a maker (约翰迪尔, CLAAS) */
  maker: boolean;
}

export interface QueryExpansion {
  groups: TermGroup[];
  /** index tokens of the alternatives that the question's own tokens lack (the expansion's lexical list) */
  lexicalTokens: string[];
  /** acronyms of the matched entries (PTO, DEF, RTK …) for the code stage */
  codeTerms: string[];
  matches: FormMatch[];
}

/** Tokens of one alternative as coverage counts them: a Chinese term whole (substring), Latin terms as stemmed
 * words; a one-letter word only as a unit's symbol ("h" of hours, said by "every 500 h"). */
const altTokens = (alt: string, unit: boolean): string[] =>
  isCjk(alt) ? [alt] : wordTokens([alt]).filter((t) => t.length > 1 || (unit && /^[a-z]$/.test(t)));

/**
 * Which of the question's content words a glossary form stands for. A Chinese word inside the form
 * counts where the question says it inside the form's match: "限深滑板" does not take the 深 of "耕得深"
 * (a word the segmenter never cuts alone is taken by its characters, as before).
 */
function sourceWords(m: FormMatch, questionWords: string[], taken: Set<string>, at: Map<string, number[]>): string[] {
  const formWords = isCjk(m.form) ? [] : latinTokens(m.form);
  const inside = (w: string) => {
    const starts = at.get(w);
    return !starts || starts.some((s) => s >= m.start && s + w.length <= m.end);
  };
  return questionWords.filter(
    (w) =>
      !taken.has(w) &&
      (isCjk(m.form)
        ? isCjk(w) && (((m.form.includes(w) || m.form.includes(GAP_MARK)) && inside(w)) || w.includes(m.form))
        : formWords.includes(matchKey(w))),
  );
}
const GAP_MARK = '~';

/** Where the segmenter cuts each word of the question (character offsets). */
function wordStarts(question: string): Map<string, number[]> {
  const at = new Map<string, number[]>();
  let i = 0;
  for (const w of cutWords(question)) {
    at.set(w, [...(at.get(w) ?? []), i]);
    i += w.length;
  }
  return at;
}

/**
 * Expands a question with the glossary: each matched form (a term or a colloquial saying) groups
 * the question words it covers with the entry's terms in both languages. The groups decide, per
 * passage, which saying of each idea the passage uses (see `realise`).
 */
export function expandQuery(question: string, questionWords: string[], questionTokens: string[]): QueryExpansion {
  const matches = findForms(question);
  const at = wordStarts(question);
  const taken = new Set<string>();
  const groups: TermGroup[] = [];
  const own = new Set(questionTokens);
  const lexical = new Set<string>();
  const codes = new Set<string>();
  for (const m of matches) {
    const ws = sourceWords(m, questionWords, taken, at);
    if (ws.length === 0) continue;
    ws.forEach((w) => taken.add(w));
    const alternatives = termsOf(m.entry)
      .filter((t) => t !== m.form)
      .map((t) => altTokens(t, m.entry.domain === 'units'))
      .filter((a) => a.length > 0);
    groups.push({
      words: ws,
      alternatives,
      form: m.form,
      domain: m.entry.domain,
      machineKind: isMachineKind(m.entry),
      answerKind: isAnswerKind(m.entry),
      maker: isMaker(m.entry),
    });
    // the lists search for the other language's terms, and for the terms behind a saying; a
    // synonym in the question's own language only counts in coverage (it would pull in pages
    // that share a generic word and push the asked words' page down)
    const cjk = isCjk(m.form);
    for (const t of termsOf(m.entry)) {
      if (!m.saying && isCjk(t) === cjk) continue;
      for (const tok of querySearchTokens(t)) if (!own.has(tok)) lexical.add(tok);
      if (cjk && m.entry.domain !== 'units' && /^[a-z]{3,5}$/.test(t)) codes.add(t.toUpperCase());
    }
  }
  return {
    groups,
    lexicalTokens: [...lexical].slice(0, MAX.lexicalTokens),
    codeTerms: [...codes].slice(0, MAX.codeTerms),
    matches,
  };
}

/** CJK words by substring (segmentation may differ), others by token: the rule coverage uses. */
const has = contains;

/**
 * The question's weighted words as a given text would say them: per group, the question's own
 * words or the alternative (a synonym, the term behind a saying, the other language's term) that
 * the text covers best, the alternative at EXPANSION_WEIGHT of the group's weight. The total stays
 * the question's, so coverage keeps its meaning (share of what was asked) and never gains from
 * expansion on a passage that uses the question's own words.
 */
export function realise(ww: WeightedWords, groups: TermGroup[], text: string): WeightedWords {
  if (groups.length === 0) return ww;
  const lower = text.toLowerCase();
  const tokens = passageTokens(lower);
  const grouped = new Set(groups.flatMap((g) => g.words));
  const words: string[] = ww.words.filter((w) => !grouped.has(w));
  const weight = new Map<string, number>(words.map((w) => [w, ww.weight.get(w) ?? 0]));
  const add = (w: string, x: number) => {
    if (!weight.has(w)) words.push(w);
    weight.set(w, (weight.get(w) ?? 0) + x);
  };
  for (const g of groups) {
    const gw = g.words.reduce((a, w) => a + (ww.weight.get(w) ?? 0), 0);
    const own = ownSaying(g);
    let best = own.reduce((a, [w, x]) => a + (has(w, lower, tokens) ? x : 0), 0);
    let chosen: string[] | null = null;
    for (const alt of g.alternatives) {
      const found = alt.filter((t) => has(t, lower, tokens)).length / alt.length;
      const score = found * gw * EXPANSION_WEIGHT;
      if (score > best + 1e-9) {
        best = score;
        chosen = alt;
      }
    }
    if (chosen) for (const t of chosen) add(t, (gw * EXPANSION_WEIGHT) / chosen.length);
    else for (const [w, x] of own) add(w, x);
  }
  return { words, weight, total: ww.total };

  /**
   * The group's own words as a text must say them: a Chinese form that the segmenter cut into
   * single characters ("打药" → 打, 药) is said when the text has the form or its characters close
   * together ("不能升降" for 升不起来); characters found apart, inside unrelated words ("打折" …
   * "药渣"), cover nothing. Words of two or more characters stay as they are.
   */
  function ownSaying(g: TermGroup): [string, number][] {
    const each = g.words.map((w): [string, number] => [w, ww.weight.get(w) ?? 0]);
    const single = g.words.filter((w) => isCjk(w) && w.length === 1);
    if (single.length < 2 || lower.includes(g.form) || saidClose(lower, single, g.form.length + 2)) return each;
    const rest = each.filter(([w]) => !single.includes(w));
    return [[g.form, single.reduce((a, w) => a + (ww.weight.get(w) ?? 0), 0)], ...rest];
  }
}

/** Whether every character occurs within `window` characters of one occurrence of the first (in any order). */
export function saidClose(text: string, chars: string[], window: number): boolean {
  const [first, ...others] = chars;
  for (let at = text.indexOf(first!); at >= 0; at = text.indexOf(first!, at + 1)) {
    const near = text.slice(Math.max(0, at - window), at + window + 1);
    if (others.every((c) => near.includes(c))) return true;
  }
  return false;
}

/**
 * How much of an untranslatable word's weight a passage in the other language is excused: a
 * Chinese question's words that the glossary does not know ("亮", "连续") can never be said by an
 * English passage, however well it answers; counted in full they would keep every answer in the
 * other language under the found threshold. Not all of it: a question the glossary hardly
 * translates stays weakly covered.
 */
export const UNTRANSLATED_DISCOUNT = 0.75;

/**
 * The question's words as a passage in the other language would say them (see `realise`), with
 * the words that no glossary entry translates (in the question's script, not numbers or codes,
 * which both languages print alike) weighing UNTRANSLATED_DISCOUNT less in the total — but never
 * more weight excused than the passage is shown to say of the question (glossary translations,
 * codes, numbers): an excuse needs evidence. A passage saying only "nozzle" of "喷头多少钱一个，
 * 在哪里买" (price and purchase untranslated), or only "执照" of "how do I buy the section control
 * licence for the terminal", stays as weakly covered as it is; one saying the pump, its tag and the
 * relief valve of "kb5e1f0a27 号液压泵的溢流阀在多大压力下开启" is excused 号, 大, 下 and the rest.
 */
export function realiseAcross(
  ww: WeightedWords,
  groups: TermGroup[],
  text: string,
  questionZh: boolean,
): WeightedWords {
  const pw = realise(ww, groups, text);
  const grouped = new Set(groups.flatMap((g) => g.words));
  const untranslated = ww.words
    .filter((w) => !grouped.has(w) && !/\d/.test(w) && isCjk(w) === questionZh)
    .reduce((a, w) => a + (ww.weight.get(w) ?? 0), 0);
  const said = coverage(pw, text) * pw.total;
  const total = Math.max(pw.total - Math.min(UNTRANSLATED_DISCOUNT * untranslated, said), 1e-9);
  return { ...pw, total };
}
