/**
 * The goal as the matchers see it. `norm` has the same length as the original, so a match's
 * offsets point into both: full-width ASCII (ＡＢＣ１２３，：) is folded to ASCII, the ideographic
 * space to a space, and letters are lower-cased one by one. Spans that a matcher has already
 * understood are masked (replaced by NUL in `view()`), so no later matcher reads the same words
 * again: "避开维修中的机器" must not also count as a maintenance goal, and a field called
 * "收获场" must not turn into a harvesting request.
 */
import { countHan, hasHan } from '../../platform/text/script.js';

export const MASK = '\u0000';

function foldChar(c: string): string {
  const code = c.charCodeAt(0);
  if (code >= 0xff01 && code <= 0xff5e) c = String.fromCharCode(code - 0xfee0);
  else if (code === 0x3000) c = ' ';
  const lower = c.toLowerCase();
  return lower.length === 1 ? lower : c;
}

export function normalize(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += foldChar(s[i]!);
  return out;
}

export interface Span {
  start: number;
  end: number;
}

export class GoalText {
  readonly norm: string;
  private readonly masked: boolean[];

  constructor(readonly original: string) {
    this.norm = normalize(original);
    this.masked = new Array<boolean>(original.length).fill(false);
  }

  mask(span: Span): void {
    for (let i = span.start; i < span.end; i++) this.masked[i] = true;
  }

  isFree(span: Span): boolean {
    for (let i = span.start; i < span.end; i++) if (this.masked[i]) return false;
    return true;
  }

  view(): string {
    let out = '';
    for (let i = 0; i < this.norm.length; i++) out += this.masked[i] ? MASK : this.norm[i];
    return out;
  }

  slice(span: Span): string {
    return this.original.slice(span.start, span.end);
  }
}

export interface Match<T> extends Span {
  value: T;
  groups: string[];
}

/** Every match of every pattern (global, on `view`), each tagged with its pattern's value. */
export function scan<T>(view: string, patterns: ReadonlyArray<{ re: RegExp; value: T }>): Match<T>[] {
  const out: Match<T>[] = [];
  for (const p of patterns) {
    const re = new RegExp(p.re.source, p.re.flags.includes('g') ? p.re.flags : `${p.re.flags}g`);
    for (const m of view.matchAll(re)) {
      if (m[0].length === 0) continue;
      out.push({ start: m.index, end: m.index + m[0].length, value: p.value, groups: m.slice(1).map((g) => g ?? '') });
    }
  }
  return out;
}

/**
 * Leftmost-longest selection of non-overlapping matches ("下周末" beats "下周" and "周末";
 * "forage harvesting" beats "harvesting"), returned in text order.
 */
export function leftmostLongest<T extends Span>(matches: T[]): T[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  let end = -1;
  for (const m of sorted) {
    if (m.start >= end) {
      out.push(m);
      end = m.end;
    }
  }
  return out;
}

/** Longest-first selection (names: the longest known name wins wherever it starts). */
export function longestFirst<T extends Span>(matches: T[]): T[] {
  const sorted = [...matches].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const out: T[] = [];
  for (const m of sorted) if (!out.some((o) => m.start < o.end && o.start < m.end)) out.push(m);
  return out.sort((a, b) => a.start - b.start);
}

/** quoted spans (a name, a symptom someone else wrote): not the goal's own words */
const QUOTED = /[“"「『《][^”"」』》]*[”"」』》]/g;
/** an English word: two letters or more, not an all-capitals code ("JD", "MTBF", "E12") */
const EN_WORD = /\b[A-Za-z][a-z]+\b/g;

/**
 * The language of a goal's own words: Chinese unless English words outnumber the Chinese ones
 * (a Chinese word is ~2 characters) and there are at least 3 of them, so an English goal that
 * names a machine or field in Chinese ("plan the harvest of 东岗3号地 next week") is answered
 * in English, and a Chinese goal naming "John Deere 8R" in Chinese. The first sentence decides.
 */
export function goalLanguage(text: string): 'zh' | 'en' {
  // the first sentence decides: text appended after it (a pasted instruction) does not switch the answer's language
  const own =
    text
      .replace(QUOTED, ' ')
      .split(/[。！？!?；;\n]|\.(?:\s|$)/)
      .find((x) => hasHan(x) || /[A-Za-z]{2}/.test(x)) ?? '';
  const cjk = countHan(own);
  if (cjk === 0) return 'en';
  const words = own.match(EN_WORD)?.length ?? 0;
  return words >= 3 && words > cjk / 2 ? 'en' : 'zh';
}
