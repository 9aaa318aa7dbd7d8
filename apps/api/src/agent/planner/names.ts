import { parseChineseNumber, ZH_NUMERAL_CHARS } from './numerals.js';
import { pinyin } from 'pinyin-pro';
import { normalize, longestFirst, type GoalText, type Span } from './text.js';

/**
 * Finding known names (teams, fields, machines, operators) in a goal. Only names from the
 * `known` lists can match, so an id in the output always comes from the database, never from
 * the goal's text. Besides the exact name (case, width and spacing ignored: "JD 8R" = "jd8r" =
 * "ＪＤ ８Ｒ"), a few short forms are accepted because dispatchers use them every day:
 *
 * - teams and fields: Chinese numerals and digits are interchangeable ("东岗3号地" = "东岗三号地",
 *   "第1队" = "第一队");
 * - teams: a leading 第 may be dropped ("第一队" → "一队"), an English "team"/"crew"/"group"
 *   suffix may be dropped ("North team" → "north");
 * - fields: a trailing 地/田/地块 after 号 may be dropped ("东岗3号地" → "东岗3号"), an English
 *   "field"/"plot" suffix may be dropped ("River field" → "river").
 *
 * A short form that two entities share is ambiguous and dropped; the longest match wins
 * ("机收一队" beats "一队"); a name never matches inside a longer number or word ("一队" is not
 * found in "十一队", "S780" not in "S7800").
 */

export type NameKind = 'team' | 'field' | 'asset' | 'operator';
/** What each kind of name is called in a note or a question. */
export const KIND_WORDS: Record<NameKind, { zh: string; en: string }> = {
  asset: { zh: '机器', en: 'machine' },
  field: { zh: '地块', en: 'field' },
  team: { zh: '作业队', en: 'team' },
  operator: { zh: '机手', en: 'operator' },
};

export interface KnownRef {
  id: string;
  name: string;
}

export interface NameMatch extends Span {
  kind: NameKind;
  ref: KnownRef;
}

export interface NameScan {
  matches: NameMatch[];
  /** text that matched several entities: masked, but nothing is chosen */
  ambiguous: Array<Span & { text: string }>;
}

const ZH_DIGIT_CHARS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 3 → 三, 12 → 十二, 25 → 二十五 (names use small numbers) */
export function toChineseNumber(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > 99) return null;
  if (n < 10) return ZH_DIGIT_CHARS[n]!;
  const t = Math.floor(n / 10);
  const u = n % 10;
  return `${t === 1 ? '' : ZH_DIGIT_CHARS[t]}十${u === 0 ? '' : ZH_DIGIT_CHARS[u]}`;
}

function numeralVariants(name: string): string[] {
  const out: string[] = [];
  const withDigits = name.replace(new RegExp(`[${ZH_NUMERAL_CHARS}]+`, 'g'), (s) => {
    const n = parseChineseNumber(s);
    return n === null ? s : String(n);
  });
  if (withDigits !== name) out.push(withDigits);
  const withZh = name.replace(/\d{1,2}(?!\d)/g, (s) => toChineseNumber(Number(s)) ?? s);
  if (withZh !== name) out.push(withZh);
  return out;
}

export function nameVariants(kind: NameKind, rawName: string): { exact: string; short: string[] } {
  const exact = normalize(rawName).trim().replace(/\s+/g, ' ');
  const short = new Set<string>();
  if (kind === 'team' || kind === 'field') {
    const bases = [exact];
    if (kind === 'team' && exact.startsWith('第') && exact.length > 2) bases.push(exact.slice(1));
    if (kind === 'field') {
      const m = /^(.+号)(?:地块|地|田)$/.exec(exact);
      if (m && m[1]!.length >= 2) bases.push(m[1]!);
    }
    const suffix = kind === 'team' ? /^(.{3,}?)\s+(?:team|crew|group)$/ : /^(.{3,}?)\s+(?:field|plot)$/;
    const en = suffix.exec(exact);
    if (en) bases.push(en[1]!);
    for (const b of bases) {
      short.add(b);
      for (const v of numeralVariants(b)) short.add(v);
    }
  }
  if (kind === 'operator') for (const v of pinyinVariants(exact)) short.add(v);
  short.delete(exact);
  return { exact, short: [...short].filter((s) => s.length >= 2) };
}

/**
 * A Chinese person's name as an English goal writes it: "Zhao Gang", "Gang Zhao" for 赵刚
 * (surname readings: 单 Shan, 曾 Zeng; ü as v or u: 吕 Lv/Lu). Spacing and case are free in
 * matching, so "zhaogang" and "ZHAO Gang" are the same. Only names of 2–4 Han characters.
 */
