import { z } from 'zod';
import { ZPageQuery } from '../common.js';

/** A number with at most `digits` decimals in [min, max] (checked on the scaled value, not by float division). */
export function decimal(digits: number, min: number, max: number) {
  return z
    .number()
    .min(min)
    .max(max)
    .refine((v) => Math.abs(Math.round(v * 10 ** digits) - v * 10 ** digits) < 1e-6, {
      message: `at most ${digits} decimal place(s)`,
    });
}

/** Hectares: > 0, ≤ 100 000, at most 4 decimals (1 m²). */
export const ZAreaHa = decimal(4, 0, 100_000).refine((v) => v > 0, { message: 'must be greater than 0' });
export const ZEngineHours = decimal(1, 0, 999_999_999.9);
export const ZWorkedHours = decimal(2, 0, 99_999.99);
export const ZLiters = decimal(2, 0, 9_999_999.99);
export const ZDateTime = z.iso.datetime({ offset: true });
export const ZText = (max: number) => z.string().trim().min(1).max(max);

export const ZPageFields = ZPageQuery.shape;

/** ha → m² as stored (exact for ≤ 4 decimals). */
export const haToM2 = (ha: number) => Math.round(ha * 10_000);
/** m² → ha as shown. */
export const m2ToHa = (m2: number) => Math.round(m2) / 10_000;
