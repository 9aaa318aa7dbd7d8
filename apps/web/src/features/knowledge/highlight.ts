/**
 * Where a citation's snippet sits in a page's text, for the page viewer's highlight.
 *
 * The snippet occurs verbatim on the page (the API checks it), but the text the viewer shows may
 * break lines where the snippet does not, and PDF extraction puts line breaks and spaces into
 * Chinese text at will. So the search ignores whitespace (and letter case) on both sides and maps
 * the match back to the page's own characters. Plain string search, no RegExp built from the
 * snippet: `(`, `*`, `[1]`, `\` are just characters. Several snippets (or repeated occurrences)
 * may overlap; overlapping and touching ranges merge into one highlight.
 */

export type Range = { start: number; end: number };
export type TextPart = { text: string; mark: boolean };

const isSpace = (ch: string) => /\s/u.test(ch);

/** the text without whitespace, case-folded, and for each of its characters the index it came from */
function squeeze(text: string): { chars: string; from: number[] } {
  let chars = '';
  const from: number[] = [];
  // by code point, so that a character outside the BMP (𠀀) stays one unit on both sides
  let i = 0;
  for (const ch of text) {
    if (!isSpace(ch)) {
      const lower = ch.toLowerCase();
      const folded = lower.length === ch.length ? lower : ch;
      chars += folded;
      for (let k = 0; k < folded.length; k++) from.push(i + k);
    }
    i += ch.length;
  }
  return { chars, from };
}

/** every occurrence of every snippet in `text`, as sorted, merged ranges of `text` */
export function findRanges(text: string, snippets: readonly string[]): Range[] {
  const hay = squeeze(text);
  const ranges: Range[] = [];
  for (const snippet of snippets) {
    const needle = squeeze(snippet).chars;
    if (!needle) continue;
    // step by one: "aa" in "aaa" is found twice, and the two merge
    for (let at = hay.chars.indexOf(needle); at !== -1; at = hay.chars.indexOf(needle, at + 1)) {
      const start = hay.from[at]!;
      const end = hay.from[at + needle.length - 1]! + 1;
      ranges.push({ start, end });
    }
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Range[] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** the text cut into plain and highlighted parts (in order, together exactly `text`) */
export function highlightParts(text: string, snippets: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const r of findRanges(text, snippets)) {
    if (r.start > at) parts.push({ text: text.slice(at, r.start), mark: false });
    parts.push({ text: text.slice(r.start, r.end), mark: true });
    at = r.end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
