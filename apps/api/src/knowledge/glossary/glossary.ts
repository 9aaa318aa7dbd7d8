import { cutWords, words } from '../../platform/text/segment.js';
import type { GlossaryEntry } from './glossary-types.js';
import { FILLER_WORDS } from './filler.js';
import { IMPLEMENT_TERMS } from './terms-implements.js';
import { MACHINE_TERMS } from './terms-machine.js';
import { MAKER_TERMS } from './terms-makers.js';
import { SERVICE_TERMS } from './terms-service.js';
import { WORK_TERMS } from './terms-work.js';
import { hasHan } from '../../platform/text/script.js';

/** The agricultural machinery glossary, zh ↔ en, with colloquial sayings (curated data, see terms-*.ts). */
export const GLOSSARY: readonly GlossaryEntry[] = [
  ...MACHINE_TERMS,
  ...WORK_TERMS,
  ...IMPLEMENT_TERMS,
  ...SERVICE_TERMS,
  ...MAKER_TERMS,
];

/**
 * The entries that name a kind of machine (by their canonical Chinese term): a question naming one
 * is about that machine; a manual library that names other kinds and never this one has no manual for it.
 */
const MACHINE_KIND_CANON = new Set([
  '联合收割机',
  '拖拉机',
  '插秧机',
  '喷雾机',
  '无人机',
  '打捆机',
  '旋耕机',
  '播种机',
  '精量播种机',
]);
export const isMachineKind = (e: GlossaryEntry): boolean => MACHINE_KIND_CANON.has(e.zh[0] ?? '');
/** The entries that name a maker (or a maker's series): a question naming one is about that maker's machine. */
export const isMaker = (e: GlossaryEntry): boolean => e.domain === 'makers';
/**
 * The entries that say what kind of answer is wanted (how often, how much, which one, from which
 * book), not what it is about: a manual answers "the grease interval" with "every 50 hours" and
 * never says "interval".
 */
const ASKS_CANON = new Set([
  '保养',
  '保养周期',
  '规格',
  '容量',
  '范围',
  '型号',
  '说明书',
  '拧紧力矩',
  '工作小时',
  // what to do: a manual's steps do it without naming the action ("Remedy: tighten the chain" fixes)
  '维修',
  '故障排除',
  '诊断',
  '更换',
  '检查',
  '调整',
  '清洗',
  '加注',
  '紧固',
  '拆卸',
  '安装',
  // how and why a fault shows (cause, slowly, by itself…): they describe a topic, they are none
  '原因',
  '缓慢',
  '自行',
  '间歇',
  '频繁',
]);
export const isAnswerKind = (e: GlossaryEntry): boolean => ASKS_CANON.has(e.zh[0] ?? '');
/** every term of every machine kind, in both languages */
export const MACHINE_KIND_TERMS: readonly string[] = GLOSSARY.filter(isMachineKind).flatMap((e) => [...e.zh, ...e.en]);

export const isCjk = hasHan;

/** A form of an entry as found in a question: its text and whether it was a colloquial saying. */
export interface FormMatch {
  entry: GlossaryEntry;
  form: string;
  saying: boolean;
  /** where it was found: characters for Chinese forms, word tokens for Latin ones */
  start: number;
  end: number;
}

interface Form {
  entry: GlossaryEntry;
  form: string;
  saying: boolean;
  tokens: string[];
}

interface CjkForm extends Form {
  pattern: RegExp;
}

/** A saying may leave a gap for filler words: "水温~上去" finds "水温就上去了" (≤ 4 characters, within a clause). */
const GAP = '~';
const cjkPattern = (form: string): RegExp =>
  new RegExp(
    form
      .split(GAP)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^，。？！；,.?!;\\s]{0,4}'),
    'g',
  );

let index: { cjk: CjkForm[]; latin: Map<string, Form[]> } | undefined;

/**
 * Latin words of a form or question for matching: lower case and stemmed like the index
 * ("overheats" finds "overheat"), and a final "e" dropped so that the stemmer's "changed" →
 * "chang" meets "change".
 */
export const latinTokens = (s: string): string[] =>
  words([s])
    .filter((w) => !isCjk(w))
    .map(matchKey);
/** An index word as form matching compares it (see latinTokens). */
export const matchKey = (w: string): string => (w.length >= 5 ? w.replace(/e$/, '') : w);

function build(): { cjk: CjkForm[]; latin: Map<string, Form[]> } {
  const cjk: CjkForm[] = [];
  const latin = new Map<string, Form[]>();
  for (const entry of GLOSSARY) {
    const forms = [
      ...entry.zh.map((f) => ({ f, saying: false })),
      ...entry.zhSay.map((f) => ({ f, saying: true })),
      ...entry.en.map((f) => ({ f, saying: false })),
      ...entry.enSay.map((f) => ({ f, saying: true })),
    ];
    for (const { f, saying } of forms) {
      if (isCjk(f)) {
        cjk.push({ entry, form: f, saying, tokens: [f], pattern: cjkPattern(f) });
        continue;
      }
      const tokens = latinTokens(f);
      if (tokens.length === 0) continue;
      const list = latin.get(tokens[0]!) ?? [];
      list.push({ entry, form: f, saying, tokens });
      latin.set(tokens[0]!, list);
    }
  }
  // longest first, so "水温过高" wins over "水温" and "engine oil" over "engine" (a gapped saying after a plain form of its length)
  // and of two forms alike, a machine kind's own sense first (it is only looked at when the question names the kind)
  const len = (f: Form) => f.form.replace(GAP, '').length * 2 + (f.form.includes(GAP) ? 0 : 1);
  const own = (f: Form) => (f.entry.kinds ? 1 : 0);
  cjk.sort((a, b) => len(b) - len(a) || own(b) - own(a));
  for (const list of latin.values()) list.sort((a, b) => b.tokens.length - a.tokens.length || own(b) - own(a));
  return { cjk, latin };
}

