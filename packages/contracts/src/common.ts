import { z } from 'zod';

export const ZId = z.uuid();

/** `?limit=&cursor=` on every list. The cursor is opaque to clients. */
export const ZPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(500).optional(),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const ZIsoDateTime = z.iso.datetime({ offset: true });

/** Integer minor units (CNY fen) as a string of digits: BigInt-safe in JSON. */
export const ZMoneyMinor = z.string().regex(/^(0|[1-9]\d{0,17})$/, 'integer minor units (fen) as a string of digits');

/** A number from 0 to `max` with at most `digits` decimals (checked on the scaled value, not by float division). */
export function fixedDecimal(digits: number, max: number) {
  return z
    .number()
    .min(0)
    .max(max)
    .refine((v) => Math.abs(Math.round(v * 10 ** digits) - v * 10 ** digits) < 1e-6, {
      message: `at most ${digits} decimal place(s)`,
    });
}

/**
 * `?sort=` of a list: a field name, `-` in front for descending (`-createdAt` = newest first).
 * Ties in the field are broken by the row's id in the same direction, so keyset pagination never
 * loses or repeats a row. A cursor belongs to the sort it was returned with: sending it with
 * another sort (or none) is a 400 `VALIDATION_FAILED`. Without `sort` a list keeps its default order.
 */
export function ZSort<const T extends readonly [string, ...string[]]>(values: T, defaultOrder: string) {
  return z
    .enum(values)
    .describe(`order of the list: a field, "-" prefix = descending; ties by id. Without it: ${defaultOrder}.`);
}

/** `-windowStart` → { field: 'windowStart', direction: 'desc' }. */
export function parseSort(sort: string): { field: string; direction: 'asc' | 'desc' } {
  return sort.startsWith('-') ? { field: sort.slice(1), direction: 'desc' } : { field: sort, direction: 'asc' };
}
