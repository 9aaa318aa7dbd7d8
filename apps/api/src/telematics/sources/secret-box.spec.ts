import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseKey, SecretBox } from './secret-box.js';

const k1 = randomBytes(32).toString('hex');
const k2 = randomBytes(32).toString('base64');

describe('SecretBox', () => {
  it('seals so that the secret is not in the sealed text, and opens it again', () => {
    const box = new SecretBox(k1);
    const sealed = box.seal('hunter2-client-secret', 'org:src');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'org:src')).toBe('hunter2-client-secret');
    // a fresh IV each time
    expect(box.seal('hunter2-client-secret', 'org:src')).not.toBe(sealed);
  });

  it("refuses another row's additional data, a tampered ciphertext and an unknown key", () => {
    const box = new SecretBox(k1);
    const sealed = box.seal('s3cret', 'org:a');
    expect(() => box.open(sealed, 'org:b')).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('x' + Buffer.from(parts[4]!, 'base64url').toString('latin1'), 'latin1').toString(
      'base64url',
    );
    expect(() => box.open(parts.join('.'), 'org:a')).toThrow();
    expect(() => new SecretBox(k2).open(sealed, 'org:a')).toThrow(/not configured/);
  });

  it('a rotated key still opens what the previous key sealed; new seals use the current key', () => {
    const old = new SecretBox(k1);
    const sealed = old.seal('pw', 'aad');
    const rotated = new SecretBox(k2, k1);
    expect(rotated.open(sealed, 'aad')).toBe('pw');
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal('pw', 'aad'))).toBe(true);
  });

  it('keys are 32 bytes, hex or base64', () => {
    expect(parseKey(k1)).toHaveLength(32);
    expect(parseKey(k2)).toHaveLength(32);
    expect(() => parseKey('short')).toThrow(/32 bytes/);
  });
});
