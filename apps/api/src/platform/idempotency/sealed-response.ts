import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Stored responses can carry secrets shown once (a new API key, a one-time password).
 * They are sealed with AES-256-GCM under a key derived from the client's raw
 * Idempotency-Key, and the table stores only a hash of that key: the database alone
 * cannot reveal a stored response; the client that holds the key can replay it.
 */
export function hashIdempotencyKey(scope: string, rawKey: string): string {
  return createHash('sha256').update(`${scope}\n${rawKey}`).digest('hex');
}

function derive(scope: string, rawKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', rawKey, scope, 'amms-idempotency-response-v1', 32));
}

/** v1: the JSON sealed as it is; v2: the JSON deflated (raw), then sealed. */
export interface Sealed {
  v: 1 | 2;
  iv: string;
  tag: string;
  ct: string;
}

/**
 * Answers from this size on are deflated before sealing: a 1,000-row batch answer (~100 KB of
 * repetitive JSON) shrinks ~10×, and so do its write, WAL and TOAST in the idempotency table.
 * Small answers (where the secrets shown once live) stay as they are: their length reveals nothing
 * about their content.
 */
export const DEFLATE_FROM_BYTES = 16 * 1024;
// v2's version is authenticated with the ciphertext (v1's never was: it had no other reading)
const V2_AAD = Buffer.from('amms-idempotency-response-v2');

export function seal(scope: string, rawKey: string, value: unknown): Sealed {
  const json = Buffer.from(JSON.stringify(value ?? null), 'utf8');
  const deflate = json.length >= DEFLATE_FROM_BYTES;
  const plain = deflate ? deflateRawSync(json, { level: 1 }) : json;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(scope, rawKey), iv);
  if (deflate) cipher.setAAD(V2_AAD);
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return {
    v: deflate ? 2 : 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ct: ct.toString('base64'),
  };
}

export function unseal(scope: string, rawKey: string, sealed: Sealed): unknown {
  const decipher = createDecipheriv('aes-256-gcm', derive(scope, rawKey), Buffer.from(sealed.iv, 'base64'));
  if (sealed.v === 2) decipher.setAAD(V2_AAD);
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const pt = Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]);
  return JSON.parse((sealed.v === 2 ? inflateRawSync(pt) : pt).toString('utf8'));
}
