import { enumWord, type TEnumWordSet } from '@amms/contracts/enum-labels';
import type { Cell } from '../sheets/csv.js';

/** Header labels: `zh-CN` (default), `en`, or the stable column keys (`keys`, for integrations). */
export type HeaderLang = 'zh-CN' | 'en' | 'keys';

/** One output column: its stable key, its header in both languages and how to read it from a row. */
export interface Column<T> {
  key: string;
  zh: string;
  en: string;
  value: (row: T) => Cell;
  /** an enum column: written in words under a Chinese or English header, as codes under `keys` */
  words?: TEnumWordSet;
}

export const col = <T>(key: string, zh: string, en: string, value: (row: T) => Cell): Column<T> => ({
  key,
  zh,
  en,
  value,
});

/** An enum column (`HARVESTING` → 收获 / Harvesting; the import reads codes and words alike). */
export const codeCol = <T>(
  key: string,
  zh: string,
  en: string,
  words: TEnumWordSet,
  value: (row: T) => string | null,
): Column<T> => ({ key, zh, en, value, words });

/** One cell of a row as the header's language writes it. */
export function cellOf<T>(column: Column<T>, row: T, lang: HeaderLang): Cell {
  const v = column.value(row);
  if (!column.words || lang === 'keys' || typeof v !== 'string') return v;
  return enumWord(lang, column.words, v);
}

export function headerOf(columns: readonly Column<never>[], lang: HeaderLang): string[] {
  return columns.map((c) => (lang === 'keys' ? c.key : lang === 'en' ? c.en : c.zh));
}

/** CNY fen (digit string) → yuan with two decimals, exact ("12800050" → 128000.5 as the number 128000.50). */
export function yuan(minor: string | null | undefined): number | null {
  if (minor === null || minor === undefined || minor === '') return null;
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  const text = `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return Number(text);
}
