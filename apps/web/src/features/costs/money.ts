/**
 * Money typed by a person in yuan ("12.5", "1,280.00") ↔ integer fen as a string of digits
 * (the API's wire format). Pure string arithmetic: no float ever touches an amount.
 */
const YUAN_RE = /^(\d{1,16})(?:\.(\d{0,2}))?$/;

/** "12.5" → "1250"; null when not a non-negative amount with at most 2 decimals. */
export function yuanToFen(input: string): string | null {
  const m = YUAN_RE.exec(input.trim().replace(/[,\s¥￥]/g, ''));
  if (!m) return null;
  const fen = `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  return fen;
}

/** "1250" → "12.50" (for editing an existing amount). */
export function fenToYuanInput(fen: string): string {
  const digits = fen.replace(/^0+(?=\d)/, '').padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A money string for display from fen digits, exact beyond 2^53 (Intl takes a decimal string). */
export function formatFenExact(fen: string | bigint, locale: string): string {
  const s = typeof fen === 'bigint' ? fen.toString() : fen;
  const yuan = fenToYuanInput(s);
  // Intl.NumberFormat.format accepts decimal strings exactly (ES2023 "string numeric" input)
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'CNY', currencyDisplay: 'narrowSymbol' }).format(yuan as unknown as number);
}
