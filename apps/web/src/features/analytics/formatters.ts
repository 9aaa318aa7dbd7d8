'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { formatNumber } from '@/lib/format';
import { formatFen } from '@/lib/money';

/** Figures as people read them; null ("unknown", e.g. no failures → no MTBF) shows as "—". */
export function useFigures() {
  const { locale } = useI18n();
  const num = (v: number | null | undefined, digits = 1) => formatNumber(v, locale, digits);
  return {
    num,
    hours: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v, 1)} h`),
    ha: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v, 1)} ha`),
    haPerHour: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v, 2)} ha/h`),
    /** a fraction 0..1 */
    ratio: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v * 100, 1)}%`),
    /** a percentage number */
    percent: (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${num(v, 1)}%`),
    fen: (v: string | null | undefined) => (v === null || v === undefined ? '—' : formatFen(v, locale)),
    yuan: (v: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', maximumFractionDigits: 0 }).format(v),
  };
}
