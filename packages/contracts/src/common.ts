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
