import { MAX_STOCK_QUANTITY } from '@amms/contracts/inventory';

/** Why a typed quantity cannot be sent (the words are in messages.ts `quantity`). */
export type QuantityProblem = 'required' | 'invalid' | 'notPositive' | 'tooManyDecimals' | 'notWhole' | 'tooLarge';

export type QuantityResult = { ok: true; value: number } | { ok: false; problem: QuantityProblem };

/**
 * A quantity as a person types it ("2", "1.5", "0,25", " 3 "), checked as the API checks it:
 * more than 0 (or at least 0 for a count), at most 3 decimals (never rounded), a whole number for
 * a part counted in pieces (the API's QUANTITY_NOT_WHOLE), at most DECIMAL(12,3).
 */
export function parseQuantity(
  input: string,
  { wholeOnly, allowZero = false }: { wholeOnly: boolean; allowZero?: boolean },
): QuantityResult {
  const text = input.trim().replace(/,/g, '.').replace(/，/g, '.');
  if (text === '') return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\.\d+$/.test(text)) return { ok: false, problem: 'invalid' };
  const [, decimals = ''] = text.split('.');
  if (decimals.replace(/0+$/, '').length > 3) return { ok: false, problem: 'tooManyDecimals' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, problem: 'invalid' };
  if (value < 0 || (value === 0 && !allowZero)) return { ok: false, problem: 'notPositive' };
  if (value > MAX_STOCK_QUANTITY) return { ok: false, problem: 'tooLarge' };
  if (wholeOnly && !Number.isInteger(value)) return { ok: false, problem: 'notWhole' };
  return { ok: true, value };
}
