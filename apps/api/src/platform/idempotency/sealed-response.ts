import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

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

export interface Sealed {
  v: 1;
  iv: string;
  tag: string;
  ct: string;
}

export function seal(scope: string, rawKey: string, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(scope, rawKey), iv);
  const ct = Buffer.concat([cipher.update(JSON.stringify(value ?? null), 'utf8'), cipher.final()]);
  return { v: 1, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), ct: ct.toString('base64') };
}

export function unseal(scope: string, rawKey: string, sealed: Sealed): unknown {
  const decipher = createDecipheriv('aes-256-gcm', derive(scope, rawKey), Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const pt = Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64')), decipher.final()]);
  return JSON.parse(pt.toString('utf8'));
}
