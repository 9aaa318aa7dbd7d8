import { AppError } from '../errors/app-error.js';

/** Opaque list cursors: base64url of an internal position, so clients cannot depend on it. */
export function encodeCursor(position: string): string {
  return Buffer.from(position, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor over ids: a forged or garbled one is the client's error (400), not a database error (500). */
export function decodeIdCursor(cursor: string): string {
  const id = decodeCursor(cursor);
  if (!UUID.test(id)) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor', [
      { path: 'cursor', message: 'not a cursor this list returned', code: 'invalid_format' },
    ]);
  }
  return id;
}

/**
 * One page of a keyset list: repositories fetch `limit + 1` rows; the extra row only
 * says there is more. The cursor is the last returned row's position (its id by default).
 */
export function pageOf<R, T>(
  rows: readonly R[],
  limit: number,
  map: (row: R) => T,
  position: (row: R) => string = (row) => (row as { id: string }).id,
): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(position(last)) : null,
  };
}