export function pinyinVariants(name: string): string[] {
  if (!/^\p{Script=Han}{2,4}$/u.test(name)) return [];
  const syl = pinyin(name, { toneType: 'none', surname: 'head', type: 'array', v: true }).map((s) => s.toLowerCase());
  if (syl.length !== [...name].length || syl.some((s) => !/^[a-z]+$/.test(s))) return [];
  // surname: one syllable (two for the few two-character surnames, which the given name then follows)
  const cut = TWO_CHAR_SURNAMES.has(name.slice(0, 2)) && syl.length > 2 ? 2 : 1;
  const family = syl.slice(0, cut).join('');
  const given = syl.slice(cut).join('');
  const out = new Set([`${family} ${given}`, `${given} ${family}`]);
  for (const v of [...out]) if (v.includes('v')) out.add(v.replaceAll('v', 'u'));
  return [...out];
}
const TWO_CHAR_SURNAMES = new Set([
  '欧阳',
  '司马',
  '诸葛',
  '上官',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '令狐',
  '夏侯',
  '长孙',
  '宇文',
  '司徒',
  '端木',
]);

/** Spacing, hyphens and underscores are free in a name: "JD-8R" = "JD 8R" = "JD8R". */
const SEPARATOR = /[\s_-]/;
const SEPARATORS = /[\s_-]+/g;

/**
 * `nameVariants` is pure and the same names come back on every run (three scans a run, ~2,000
 * names at scale 10): its results are kept, bounded, per kind and name.
 */
const variantMemo = new Map<string, { exact: string; short: string[] }>();
const VARIANT_MEMO_MAX = 50_000;
function memoVariants(kind: NameKind, name: string): { exact: string; short: string[] } {
  const key = `${kind}\u0000${name}`;
  let v = variantMemo.get(key);
  if (!v) {
    if (variantMemo.size >= VARIANT_MEMO_MAX) variantMemo.clear();
    v = nameVariants(kind, name);
    variantMemo.set(key, v);
  }
  return v;
}

/** The view without separators, and where each kept character is in the view. */
function compact(view: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < view.length; i++) {
    if (SEPARATOR.test(view[i]!)) continue;
    text += view[i];
    at.push(i);
  }
  return { text, at };
}

// a hyphen glues ASCII words together: "river" is not found in "red-river"
const ASCII_ALNUM = /[a-z0-9]/;
const ASCII_WORD = /[a-z0-9-]/;
const NUMERAL = new RegExp(`[0-9${ZH_NUMERAL_CHARS}]`);
function sameClass(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return (
    (ASCII_WORD.test(a) && ASCII_ALNUM.test(b)) ||
    (ASCII_ALNUM.test(a) && ASCII_WORD.test(b)) ||
    (NUMERAL.test(a) && NUMERAL.test(b))
  );
}

export function findNames(text: GoalText, known: Readonly<Record<NameKind, readonly KnownRef[]>>): NameScan {
  const view = text.view();
  // variant → entities it may mean; exact names are never dropped for a clash with a short form
  const byVariant = new Map<string, { exact: boolean; targets: Array<{ kind: NameKind; ref: KnownRef }> }>();
  const add = (variant: string, exact: boolean, kind: NameKind, ref: KnownRef) => {
    const key = variant.replace(SEPARATORS, '');
    if (key.length === 0) return;
    const entry = byVariant.get(key);
    if (!entry || (exact && !entry.exact)) byVariant.set(key, { exact, targets: [{ kind, ref }] });
    else if (entry.exact === exact && !entry.targets.some((t) => t.kind === kind && t.ref.id === ref.id))
      entry.targets.push({ kind, ref });
  };
  for (const kind of ['team', 'field', 'asset', 'operator'] as const) {
    for (const ref of known[kind]) {
      const v = memoVariants(kind, ref.name);
      add(v.exact, true, kind, ref);
      for (const s of v.short) add(s, false, kind, ref);
    }
  }

  // Every occurrence of a variant in the view, separators free between its characters: the
  // separator-free view is looked up at each position for each variant length (one map lookup,
  // instead of a regular expression per variant). Like a global regex per variant, an occurrence
  // starting inside the previous occurrence of the same variant is not counted.
  type Candidate = Span & { targets: Array<{ kind: NameKind; ref: KnownRef }> };
  const candidates: Candidate[] = [];
  const { text: flat, at } = compact(view);
  const lengths = [...new Set([...byVariant.keys()].map((k) => k.length))];
  const nextFree = new Map<string, number>();
  for (let i = 0; i < flat.length; i++) {
    for (const len of lengths) {
      if (i + len > flat.length) continue;
      const variant = flat.slice(i, i + len);
      const entry = byVariant.get(variant);
      if (!entry || i < (nextFree.get(variant) ?? 0)) continue;
      nextFree.set(variant, i + len);
      const start = at[i]!;
      const end = at[i + len - 1]! + 1;
      if (sameClass(view[start - 1], view[start]) || sameClass(view[end - 1], view[end])) continue;
      candidates.push({ start, end, targets: entry.targets });
    }
  }
  const matches: NameMatch[] = [];
  const ambiguous: NameScan['ambiguous'] = [];
  for (const c of longestFirst(candidates)) {
    if (c.targets.length === 1)
      matches.push({ start: c.start, end: c.end, kind: c.targets[0]!.kind, ref: c.targets[0]!.ref });
    else ambiguous.push({ start: c.start, end: c.end, text: text.slice(c) });
  }
  return { matches, ambiguous };
}
