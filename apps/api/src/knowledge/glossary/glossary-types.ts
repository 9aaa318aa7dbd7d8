/**
 * One glossary row: `zh` and `en` list the canonical term first, then synonyms and spelling
 * variants (alternatives separated by "|"); `zhSay` / `enSay` are colloquial sayings that mean
 * the canonical term ("开锅" for 水温过高). Sayings are recognised in questions and expanded to the
 * terms, never the reverse: manuals use the terms.
 */
export type GlossaryRow = readonly [zh: string, en: string, zhSay?: string, enSay?: string];

export interface GlossaryEntry {
  domain: GlossaryDomain;
  zh: readonly string[];
  en: readonly string[];
  zhSay: readonly string[];
  enSay: readonly string[];
  /**
   * The kinds of machine (canonical Chinese terms) this sense belongs to: a word that names one
   * part on one machine and another on another ("blade": a tiller's 刀片, a drone's 桨叶) takes
   * this sense only when the question names one of these kinds, and then before the others.
   */
  kinds?: readonly string[];
}

export const GLOSSARY_DOMAINS = [
  'engine',
  'cooling',
  'fuel',
  'lubrication',
  'hydraulics',
  'electrical',
  'driveline',
  'brakes-steering',
  'tyres',
  'cab-safety',
  'harvesting',
  'tillage-seeding',
  'spraying',
  'drones',
  'maintenance',
  'symptoms',
  'units',
  'makers',
] as const;
export type GlossaryDomain = (typeof GLOSSARY_DOMAINS)[number];

const split = (s: string | undefined): string[] =>
  (s ?? '')
    .split('|')
    .map((x) => x.trim())
    .filter(Boolean);

export function entriesOf(domain: GlossaryDomain, rows: readonly GlossaryRow[]): GlossaryEntry[] {
  return rows.map(([zh, en, zhSay, enSay]) => ({
    domain,
    zh: split(zh),
    en: split(en).map((e) => e.toLowerCase()),
    zhSay: split(zhSay),
    enSay: split(enSay).map((e) => e.toLowerCase()),
  }));
}

/** The same entries as senses of the given machine kinds only (see GlossaryEntry.kinds). */
export const ofKinds = (kinds: readonly string[], entries: GlossaryEntry[]): GlossaryEntry[] =>
  entries.map((e) => ({ ...e, kinds }));