/**
 * One-character verbs that say a term when the question says them as a word of their own
 * ("多少小时换一次": 换 = 更换; "怎么查": 查 = 检查). A form is never one character (升 is inside
 * 升运器, 换 inside 换挡), so these are matched only as whole words of the segmented question.
 */
export const SHORT_FORMS: Readonly<Record<string, string>> = {
  换: '更换',
  修: '维修',
  查: '检查',
  调: '调整',
  加: '加注',
  拆: '拆卸',
  洗: '清洗',
  拧: '拧紧',
};
let shortEntries: Map<string, GlossaryEntry> | undefined;
function shortFormEntries(): Map<string, GlossaryEntry> {
  shortEntries ??= new Map(
    Object.entries(SHORT_FORMS).map(([c, term]) => [c, GLOSSARY.find((e) => e.zh.includes(term))!] as const),
  );
  return shortEntries;
}

/**
 * The glossary forms a question contains, longest first and never overlapping: Chinese forms by
 * substring, Latin forms as whole word sequences ("oil" is not found inside "boil"), and the
 * one-character verbs of SHORT_FORMS where the segmenter leaves them a word alone.
 */
export function findForms(question: string): FormMatch[] {
  const general = matchForms(question, (e) => !e.kinds);
  const named = new Set(
    general.flatMap((f) =>
      isMachineKind(f.entry) ? [canonical(f.entry, 'zh')] : (KIND_OF_WORK.get(canonical(f.entry, 'zh')) ?? []),
    ),
  );
  if (named.size === 0 || !GLOSSARY.some((e) => e.kinds?.some((k) => named.has(k)))) return general;
  return matchForms(question, (e) => !e.kinds || e.kinds.some((k) => named.has(k)));
}

/**
 * Work that one kind of machine does (canonical Chinese terms of the glossary): a question naming
 * the work names that machine ("打捆季节", "when drilling"). Work that several kinds do (spraying: a
 * sprayer and a drone; harvesting: a combine, a baler, a forage harvester) names none.
 */
export const KIND_OF_WORK: ReadonlyMap<string, string[]> = new Map([
  ['播种', ['播种机', '精量播种机']],
  ['打捆', ['打捆机']],
  ['插秧', ['插秧机']],
  ['旋耕', ['旋耕机']],
]);

function matchForms(question: string, allow: (e: GlossaryEntry) => boolean): FormMatch[] {
  index ??= build();
  const out: FormMatch[] = [];
  const taken = new Array<boolean>(question.length).fill(false);
  for (const f of index.cjk) {
    if (!allow(f.entry)) continue;
    for (const m of question.matchAll(f.pattern)) {
      const at = m.index;
      const end = at + m[0].length;
      if (taken.slice(at, end).some(Boolean)) continue;
      taken.fill(true, at, end);
      out.push({ entry: f.entry, form: f.form, saying: f.saying, start: at, end });
    }
  }
  if (/\p{Script=Han}/u.test(question)) {
    let at = 0;
    for (const w of cutWords(question)) {
      const entry = shortFormEntries().get(w);
      if (entry && !taken[at]) {
        taken[at] = true;
        out.push({ entry, form: w, saying: false, start: at, end: at + 1 });
      }
      at += w.length;
    }
  }
  const toks = latinTokens(question);
  const used = new Array<boolean>(toks.length).fill(false);
  // longer phrases first across all start words
  const candidates: { f: Form; at: number }[] = [];
  toks.forEach((t, at) => {
    for (const f of index!.latin.get(t) ?? []) {
      if (allow(f.entry) && f.tokens.every((x, i) => toks[at + i] === x)) candidates.push({ f, at });
    }
  });
  candidates.sort((a, b) => b.f.tokens.length - a.f.tokens.length || a.at - b.at);
  for (const { f, at } of candidates) {
    const end = at + f.tokens.length;
    if (used.slice(at, end).some(Boolean)) continue;
    used.fill(true, at, end);
    out.push({ entry: f.entry, form: f.form, saying: f.saying, start: at, end });
  }
  return out;
}

/** The canonical term of an entry in a language (the first form listed). */
export const canonical = (e: GlossaryEntry, language: 'zh' | 'en'): string => (language === 'zh' ? e.zh[0]! : e.en[0]!);

/** Every term (not the sayings) of an entry, in both languages: what a manual would print. */
export const termsOf = (e: GlossaryEntry): string[] => [...e.zh, ...e.en];

const FILLER = new Set(FILLER_WORDS);
/** A colloquial word that says nothing about a manual's content ("车子", "咋整", "suddenly"). */
export const isFiller = (w: string): boolean => FILLER.has(w);
