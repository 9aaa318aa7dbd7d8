/**
 * Money in the web: the API's wire format is integer fen (1/100 yuan) as a string of digits.
 * Everything here is string / BigInt arithmetic: no float ever touches an amount, so
 * "0.29" stays 29 fen and amounts beyond 2^53 stay exact. (Charts alone turn fen into a
 * float for plotting: analytics/queries.ts `fenToNumber`.)
 */

const YUAN_RE = /^(\d{1,16})(?:\.(\d{0,2}))?$/;

/**
 * Yuan as a person typed it ("12.5", "1,280.00", "¥ 3") → fen digits ("1250", "128000", "300").
 * `null` when it is not a non-negative amount with at most two decimals; callers decide
 * whether that is a form error or a value to send on for the API to name the field.
 */
export function yuanToFen(input: string): string | null {
  const m = YUAN_RE.exec(input.trim().replace(/[,\s¥￥]/g, ''));
  if (!m) return null;
  return `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
}

function splitFen(fen: string | bigint): { sign: string; yuan: string; cents: string } | null {
  const s = typeof fen === 'bigint' ? fen.toString() : fen.trim();
  const m = /^(-?)(\d+)$/.exec(s);
  if (!m) return null;
  const digits = (m[2] ?? '').replace(/^0+(?=\d)/, '').padStart(3, '0');
  return { sign: m[1] === '-' && /[1-9]/.test(digits) ? '-' : '', yuan: digits.slice(0, -2), cents: digits.slice(-2) };
}

/** Fen digits → yuan with two decimals, for an input being edited ("1250" → "12.50"); '' when not fen. */
export function fenToYuanInput(fen: string | bigint | null | undefined): string {
  const p = fen === null || fen === undefined ? null : splitFen(fen);
  return p ? `${p.sign}${p.yuan}.${p.cents}` : '';
}

/** Fen digits → the shortest yuan ("12800000" → "128000", "789" → "7.89", "150" → "1.50"); '' when not fen. */
export function fenToYuanShort(fen: string | bigint | null | undefined): string {
  const p = fen === null || fen === undefined ? null : splitFen(fen);
  if (!p) return '';
  return p.cents === '00' ? `${p.sign}${p.yuan}` : `${p.sign}${p.yuan}.${p.cents}`;
}

/**
 * Fen digits → a money string in the locale ("¥1,234.56"), exact: Intl formats the decimal
 * string itself (ES2023 string numeric input), not a float. '—' for no amount.
 * `symbol` is Intl's default ("CN¥" in English); `narrowSymbol` always writes "¥".
 */
export function formatFen(
  fen: string | bigint | null | undefined,
  locale: string,
  display: 'symbol' | 'narrowSymbol' = 'symbol',
): string {
  const yuan = fen === null || fen === undefined ? '' : fenToYuanInput(fen);
  if (!yuan) return '—';
  // Intl.NumberFormat.format accepts decimal strings exactly; the type says number only
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', currencyDisplay: display }).format(
    yuan as unknown as number,
  );
}

/** `formatFen` with the narrow "¥" in every locale (cost documents, work orders). */
export const formatFenExact = (fen: string | bigint, locale: string): string => formatFen(fen, locale, 'narrowSymbol');
