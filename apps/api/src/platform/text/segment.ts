import { createRequire } from 'node:module';

/**
 * Chinese word segmentation (jieba, @node-rs/jieba: a native module shipped inside the npm
 * package) and the token rules shared by the indexer and the query side. Postgres full-text runs
 * with the 'simple' configuration over these space-separated tokens, so Chinese text is searched
 * by words, not by whole sentences.
 */
interface JiebaLike {
  cut(text: string, hmm?: boolean): string[];
  cutForSearch(text: string, hmm?: boolean): string[];
}

const require = createRequire(import.meta.url);
let jieba: JiebaLike | undefined;
function segmenter(): JiebaLike {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): JiebaLike } };
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

const WORD = /^[\p{L}\p{N}]+$/u;
const SPLIT = /[^\p{L}\p{N}]+/u;

/**
 * A light English stemmer applied on both sides (index and query), so "filters" finds "filter"
 * and "changing" finds "change": plural and -ing / -ed endings of words of 5+ letters.
 */
export function stem(w: string): string {
  if (!/^[a-z]{5,}$/.test(w)) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  if (w.endsWith('ing') && w.length >= 6) return w.slice(0, -3);
  if (w.endsWith('ed') && w.length >= 5) return w.slice(0, -2);
  return w;
}

/** Lower-cased, stemmed word tokens; anything that is not a letter or digit separates tokens. */
export function words(tokens: string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    for (const w of t.toLowerCase().split(SPLIT)) if (w && WORD.test(w)) out.push(stem(w));
  }
  return out;
}

/** Index side: search-mode segmentation (words and their sub-words), space-separated. */
export function indexTokens(text: string): string {
  return words(segmenter().cutForSearch(text, true)).join(' ');
}

// Question words and function words that say nothing about the manual's content.
const STOP = new Set(
  (
    '的 了 和 与 及 或 是 在 有 为 把 被 对 从 到 就 都 也 还 要 会 能 可以 应该 需要 如何 怎么 怎么办 怎样 怎么样 什么 哪些 哪个 哪里 多少 几 吗 呢 吧 啊 请 请问 我 我们 你 您 他 它 这 那 这个 那个 一个 时 时候 时应 应 该 如果 出现 发生 多久 一次 多长时间 几次 哪儿 为什么 是否 有没有 ' +
    '内 哪 问题 哪些地方 哪些项目 哪些方面 什么地方 什么问题 什么意思 啥意思 意思 代表 里 里面 多 多大 多高 多快 多重 多长 多远 合适 程度 不能 能否 可否 每个 自己 之前 先 做 给 设 ' +
    'a an the of to in on at for and or is are was were be been do does did how what which when where why who whom should can could would will shall my our your i we you it its this that these those with from by as if then than there please tell me about often need much many any some ' +
    'within due ok okay has have had may might must get gets got happen happens long time times take takes make makes way mean means right proper correct enough want wants able'
  ).split(/\s+/),
);

/** The precise-mode words of a text, every character kept (the pieces concatenate back to it). */
export function cutWords(text: string): string[] {
  return segmenter().cut(text, true);
}

/** Query side: the content words of a question (precise-mode words, stop words removed, deduplicated). */
export function queryWords(question: string): string[] {
  const seen = new Set<string>();
  for (const w of words(segmenter().cut(question, true))) if (!STOP.has(w)) seen.add(w);
  return [...seen];
}

/** Query side: the tokens matched against the index (search mode: words and their sub-words). */
export function querySearchTokens(question: string): string[] {
  const seen = new Set<string>();
  for (const w of words(segmenter().cutForSearch(question, true))) if (!STOP.has(w)) seen.add(w);
  return [...seen];
}

/**
 * The shorter words of a Chinese question word, for when no manual prints the word itself:
 * `sub`, its search-mode sub-words (柑橘园 → 柑橘); `plain`, its dictionary words without the
 * segmenter's guesses (风大到 → 风, 大), or else the word without a question word at its start or
 * end (飞多高 → 飞). Stop words are left out; empty when the word has no shorter parts.
 */
export function wordPieces(word: string): { sub: string[]; plain: string[] } {
  if (!/\p{Script=Han}/u.test(word) || word.length < 3) return { sub: [], plain: [] };
  const keep = (ws: string[]) => [...new Set(words(ws).filter((w) => w !== word && !STOP.has(w)))];
  const sub = keep(segmenter().cutForSearch(word, false)).filter((w) => w.length >= 2);
  let plain = keep(segmenter().cut(word, false));
  if (plain.length === 0) {
    const asked = [...STOP].filter((w) => w.length >= 2 && w.length < word.length && /\p{Script=Han}/u.test(w));
    const end = asked.find((w) => word.endsWith(w));
    const start = asked.find((w) => word.startsWith(w));
    plain = end ? [word.slice(0, -end.length)] : start ? [word.slice(start.length)] : [];
  }
  return { sub, plain };
}

/** The word tokens of a passage (for coverage: which query words a passage contains). */
export function passageTokens(text: string): Set<string> {
  return new Set(words(segmenter().cutForSearch(text, true)));
}

/** Search-mode sub-words of one word (联合收割机 → 联合, 收割, 收割机, 联合收割机). */
export function subWords(word: string): string[] {
  return words(segmenter().cutForSearch(word, true));
}

/**
 * Model numbers and fault codes in a question ("E12", "6R 155", "P0217", "SPN 110"): letters
 * with digits, or a number glued to a model prefix. These go to the trigram matcher, which
 * tolerates the spacing and case differences full-text would miss.
 */
export function codeTerms(question: string): string[] {
  const out = new Set<string>();
  const re = /\b([A-Za-z]{1,4}[-\s]?\d{1,5}[A-Za-z]?|\d{1,3}[A-Za-z]{1,3}(?:\s?\d{2,5})?)\b/g;
  for (const m of question.matchAll(re)) out.add(m[1]!.replace(/\s+/g, ' '));
  return [...out].slice(0, 5);
}
