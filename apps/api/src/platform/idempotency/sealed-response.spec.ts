import { describe, expect, it } from 'vitest';
import { hashIdempotencyKey, seal, unseal } from './sealed-response.js';

describe('sealed idempotency responses', () => {
  const value = { apiKey: { id: 'x' }, key: 'amms_abc_secret' };

  it('round-trips with the same scope and key', () => {
    expect(unseal('org:u', 'k1', seal('org:u', 'k1', value))).toEqual(value);
  });

  it('does not contain the plaintext', () => {
    expect(JSON.stringify(seal('org:u', 'k1', value))).not.toContain('secret');
  });

  it('cannot be opened with another key or scope, or after tampering', () => {
    const s = seal('org:u', 'k1', value);
    expect(() => unseal('org:u', 'k2', s)).toThrow();
    expect(() => unseal('org:v', 'k1', s)).toThrow();
    const ct = Buffer.from(s.ct, 'base64');
    ct[0] = ct[0]! ^ 1;
    expect(() => unseal('org:u', 'k1', { ...s, ct: ct.toString('base64') })).toThrow();
  });

  it('hashes keys per scope', () => {
    expect(hashIdempotencyKey('a', 'k')).not.toBe(hashIdempotencyKey('b', 'k'));
    expect(hashIdempotencyKey('a', 'k')).toMatch(/^[0-9a-f]{64}$/);
  });
});
