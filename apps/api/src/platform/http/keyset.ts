import { parseSort } from '@amms/contracts/common';
import { AppError } from '../errors/app-error.js';
import { decodeCursor } from './cursor.js';

/**
 * Keyset pagination of a list with `?sort=`. The order is (sort field, tie) in the sort's
 * direction, where the tie is a unique column (the id, or the audit chain's seq), so every row
 * has exactly one place and a page never loses or repeats one, whatever the ties in the field.
 * No OFFSET: the next page starts strictly after the last row's (value, tie).
 *
 * Cursors: without `sort` a list keeps its default order (tie ascending) and its old cursor, the
 * bare tie value. With `sort`, the cursor is the JSON `{ s: sort, v: value, t: tie }`, so a
 * cursor used with another sort (or without one) is refused with a message that says so: its
 * position means nothing in another order.
 *
 * Nullable fields (a work order's planned start) put the rows without a value last in both
 * directions; the cursor's `v` is then null and the rest of the page is the null rows by tie.
 *
 * A sort name may read another column (`areaHa` → `areaM2`) or a column of a to-one relation
 * (members' `name` → `user.name`): `column`, a dotted path. Strings compare in the column's
 * collation on both sides (ORDER BY and the cursor's `>`), so the two always agree.
 */

export type SortFieldType = 'date' | 'number' | 'string';
export type TieType = 'uuid' | 'int';

export interface SortFields {
  [field: string]: { type: SortFieldType; nullable?: boolean; column?: string };
}

export interface KeysetOrder<W, O> {
  /** rows after the cursor (undefined: first page) */
  after: W | undefined;
  orderBy: O[];
  /** the cursor position of a row (pageOf encodes it) */
  position: (row: Record<string, unknown>) => string;
}

type SortValue = string | number | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidCursor = (message: string) =>
  new AppError('VALIDATION_FAILED', 'Invalid cursor', [{ path: 'cursor', message, code: 'invalid_format' }]);

function isTie(v: unknown, type: TieType): v is string | number {
  return type === 'uuid'
    ? typeof v === 'string' && UUID.test(v)
    : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function parseTie(raw: string, type: TieType): string | number | undefined {
  if (type === 'uuid') return UUID.test(raw) ? raw : undefined;
  return /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

function sortCursorOf(raw: string): { s: string; v: unknown; t: unknown } | undefined {
  if (!raw.startsWith('{')) return undefined;
  try {
    const c: unknown = JSON.parse(raw);
    return c && typeof c === 'object' && typeof (c as { s?: unknown }).s === 'string'
      ? (c as { s: string; v: unknown; t: unknown })
      : undefined;
  } catch {
    return undefined;
  }
}

function readValue(v: unknown, type: SortFieldType, nullable: boolean): Date | number | string | null | undefined {
  if (v === null) return nullable ? null : undefined;
  if (type === 'number') return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  if (type === 'string') return typeof v === 'string' ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** `{ user: { name: inner } }` for the path `user.name`. */
function nest(path: readonly string[], inner: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((acc, key) => ({ [key]: acc }), inner) as Record<string, unknown>;
}

function valueAt(row: Record<string, unknown>, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined),
    row,
  );
}

const toCursorValue = (v: unknown): SortValue =>
  v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : ((v as SortValue) ?? null);

/**
 * The order, the "after the cursor" filter and the cursor of one list request. `W` / `O` are
 * the model's Prisma where / orderBy input types (the builders produce plain objects of that shape).
 */
export function keysetOrder<W, O>(
  q: { sort?: string | undefined; cursor?: string | undefined },
  fields: SortFields,
  tie: { field: string; type: TieType } = { field: 'id', type: 'uuid' },
  /** a sort value that names the default order itself (audit: `seq`) */
  defaultSort?: string,
): KeysetOrder<W, O> {
  const sort = q.sort === defaultSort ? undefined : q.sort;
  if (sort === undefined) {
    let after: W | undefined;
    if (q.cursor) {
      const raw = decodeCursor(q.cursor);
      const other = sortCursorOf(raw);
      if (other)
        throw invalidCursor(
          `this cursor belongs to sort=${other.s}: send the same sort, or start again without a cursor`,
        );
      const t = parseTie(raw, tie.type);
      if (t === undefined) throw invalidCursor('not a cursor this list returned');
      after = { [tie.field]: { gt: t } } as W;
    }
    return { after, orderBy: [{ [tie.field]: 'asc' } as O], position: (row) => String(row[tie.field]) };
  }

  const { field, direction } = parseSort(sort);
  const spec = fields[field];
  // the contract's enum lists only sortable fields; this guards a contract/service mismatch
  if (!spec)
    throw new AppError('VALIDATION_FAILED', 'Invalid sort', [
      { path: 'sort', message: `cannot sort by ${field}`, code: 'invalid_value' },
    ]);
  const nullable = spec.nullable === true;
  const cmp = direction === 'asc' ? 'gt' : 'lt';
  const path = (spec.column ?? field).split('.');

  let after: W | undefined;
  if (q.cursor) {
    const c = sortCursorOf(decodeCursor(q.cursor));
    if (!c)
      throw invalidCursor(
        `not a cursor of sort=${sort}: a cursor belongs to the order it was returned with; start again without a cursor`,
      );
    if (c.s !== sort)
      throw invalidCursor(`this cursor belongs to sort=${c.s}, not sort=${sort}: start again without a cursor`);
    const value = readValue(c.v, spec.type, nullable);
    if (value === undefined || !isTie(c.t, tie.type)) throw invalidCursor('not a cursor this list returned');
    if (value === null) {
      // past the last row with a value: only the null rows remain, after the tie
      after = { ...nest(path, null), [tie.field]: { [cmp]: c.t } } as W;
    } else {
      const or: unknown[] = [nest(path, { [cmp]: value }), { ...nest(path, value), [tie.field]: { [cmp]: c.t } }];
      if (nullable) or.push(nest(path, null));
      after = { OR: or } as W;
    }
  }
  return {
    after,
    orderBy: [
      nest(path, nullable ? { sort: direction, nulls: 'last' } : direction) as O,
      { [tie.field]: direction } as O,
    ],
    position: (row) => JSON.stringify({ s: sort, v: toCursorValue(valueAt(row, path)), t: row[tie.field] }),
  };
}
