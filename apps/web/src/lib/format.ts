import type { Locale } from '@/i18n/locales';

/** Dates and times are shown in the organization's time zone, not the browser's. */
export function formatDateTime(iso: string | null | undefined, locale: Locale, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

export function formatDate(iso: string | null | undefined, locale: Locale, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

export function formatTime(iso: string | null | undefined, locale: Locale, timeZone: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(
    new Date(iso),
  );
}

export function formatNumber(n: number | null | undefined, locale: Locale, digits = 1): string {
  if (n === null || n === undefined || Number.isNaN(n)) return '—';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayKey(iso: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/** A number input's value → number | undefined (empty) | NaN (not a number). */
export function parseOptionalNumber(value: string): number | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  return Number(v);
}

/** Punctuation that differs by language: full-width in Chinese, ASCII with spaces in English. */
export function punct(locale: Locale): { colon: string; list: string; open: string; close: string } {
  return locale === 'en'
    ? { colon: ': ', list: '; ', open: ' (', close: ')' }
    : { colon: '：', list: '；', open: '（', close: '）' };
}
