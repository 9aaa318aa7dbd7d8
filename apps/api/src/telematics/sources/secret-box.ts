import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a telematics source's secret (a password or an OAuth2 client secret) with AES-256-GCM:
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). The key id (8 hex digits of the key's
 * SHA-256) tells which key sealed it, so a rotated key (TELEMATICS_SECRET_KEY_PREVIOUS) still
 * opens the old rows; the next write seals with the current key. The org and source ids are the
 * additional data: a sealed secret copied onto another source's row does not open.
 */
export class SecretBox {
  private readonly keys: { id: string; key: Buffer }[];

  constructor(current: string, previous: string | null = null) {
    this.keys = [current, ...(previous ? [previous] : [])].map((k) => {
      const key = parseKey(k);
      return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
    });
  }

  seal(plain: string, aad: string): string {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      id,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ct.toString('base64url'),
    ].join('.');
  }

  /** The secret, or throws when no configured key sealed it or the row was tampered with. */
  open(sealed: string, aad: string): string {
    const [v, id, iv, tag, ct] = sealed.split('.');
    if (v !== 'v1' || !id || !iv || !tag || ct === undefined) throw new Error('not a sealed secret');
    const k = this.keys.find((x) => x.id === id);
    if (!k) throw new Error('the secret was sealed with a key that is not configured (TELEMATICS_SECRET_KEY)');
    const decipher = createDecipheriv('aes-256-gcm', k.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** true when the current key sealed it (else the next write re-seals) */
  isCurrent(sealed: string): boolean {
    return sealed.split('.')[1] === this.keys[0]!.id;
  }
}

/** 32 bytes: 64 hex digits or base64 / base64url. Anything else is a configuration error. */
export function parseKey(raw: string): Buffer {
  const s = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(s) ? Buffer.from(s, 'hex') : Buffer.from(s, 'base64');
  if (key.length !== 32) throw new Error('TELEMATICS_SECRET_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}
