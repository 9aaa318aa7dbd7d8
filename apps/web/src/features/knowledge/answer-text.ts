/**
 * An answer's text → plain text and citation marks. The API writes `[1]` for `citations[0]`;
 * a model may also write `[1, 2]`, `[1][2]` or the full-width `【1】` / `［1］`. A number with no
 * citation behind it (`[7]` of three, `[0]`, a year in brackets) stays plain text: a mark only
 * ever links to a citation that exists.
 */

export type AnswerPart = { kind: 'text'; text: string } | { kind: 'cite'; n: number; index: number };

/** `[1]`, `[1,2]`, `[1、2]`, `【1】`, `［1］`: an opening bracket, numbers and separators, the closing one */
const MARK = /[[【［]\s*(\d{1,3}(?:\s*[,，、;；]\s*\d{1,3})*)\s*[\]】］]/g;

export function parseAnswer(text: string, citationCount: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += t;
    else parts.push({ kind: 'text', text: t });
  };
  let at = 0;
  for (const match of text.matchAll(MARK)) {
    const numbers = match[1]!
      .split(/[^\d]+/)
      .filter(Boolean)
      .map(Number);
    // all or nothing: "[1, 9]" with three citations is not a mark
    if (!numbers.every((n) => n >= 1 && n <= citationCount)) continue;
    pushText(text.slice(at, match.index));
    for (const n of numbers) parts.push({ kind: 'cite', n, index: n - 1 });
    at = match.index + match[0].length;
  }
  pushText(text.slice(at));
  return parts;
}

/** The citations the text refers to, in order of first mention (the rest are still listed). */
export function citedIndexes(parts: AnswerPart[]): number[] {
  const seen = new Set<number>();
  for (const p of parts) if (p.kind === 'cite') seen.add(p.index);
  return [...seen];
}
