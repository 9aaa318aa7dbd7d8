/**
 * The specific things a question names: fault codes (E22, P0217, ECU 000110.16, SPN 110), tyre
 * sizes (710/70R38), part numbers (RE504836, 30050), model numbers (6R 155, GN70) and other identifiers
 * (a serial or tag such as kb847d3417). An answer
 * about "710/70R38" drawn from the 650/65R38 row is wrong however well the other words match: each
 * named entity must be in the answer's source, or the answer says the manual does not cover it.
 */
export type EntityKind = 'tyre' | 'code' | 'part';

export interface Entity {
  kind: EntityKind;
  text: string;
}

const TYRE = /\b\d{2,3}\/\d{2}\s?-?\s?Z?R\s?\d{2}(?:\.\d)?\b/gi;
// letters then digits (E22, P0217, ECU 000110.16, SPN 110, GN70, T50, RE504836), or digits then letters then digits (6R 155);
// Chinese around a code bounds it like a space ("报E12怎么办", "T50农业无人飞机")
const CODE =
  /(?<![A-Za-z0-9])(?:[A-Z]{1,4}[-\s]\d{2,8}(?:\.\d{1,3})?|[A-Za-z]{1,4}\d{2,8}(?:\.\d{1,3})?[A-Za-z]?|\d{1,2}[A-Za-z]{1,2}\s?\d{2,4})(?![A-Za-z0-9])/gu;
// an identifier whose letters and digits alternate more than once (a serial, a tag, a model such as
// "kb847d3417", "X9K42", "AB1234CD"): at least two letters and two digits, 5–24 characters; no word or quantity looks like it
const IDENTIFIER =
  /(?<![A-Za-z0-9])(?=[A-Za-z]*\d+[A-Za-z]+\d|\d+[A-Za-z]+\d+[A-Za-z]|[A-Za-z]+\d+[A-Za-z])(?=(?:[A-Za-z0-9]*\d){2})(?=(?:[A-Za-z0-9]*[A-Za-z]){2})[A-Za-z0-9]{5,24}(?![A-Za-z0-9])/g;
// a bare number of five or more digits that no unit follows: a part or code number
const PART =
  /(?<![A-Za-z0-9./])\d{5,}(?![\p{N}.,])(?!\s*(?:%|°|℃|小时|公里|千克|转|升|米|毫米|(?:kpa|mpa|bar|psi|rpm|kw|hp|kg|km|mm|cm|nm|n·m|h|l|m|v|w|s|g)(?![a-z])))/giu;
// a maker's or series' name followed by its model number ("Lexion 8700", "Comprima 3200"): a
// capitalised word then 3–5 digits that no unit follows; words that number a part of a manual
// (Table 6, Step 3, Every 500 h) are not names
const NAMED_MODEL =
  /(?<![\p{L}\p{N}])([A-Z][a-z]{2,14})\s(\d{3,5})(?![\p{L}\p{N}.,]|\s*(?:%|°|℃|kpa|mpa|bar|psi|rpm|kw|hp|kg|km|mm|cm|nm|n·m|h|l|m|v|w|s|g|hours?|litres?|liters?)(?![a-z]))/gu;
const NOT_A_NAME =
  /^(?:Table|Figure|Fig|Step|Section|Chapter|Page|Item|Every|Above|Below|After|Before|Under|Over|From|With|About|Only|Code|Error|Model|Issue|Edition|Version|Part|Serial|Year|Since|Until)$/;
// a unit after letters+digits makes it a quantity, not a code ("M22" is a bolt, "h 500" isn't a code);
// "A" is not among them: amperes follow their number, and A101 is an alarm code
const UNITISH = /^(?:kpa|mpa|bar|psi|rpm|kw|hp|kg|km|mm|cm|nm|h|l|m|v|w|s|g)$/i;

/** Spacing and case ignored: "spn110" ≡ "SPN 110", "6r155" ≡ "6R 155". */
export const squashEntity = (s: string) => s.toLowerCase().replace(/\s+/g, '');

export function entitiesOf(text: string): Entity[] {
  const out = new Map<string, Entity>();
  let rest = text;
  for (const m of text.matchAll(TYRE)) {
    out.set(squashEntity(m[0]), { kind: 'tyre', text: m[0].replace(/\s+/g, '') });
    rest = rest.replace(m[0], ' ');
  }
  for (const m of rest.matchAll(CODE)) {
    const t = m[0];
    const letters = t.match(/^[A-Za-z]+/)?.[0] ?? '';
    if (letters && UNITISH.test(letters)) continue;
    out.set(squashEntity(t), { kind: 'code', text: t.replace(/\s+/g, ' ') });
  }
  for (const m of rest.matchAll(NAMED_MODEL)) {
    if (NOT_A_NAME.test(m[1]!)) continue;
    out.set(squashEntity(m[0]), { kind: 'code', text: m[0] });
    rest = rest.replace(m[0], ' ');
  }
  for (const m of rest.matchAll(IDENTIFIER)) {
    const key = squashEntity(m[0]);
    if (![...out.keys()].some((k) => k.includes(key) || key.includes(k))) out.set(key, { kind: 'code', text: m[0] });
  }
  for (const m of rest.matchAll(PART)) out.set(squashEntity(m[0]), { kind: 'part', text: m[0] });
  return [...out.values()];
}

/** Does the text name the entity (whole, not as part of a longer code: E2 is not in E22)? Spacing and case ignored. */
export function mentions(text: string, e: Entity): boolean {
  const needle = squashEntity(e.text);
  if (!needle) return false;
  const esc = [...needle].map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('\\s*');
  // a digit may not touch a digit, a Latin letter not a Latin letter ("代码E22" still names E22)
  const before = /\d/.test(needle[0]!) ? '(?<!\\d)' : '(?<![a-z])';
  const after = /\d/.test(needle[needle.length - 1]!) ? '(?!\\d)' : '(?![a-z])';
  return new RegExp(`${before}${esc}${after}`, 'i').test(text);
}
