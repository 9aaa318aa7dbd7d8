/** Number inputs of the field app: typed as text (decimal keypad), checked here before sending. */

export type Parsed = { ok: true; value: number | undefined } | { ok: false; error: 'required' | 'format' };

/**
 * '' → undefined (or 'required'); accepts "12,5" as 12.5 (some keyboards); refuses negatives
 * and more than `digits` decimals (the API would refuse them too, in technical English).
 */
export function parseDecimal(raw: string, digits: number, required: boolean): Parsed {
  const s = raw.trim().replace(',', '.');
  if (s === '') return required ? { ok: false, error: 'required' } : { ok: true, value: undefined };
  if (!new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`).test(s)) return { ok: false, error: 'format' };
  const n = Number(s);
  return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, error: 'format' };
}
