/** Yuan as typed → fen as the API's digit string. Anything that is not a plain amount is passed on unchanged, so the API's validation names the field. */
export function yuanToFen(input: string): string {
  const s = input.replace(/[,\s¥￥]/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return s;
  const fen = BigInt(m[2] ?? '0') * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return `${m[1] ?? ''}${fen}`;
}

/** Fen digit string → yuan for an input ("12800000" → "128000", "789" → "7.89"). */
export function fenToYuan(fen: string | null | undefined): string {
  if (!fen || !/^\d+$/.test(fen)) return '';
  const n = BigInt(fen);
  const cents = n % 100n;
  return cents === 0n ? String(n / 100n) : `${n / 100n}.${String(cents).padStart(2, '0')}`;
}
