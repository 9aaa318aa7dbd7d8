import { describe, expect, it } from 'vitest';
import { generateOneTimePassword, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts: the same password hashes differently each time, and both verify', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('normalizes unicode (NFKC) so the same visible password verifies', async () => {
    const stored = await hashPassword('caf\u00e9');
    expect(await verifyPassword('cafe\u0301', stored)).toBe(true);
  });

  it('a tampered derived key does not verify', async () => {
    const stored = await hashPassword('pw');
    const parts = stored.split('$');
    const key = Buffer.from(parts[5]!, 'base64url');
    key[0] = key[0]! ^ 0xff;
    parts[5] = key.toString('base64url');
    expect(await verifyPassword('pw', parts.join('$'))).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['not scrypt', 'bcrypt$2b$10$abc'],
    ['too few parts', 'scrypt$32768$8$1$c2FsdA'],
    ['too many parts', 'scrypt$32768$8$1$c2FsdA$a2V5$extra'],
    ['wrong algorithm tag', 'argon2$32768$8$1$c2FsdA$a2V5'],
  ])('a malformed stored hash (%s) is false, not a throw', async (_name, stored) => {
    await expect(verifyPassword('pw', stored)).resolves.toBe(false);
  });

  it.each([
    ['non-numeric cost', 'scrypt$abc$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U'],
    ['cost not a power of two', 'scrypt$1000$8$1$c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U'],
    ['empty key', 'scrypt$32768$8$1$c2FsdA$'],
  ])('a stored hash with bad parameters (%s) is false, not a throw', async (_name, stored) => {
    await expect(verifyPassword('pw', stored)).resolves.toBe(false);
  });

  it('one-time passwords are 16 chars of the unambiguous alphabet and differ', () => {
    const a = generateOneTimePassword();
    const b = generateOneTimePassword();
    expect(a).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{16}$/);
    expect(a).not.toBe(b);
  });
});
