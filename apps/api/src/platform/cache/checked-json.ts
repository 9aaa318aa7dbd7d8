import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * A response body already serialized to JSON and checked against its route's contract when it
 * was written to the cache. The response-contract interceptor sends these bytes as they are: a
 * cache hit is neither parsed, re-validated nor re-serialized (zod and
 * JSON.stringify of a 50-row list were most of a cached request's CPU).
 */
export class CheckedJson {
  /** UTF-8 JSON: a Buffer when read from the cache (sent as it is), a string when just loaded */
  constructor(readonly json: string | Buffer) {}
}

/**
 * Cache entries come in two forms: plain JSON (written by `getOrLoad`, never checked) and
 * `c:{tag}:{json}`, written by `getOrLoadChecked` once the value passed the contract whose
 * fingerprint is `tag`. A plain JSON text never starts with `c`, so the forms cannot be confused.
 * An entry checked against another contract (an older build) is read as unchecked: parsed and
 * validated again, never trusted.
 */
const CHECKED = 'c:';
const tags = new WeakMap<z.ZodType, string>();

/** The contract's fingerprint: its JSON Schema hashed (computed once per schema object). */
export function contractTag(schema: z.ZodType): string {
  let tag = tags.get(schema);
  if (!tag) {
    const doc = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' }));
    tag = createHash('sha256').update(doc).digest('hex').slice(0, 12);
    tags.set(schema, tag);
  }
  return tag;
}

export const checkedEntry = (tag: string, json: string) => `${CHECKED}${tag}:${json}`;

/** The JSON of an entry checked against the contract `tag` (a slice of `raw`, no copy), or null (unchecked, or another contract). */
export function checkedBody(raw: Buffer, tag: string): Buffer | null {
  const head = `${CHECKED}${tag}:`; // ASCII: one byte per character
  if (raw.length < head.length) return null;
  for (let i = 0; i < head.length; i++) if (raw[i] !== head.charCodeAt(i)) return null;
  return raw.subarray(head.length);
}

/** The JSON text of any entry, checked or not. */
export function entryJson(raw: string): string {
  if (!raw.startsWith(CHECKED)) return raw;
  const colon = raw.indexOf(':', CHECKED.length);
  return colon < 0 ? raw : raw.slice(colon + 1);
}
