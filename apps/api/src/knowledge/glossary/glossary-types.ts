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
