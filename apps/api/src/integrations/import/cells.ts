import { offsetMs } from '../../analytics/period.js';

/** Cell readers: text in, a value for the create request out, or a message saying what is wrong. */
export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = (message: string): Read<never> => ({ ok: false, message });

/** Empty → null. */
export const text = (raw: string): string | null => (raw.trim() === '' ? null : raw.trim());

/** A decimal number (a comma as thousands separator is dropped). */
export function num(raw: string): Read<number | null> {
  const t = raw.trim().replace(/,/g, '');
  if (t === '') return ok(null);
  if (!/^-?\d+(\.\d+)?$/.test(t)) return bad(`"${raw}" is not a number`);
  return ok(Number(t));
}

/** Yuan with at most two decimals → fen as a string of digits (exact, no float arithmetic). */
export function yuanToMinor(raw: string): Read<string | null> {
  const t = raw
    .trim()
    .replace(/,/g, '')
    .replace(/^[¥￥]/, '');
  if (t === '') return ok(null);
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return bad(`"${raw}" is not an amount in yuan (up to 2 decimals, not negative)`);
  const fen = `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  return ok(fen);
}

/** YYYY-MM-DD (also YYYY/M/D), a real calendar date. */
export function calendarDate(raw: string): Read<string | null> {
  const t = raw.trim();
  if (t === '') return ok(null);
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(t);
  if (!m) return bad(`"${raw}" is not a date (YYYY-MM-DD)`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return bad(`"${raw}" is not a calendar date`);
  return ok(`${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
}

/**
 * A point in time: ISO 8601 with an offset (`2026-05-01T08:00:00+08:00`, `…Z`) as is, or a
 * local wall-clock time `YYYY-MM-DD HH:mm` (also with `T`, seconds, `/`) read in the org's time
 * zone. Answers the ISO instant (UTC).
 */
export function dateTime(raw: string, timezone: string): Read<string | null> {
  const t = raw.trim();
  if (t === '') return ok(null);
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(t) && /^\d{4}-\d{2}-\d{2}T/.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? bad(`"${raw}" is not a date and time`) : ok(new Date(ms).toISOString());
  }
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (!m) return bad(`"${raw}" is not a date and time (YYYY-MM-DD HH:mm, or ISO 8601 with an offset)`);
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1 || h > 23)
    return bad(`"${raw}" is not a real date and time`);
  // the offset at the guessed instant, then once more at the corrected one (DST edges)
  const first = wall - offsetMs(new Date(wall), timezone);
  const instant = wall - offsetMs(new Date(first), timezone);
  return ok(new Date(instant).toISOString());
}

/** An integer. */
export function int(raw: string): Read<number | null> {
  const t = raw.trim();
  if (t === '') return ok(null);
  if (!/^-?\d+$/.test(t)) return bad(`"${raw}" is not a whole number`);
  return ok(Number(t));
}
